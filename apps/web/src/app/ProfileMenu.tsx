import AccountCircle from '@mui/icons-material/AccountCircle';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { broadcastLogout } from './logout';
import { UpdatePasswordDialog } from './UpdatePasswordDialog';

/** The profile menu of the top bar: exactly Update Password and Logout (shell spec section 2). */
export function ProfileMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const open = anchor !== null;

  return (
    <>
      <IconButton
        aria-label="Profile menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'profile-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircle />
      </IconButton>
      <Menu id="profile-menu" anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setPasswordOpen(true);
          }}
        >
          Update Password
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            broadcastLogout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
      <UpdatePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
