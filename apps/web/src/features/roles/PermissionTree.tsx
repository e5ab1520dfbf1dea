import { countPages } from '@app/contract/roles';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useInput } from 'react-admin';
import { clearAll, PERMISSION_TREE, selectAll, togglePermission } from './permission-tree';

/**
 * The role's permissions as a checkbox tree of the menu (contract MENU): groups (whose box shows the
 * group in the sidebar) and their pages. Boxes the editor may not change are disabled.
 */
export function PermissionTree({ canChange }: { canChange: (id: string) => boolean }) {
  const { field, fieldState } = useInput<string[]>({ source: 'permissions', defaultValue: [] });
  const value: string[] = Array.isArray(field.value) ? field.value : [];
  const held = new Set(value);
  const set = (next: string[]) => field.onChange(next);

  const box = (id: string, label: string, ariaLabel: string, indeterminate = false) => (
    <Checkbox
      checked={held.has(id)}
      indeterminate={indeterminate}
      disabled={!canChange(id)}
      onChange={(e) => set(togglePermission(value, id, e.target.checked, canChange))}
      slotProps={{ input: { 'aria-label': ariaLabel } }}
      size="small"
      name={label}
    />
  );

  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ width: '100%' }}>
      <FormLabel component="legend">Pages this role may open</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 1 }}>
        <Button size="small" onClick={() => set(selectAll(value, canChange))}>
          Select all
        </Button>
        <Button size="small" onClick={() => set(clearAll(value, canChange))}>
          Clear
        </Button>
        <Typography variant="body2" color="text.secondary">
          {countPages(value)} pages selected
        </Typography>
      </Stack>
      <Box sx={{ columnCount: { xs: 1, md: 2, lg: 3 }, columnGap: 3 }}>
        {PERMISSION_TREE.map((node) => (
          <Box key={node.id} sx={{ breakInside: 'avoid', mb: node.children.length ? 1 : 0 }}>
            <FormControlLabel
              control={box(
                node.id,
                node.label,
                node.children.length ? `Group: ${node.label}` : node.label,
                node.children.length > 0 && !held.has(node.id) && node.children.some((c) => held.has(c.id)),
              )}
              label={node.children.length ? <strong>{node.label}</strong> : node.label}
            />
            {node.children.map((child) => (
              <FormControlLabel
                key={child.id}
                sx={{ display: 'flex', ml: 3 }}
                control={box(child.id, child.label, child.label)}
                label={child.label}
              />
            ))}
          </Box>
        ))}
      </Box>
      <FormHelperText>
        {fieldState.error?.message ??
          'A page shows in the sidebar only with its group ticked; without it, it opens only by link.'}
      </FormHelperText>
    </FormControl>
  );
}
