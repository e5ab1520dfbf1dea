import { Alert, AlertTitle, Box, Button } from '@mui/material';

/** A generated password, shown once: the server never returns it again. */
export function GeneratedPasswordNotice({
  password,
  onDismiss,
}: {
  password: string;
  onDismiss: () => void;
}) {
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onDismiss}>
          Done
        </Button>
      }
    >
      <AlertTitle>Generated password — shown only once</AlertTitle>
      Give it to the account holder now:{' '}
      <Box component="code" data-testid="generated-password" sx={{ fontSize: '1.1em', fontWeight: 'bold' }}>
        {password}
      </Box>
      <Button size="small" sx={{ ml: 1 }} onClick={() => navigator.clipboard?.writeText(password)}>
        Copy
      </Button>
    </Alert>
  );
}
