import { Box, Chip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { accessOfPage, type PageNode, PERMISSION_TREE } from './permission-tree';

/**
 * A role's pages in menu order, grouped as in the sidebar; a page whose group is not held is marked,
 * and so is a page held without its actions (view only).
 */
export function HeldPermissions(_props: { label?: string }) {
  const record = useRecordContext();
  const held = new Set<string>(record?.permissions ?? []);
  const viewOnly = (page: PageNode) =>
    accessOfPage(held, page) === 'view only' && <Chip size="small" label="view only" sx={{ ml: 1 }} />;
  const nodes = PERMISSION_TREE.filter((n) => held.has(n.id) || n.children.some((c) => held.has(c.id)));
  if (nodes.length === 0) return <Typography>No pages.</Typography>;
  return (
    <Box
      component="ul"
      aria-label="Pages"
      sx={{ m: 0, pl: 2, typography: 'body2', columnCount: { md: 2, xl: 3 } }}
    >
      {nodes.map((node) =>
        node.children.length === 0 ? (
          <li key={node.id}>
            {node.label}
            {viewOnly(node)}
          </li>
        ) : (
          <li key={node.id} style={{ breakInside: 'avoid' }}>
            <strong>{node.label}</strong>
            {!held.has(node.id) && (
              <Chip size="small" label="group not held: not in the sidebar" sx={{ ml: 1 }} />
            )}
            <ul>
              {node.children
                .filter((c) => held.has(c.id))
                .map((c) => (
                  <li key={c.id}>
                    {c.label}
                    {viewOnly(c)}
                  </li>
                ))}
            </ul>
          </li>
        ),
      )}
    </Box>
  );
}
