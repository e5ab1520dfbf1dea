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
import {
  accessOfPage,
  clearAll,
  type PageNode,
  PERMISSION_TREE,
  selectAll,
  togglePermission,
} from './permission-tree';

/**
 * The role's permissions as a checkbox tree of the menu (contract MENU): groups (whose box shows the
 * group in the sidebar), their pages, and under each page the actions it offers. A page ticked
 * without its actions is "view only". Boxes the editor may not change are disabled.
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

  const actionsOf = (page: PageNode, indent: number) => {
    if (page.actions.length === 0) return null;
    const state = accessOfPage(held, page);
    return (
      <Box sx={{ ml: indent, mb: 0.5 }}>
        {state !== 'none' && (
          <Typography variant="caption" color="text.secondary" aria-label={`${page.label} access`}>
            {state === 'view only' ? 'View only' : 'Can act'}
          </Typography>
        )}
        {page.actions.map((a) => (
          <FormControlLabel
            key={a.id}
            sx={{ display: 'flex' }}
            control={box(a.id, a.label, `${page.label}: ${a.label}`)}
            label={<Typography variant="body2">{a.label}</Typography>}
          />
        ))}
      </Box>
    );
  };

  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ width: '100%' }}>
      <FormLabel component="legend">Pages this role may open, and what it may do there</FormLabel>
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
            {actionsOf(node, 4)}
            {node.children.map((child) => (
              <Box key={child.id}>
                <FormControlLabel
                  sx={{ display: 'flex', ml: 3 }}
                  control={box(child.id, child.label, child.label)}
                  label={child.label}
                />
                {actionsOf(child, 7)}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
      <FormHelperText>
        {fieldState.error?.message ??
          'A page shows in the sidebar only with its group ticked; without it, it opens only by link. A page without its actions is view only.'}
      </FormHelperText>
    </FormControl>
  );
}
