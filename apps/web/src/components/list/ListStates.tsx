import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/** What an empty list says: a sentence about what would be here, never a bare "No results". */
export function ListEmpty({ text }: { text: string }) {
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  return (
    <Box sx={{ p: 3 }} role="status">
      <Typography color="text.secondary">{filtered ? 'Nothing matches these filters.' : text}</Typography>
    </Box>
  );
}

/**
 * A failed load (server error or no network): says so and offers Retry, instead of pretending there is
 * nothing ("No … found", "no report types"). `subject` names what failed, e.g. "This list".
 */
export function LoadError({
  subject,
  error,
  onRetry,
}: {
  subject: string;
  error?: unknown;
  onRetry: () => unknown;
}) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => onRetry()}>
          Retry
        </Button>
      }
    >
      {offline
        ? `${subject} could not be loaded: there is no network connection.`
        : `${subject} could not be loaded. The server did not answer as expected; try again.`}
      {error instanceof Error && error.message && !offline ? (
        <Typography variant="body2" component="span" sx={{ display: 'block', opacity: 0.8 }}>
          {error.message}
        </Typography>
      ) : null}
    </Alert>
  );
}

/** The error state of a list page (its context's error and refetch). */
export function ListError() {
  const { refetch, error } = useListContext();
  return <LoadError subject="This list" error={error} onRetry={refetch} />;
}
