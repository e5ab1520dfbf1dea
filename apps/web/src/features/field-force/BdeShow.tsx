import { BDE_ENTITY, type BdeMemberRow, bdesEndpoints } from '@app/contract/employees';
import { formatDateTime } from '@app/contract/format';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { Button as RaButton, TextField } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { RecordHistory } from '../../components/audit/RecordHistory';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useEndpoint } from '../../components/use-api-get';
import { BdeFieldAccessButton, BdePasswordButton, BdeTerritoryButton } from './BdeActions';
import { TargetProgress } from './BdeList';
import { AssignMembersButton, MoveMembersButton } from './BdeMembersActions';
import { BDE_MEMBERS_RESOURCE, bdePaths } from './field-paths';
import { territoryText } from './territory';

/** One BDE: territory, target and achievement, field-app access and password, assigned members. */
export function BdeShow() {
  const { id = '' } = useParams();
  const { data: bde, error, reload } = useEndpoint(bdesEndpoints.one, { params: { id } });
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!bde) return null;
  return (
    <>
      <RaButton label="All BDEs" component={Link} to={bdePaths.list}>
        <ArrowBackIcon />
      </RaButton>
      <Typography variant="h5" component="h1">
        {bde.name} ({bde.code})
      </Typography>
      <Card variant="outlined" sx={{ my: 2 }}>
        <CardContent>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
            }}
          >
            <Fact label="Mobile (field-app sign-in)" value={bde.mobile} />
            <Fact label="Territory" value={territoryText(bde)} />
            <Box>
              <Typography variant="body2" color="text.secondary">
                Onboarded this month
              </Typography>
              <TargetProgress record={bde} />
            </Box>
            <Fact label="Assigned members" value={String(bde.assignedMembers)} />
            <Fact
              label="Field app"
              value={
                bde.employeeStatus !== 'active'
                  ? 'Off (employee inactive)'
                  : bde.active
                    ? 'Active'
                    : 'Turned off'
              }
            />
            <Fact label="Password set" value={bde.passwordSetAt ? formatDateTime(bde.passwordSetAt) : '—'} />
          </Box>
          <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            <BdeTerritoryButton bde={bde} onDone={reload} />
            <BdePasswordButton bde={bde} onDone={reload} />
            <BdeFieldAccessButton bde={bde} onDone={reload} />
          </Stack>
        </CardContent>
      </Card>
      <Typography variant="h6" component="h2">
        Assigned members
      </Typography>
      <ListPage<BdeMemberRow>
        title={false}
        resource={BDE_MEMBERS_RESOURCE}
        storeKey={`bde-members-${bde.id}`}
        disableSyncWithLocation
        filter={{ bdeId: bde.id }}
        exportName={`bde-${bde.code}-members`}
        sort={{ field: 'name', order: 'ASC' }}
        empty="No members assigned yet. Assign members, or they arrive as the BDE onboards them."
        actions={
          <>
            <AssignMembersButton bde={bde} onDone={reload} />
            <MoveMembersButton bde={bde} onDone={reload} />
          </>
        }
        bulkActions={<MoveMembersButton bde={bde} onDone={reload} selected />}
        compact={{
          primary: (r) => `${r.code} · ${r.name}`,
          secondary: (r) => `${r.type} · ${r.district}, ${r.state} ${r.pincode}`,
          tertiary: (r) => `${r.status} · ${r.mobile}`,
        }}
        columns={[
          <TextField key="code" source="code" sortable={false} />,
          <TextField key="name" source="name" />,
          <TextField key="mobile" source="mobile" sortable={false} />,
          <TextField key="type" source="type" sortable={false} />,
          <TextField key="district" source="district" sortable={false} />,
          <TextField key="state" source="state" sortable={false} />,
          <TextField key="status" source="status" sortable={false} />,
          <DateTimeField key="created" source="createdAt" label="Registered" />,
        ]}
      />
      <RecordHistory entity={BDE_ENTITY} id={bde.id} history={bdesEndpoints.history} />
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}
