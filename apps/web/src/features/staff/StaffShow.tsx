import EditIcon from '@mui/icons-material/Edit';
import ListIcon from '@mui/icons-material/List';
import { Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Button, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { AuditHistory } from '../../components/audit/AuditHistory';
import { DateTimeField } from '../../components/fields';
import { ActiveToggleButton } from './ActiveToggleButton';
import { GeneratedPasswordNotice } from './GeneratedPasswordNotice';
import { ResetPasswordButton } from './ResetPasswordButton';
import { ResetSecondFactorButton } from './ResetSecondFactorButton';
import { StaffStatus } from './StaffStatus';
import { STAFF_RESOURCE, staffPaths } from './staff-paths';

/** One account: details, its history, and the actions on it. */
export function StaffShow() {
  const { id = '' } = useParams();
  const [generated, setGenerated] = useGeneratedPasswordOnce();
  return (
    <>
      {generated && (
        <GeneratedPasswordNotice password={generated} onDismiss={() => setGenerated(undefined)} />
      )}
      <Show resource={STAFF_RESOURCE} id={id} title={false} actions={<Actions onGenerated={setGenerated} />}>
        <Heading />
        <TabbedShowLayout syncWithLocation={false}>
          <TabbedShowLayout.Tab label="Details">
            <TextField source="name" />
            <TextField source="email" />
            <TextField source="mobile" emptyText="—" />
            <TextField source="roleName" label="Role" />
            <StaffStatus label="Status" />
            <DateTimeField source="lastSignInAt" label="Last sign-in" emptyText="Never" />
            <DateTimeField source="createdAt" label="Created" />
          </TabbedShowLayout.Tab>
          <TabbedShowLayout.Tab label="History">
            <AuditHistory entity="staff" entityId={id} />
          </TabbedShowLayout.Tab>
        </TabbedShowLayout>
      </Show>
    </>
  );
}

function Heading() {
  const record = useRecordContext();
  return (
    <Typography variant="h5" component="h1" sx={{ px: 2, pt: 2 }}>
      {record?.name ?? 'Staff account'}
    </Typography>
  );
}

function Actions({ onGenerated }: { onGenerated: (password: string) => void }) {
  const record = useRecordContext();
  return (
    <TopToolbar>
      <Button label="All accounts" component={Link} to={staffPaths.list}>
        <ListIcon />
      </Button>
      {record && (
        <Button label="Edit" component={Link} to={staffPaths.edit(record.id)}>
          <EditIcon />
        </Button>
      )}
      <ResetPasswordButton onGenerated={onGenerated} />
      <ResetSecondFactorButton />
      <ActiveToggleButton />
    </TopToolbar>
  );
}

/**
 * A password generated at creation arrives in history state. It is taken into component state and
 * the state is cleared, so a reload or going back does not show it again.
 */
function useGeneratedPasswordOnce() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromCreate = (location.state as { generatedPassword?: string } | null)?.generatedPassword;
  const [password, setPassword] = useState<string | undefined>(fromCreate);
  useEffect(() => {
    if (fromCreate) navigate(location.pathname, { replace: true, state: null });
  }, [fromCreate, location.pathname, navigate]);
  return [password, setPassword] as const;
}
