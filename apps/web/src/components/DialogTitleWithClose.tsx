import CloseIcon from '@mui/icons-material/Close';
import { DialogTitle, IconButton } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A dialog's title with a close × at its end (a button named "Close"): the same as Cancel or Escape,
 * for people who look for it there. Disabled while the dialog is busy, as Cancel is.
 */
export function DialogTitleWithClose({
  children,
  onClose,
  disabled,
}: {
  children: ReactNode;
  onClose: () => void;
  disabled?: boolean;
}) {
  return (
    <DialogTitle sx={{ pr: 6 }}>
      {children}
      <IconButton
        aria-label="Close"
        onClick={onClose}
        disabled={disabled}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
