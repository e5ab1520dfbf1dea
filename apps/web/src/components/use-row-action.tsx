import type { ActionId } from '@app/contract/actions';
import { type ReactNode, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useProfile } from '../app/profile-context';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

export interface RowActionOptions<T> extends Omit<ConfirmDialogProps, 'onSubmit' | 'onClose'> {
  /** The action permission the server checks for this work: without it the trigger is not shown. */
  action: ActionId;
  /** Does the work (the API call) with the dialog's values. */
  run: (values: Record<string, unknown>) => Promise<T>;
  /** The outcome message, from the result (a warning when, say, every row of a bulk action was skipped). */
  done: (result: T) => string | { message: string; type: 'success' | 'warning' };
}

/**
 * The one way a row (or page) action asks for confirmation and runs: `open()` shows the confirm
 * dialog; on success it notifies and refreshes the list. Render `dialog` next to the trigger, and
 * the trigger only when `allowed` (the role holds the action; a view-only role sees no button).
 */
export function useRowAction<T>(options: RowActionOptions<T>): {
  allowed: boolean;
  open: () => void;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const { can } = useProfile();
  const { run, done, action, ...dialog } = options;
  return {
    allowed: can(action),
    open: () => setOpen(true),
    dialog: open ? (
      <ConfirmDialog
        {...dialog}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          const result = await run(values);
          const outcome = done(result);
          if (typeof outcome === 'string') notify(outcome, { type: 'success' });
          else notify(outcome.message, { type: outcome.type });
          refresh();
        }}
      />
    ) : null,
  };
}
