import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import { TitlePortal } from 'react-admin';
import { Link } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { TOP_BAR_HEIGHT } from './layout-sizes';
import { ProfileMenu } from './ProfileMenu';
import { useProfile } from './profile-context';

interface Props {
  sidebarOpen: boolean;
  onToggleSidebar(): void;
}

/** Fixed top bar: sidebar toggle, logo (to /dashboard), page title slot, role name, profile menu. */
export function TopBar({ sidebarOpen, onToggleSidebar }: Props) {
  const { roleName } = useProfile();
  return (
    <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ minHeight: `${TOP_BAR_HEIGHT}px !important`, gap: 1 }}>
        <IconButton
          edge="start"
          aria-label="Toggle sidebar"
          aria-expanded={sidebarOpen}
          onClick={onToggleSidebar}
        >
          <MenuIcon />
        </IconButton>
        <Box component={Link} to="/dashboard" sx={{ display: 'flex', color: 'text.primary', mr: 2 }}>
          <Logo />
        </Box>
        {/* react-admin pages render their <Title> here. Not a heading: it is empty on pages that show
            their own <h1>, and an empty heading is announced as one on every page. */}
        <TitlePortal component="div" />
        <Typography data-testid="role-name" sx={{ fontWeight: 500 }}>
          {roleName}
        </Typography>
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
