import type { MenuItem } from '@app/contract/permissions';
import { ListItemButton, ListItemText } from '@mui/material';
import { Link } from 'react-router-dom';

/** One sidebar link; the active one is highlighted and marked aria-current="page". */
export function SidebarLink({
  item,
  active,
  nested = false,
}: {
  item: MenuItem;
  active: boolean;
  nested?: boolean;
}) {
  return (
    <li>
      <ListItemButton
        component={Link}
        to={item.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        sx={{ pl: nested ? 4 : 2 }}
      >
        <ListItemText
          primary={item.label}
          slotProps={{ primary: { sx: { fontWeight: active ? 600 : 400 } } }}
        />
      </ListItemButton>
    </li>
  );
}
