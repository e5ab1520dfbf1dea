import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';

const COLOURS: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  ready: 'success',
  applied: 'success',
  approved: 'success',
  active: 'success',
  failed: 'error',
  rejected: 'error',
  has_errors: 'error',
  undone: 'default',
  generating: 'info',
  rendering: 'info',
  pending: 'warning',
  partially_applied: 'warning',
  available: 'success',
  issued: 'info',
  expired: 'warning',
  requested: 'warning',
  paid: 'success',
  fulfilled: 'success',
  delivered: 'success',
  dispatched: 'info',
  returned: 'error',
  submitted: 'warning',
  open: 'warning',
  in_progress: 'info',
  resolved: 'success',
  released: 'info',
  completed: 'success',
  processed: 'success',
  reversed: 'error',
};

/** The colour of a status chip, for chips outside a record context. */
export const statusColour = (value: string) => COLOURS[value] ?? 'default';

/** A status as a coloured chip ("has_errors" → "has errors"). */
export function StatusChip({ source = 'status' }: { source?: string; label?: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (!value) return null;
  return (
    <Chip size="small" label={String(value).replace(/_/g, ' ')} color={COLOURS[String(value)] ?? 'default'} />
  );
}
