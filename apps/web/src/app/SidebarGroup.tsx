import type { VisibleGroup } from '@app/contract/permissions';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemText } from '@mui/material';
import { SidebarLink } from './SidebarLink';

interface Props {
  group: VisibleGroup;
  expanded: boolean;
  onToggle(): void;
  activePath: string | undefined;
}

/** A sidebar dropdown: a button with the group's label that shows or hides its links. */
export function SidebarGroup({ group, expanded, onToggle, activePath }: Props) {
  const listId = `sidebar-${group.id.replace(/[^\w-]/g, '-')}`;
  const containsActive = group.items.some((item) => item.path === activePath);
  return (
    <li>
      <ListItemButton
        component="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onToggle}
        sx={{ width: '100%' }}
      >
        <ListItemText
          primary={group.label}
          slotProps={{ primary: { sx: { fontWeight: containsActive ? 600 : 400 } } }}
        />
        {expanded ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={expanded} timeout="auto">
        <List id={listId} disablePadding>
          {group.items.map((item) => (
            <SidebarLink key={item.path} item={item} active={item.path === activePath} nested />
          ))}
        </List>
      </Collapse>
    </li>
  );
}
