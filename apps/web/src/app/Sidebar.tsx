import { visibleMenu } from '@app/contract/permissions';
import { Box, List } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { activePage } from './active-page';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT } from './layout-sizes';
import { useProfile } from './profile-context';
import { SidebarGroup } from './SidebarGroup';
import { SidebarLink } from './SidebarLink';

/**
 * The sidebar: the contract menu filtered by the role's permissions (from the database, so custom
 * roles work), in the spec's order. The item of the current path is highlighted and its group
 * starts expanded; other groups start collapsed.
 */
export function Sidebar() {
  const { permissions } = useProfile();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(permissions), [permissions]);
  const activePath = activePage(pathname)?.path;
  const activeGroup = entries.find(
    (entry) => entry.kind === 'group' && entry.group.items.some((i) => i.path === activePath),
  );
  const activeGroupId = activeGroup?.kind === 'group' ? activeGroup.group.id : undefined;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set(activeGroupId ? [activeGroupId] : []),
  );

  // Navigating into a collapsed group (by URL or a link in a page) opens it.
  useEffect(() => {
    if (activeGroupId)
      setExpanded((open) => (open.has(activeGroupId) ? open : new Set([...open, activeGroupId])));
  }, [activeGroupId]);

  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box
      component="nav"
      aria-label="Sidebar"
      sx={{
        position: 'fixed',
        top: TOP_BAR_HEIGHT,
        bottom: 0,
        left: 0,
        width: SIDEBAR_WIDTH,
        boxSizing: 'border-box',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        zIndex: (t) => t.zIndex.drawer,
      }}
    >
      <List disablePadding>
        {entries.map((entry) =>
          entry.kind === 'item' ? (
            <SidebarLink key={entry.item.path} item={entry.item} active={entry.item.path === activePath} />
          ) : (
            <SidebarGroup
              key={entry.group.id}
              group={entry.group}
              expanded={expanded.has(entry.group.id)}
              onToggle={() => toggle(entry.group.id)}
              activePath={activePath}
            />
          ),
        )}
      </List>
    </Box>
  );
}
