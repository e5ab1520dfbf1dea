import { type ReactNode, useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

export interface RowActionOptions<T> extends Omit<ConfirmDialogProps, 'onSubmit' | 'onClose'> {
  /** Does the work (the API call) with the dialog's values. */
  run: (values: Record<string, unknown>) => Promise<T>;
  /** The outcome message, from the result (a warning when, say, every row of a bulk action was skipped). */
  done: (result: T) => string | { message: string; type: 'success' | 'warning' };
}

/**
 * The one way a row (or page) action asks for confirmation and runs: `open()` shows the confirm
 * dialog; on success it notifies and refreshes the list. Render `dialog` next to the trigger.
 */
export function useRowAction<T>(options: RowActionOptions<T>): { open: () => void; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const { run, done, ...dialog } = options;
  return {
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
