import { Box, useMediaQuery } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Notification } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { SIDEBAR_WIDTH, TOP_BAR_HEIGHT, WIDE_SCREEN_MIN } from './layout-sizes';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The dashboard layout: fixed top bar, collapsible sidebar, the page, react-admin notifications. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(`(min-width:${WIDE_SCREEN_MIN}px)`, { noSsr: true });
  const [sidebarOpen, setSidebarOpen] = useState(wide);
  const { pathname } = useLocation();

  // On a narrow screen the sidebar covers the page, so following one of its links closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger.
  useEffect(() => {
    if (!wide) setSidebarOpen(false);
  }, [pathname, wide]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
      {sidebarOpen && <Sidebar />}
      <Box
        component="main"
        sx={{ pt: `${TOP_BAR_HEIGHT}px`, ml: sidebarOpen && wide ? `${SIDEBAR_WIDTH}px` : 0 }}
      >
        <Box sx={{ p: 3 }}>{children}</Box>
      </Box>
      <Notification />
    </Box>
  );
}
