import {
  APP_PLATFORMS,
  APP_VERSION_MESSAGES,
  type AppPlatform,
  type AppVersionRow,
  appVersionsEndpoints,
  SEMVER_PATTERN,
} from '@app/contract/app-versions';
import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { BooleanField, TextField as RaTextField, SelectInput, useNotify, useRefresh } from 'react-admin';
import { ApiError, call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DateTimeField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useEndpoint } from '../../components/use-api-get';

const PLATFORM_LABEL: Record<AppPlatform, string> = { android: 'Android', ios: 'iOS' };

function PlatformCard({
  platform,
  current,
  onSaved,
}: {
  platform: AppPlatform;
  current: AppVersionRow | null;
  onSaved: () => void;
}) {
  const { can } = useProfile();
  const notify = useNotify();
  const [v, setV] = useState({
    latest: current?.latest ?? '',
    minimum: current?.minimum ?? '',
    force: current?.force ?? false,
    notes: current?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editable = can('app-versions.update');

  const save = async () => {
    const local: Record<string, string> = {};
    for (const key of ['latest', 'minimum'] as const)
      if (!SEMVER_PATTERN.test(v[key].trim())) local[key] = APP_VERSION_MESSAGES.version;
    setErrors(local);
    setProblem(null);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      await call(appVersionsEndpoints.set, {
        params: { platform },
        body: { ...v, latest: v.latest.trim(), minimum: v.minimum.trim() },
      });
      notify(`${PLATFORM_LABEL[platform]} versions saved`, { type: 'success' });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setErrors(e.fields);
      setProblem(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ flex: 1, minWidth: 0 }} component="section" aria-label={PLATFORM_LABEL[platform]}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2">
            {PLATFORM_LABEL[platform]}
          </Typography>
          {current?.force && <Chip size="small" color="warning" label="Force update on" />}
        </Stack>
        {current ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Now: latest {current.latest}, minimum {current.minimum} · changed{' '}
            {formatDateTime(current.createdAt)}
            {current.createdByName ? ` by ${current.createdByName}` : ''}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Not set yet: the app cannot ask whether it must update.
          </Typography>
        )}
        <Stack spacing={2}>
          <TextField
            label="Latest version"
            value={v.latest}
            disabled={!editable}
            onChange={(e) => setV({ ...v, latest: e.target.value })}
            error={Boolean(errors.latest)}
            helperText={errors.latest ?? 'e.g. 2.4.1'}
          />
          <TextField
            label="Minimum supported version"
            value={v.minimum}
            disabled={!editable}
            onChange={(e) => setV({ ...v, minimum: e.target.value })}
            error={Boolean(errors.minimum)}
            helperText={errors.minimum ?? 'Older apps must update'}
          />
          <FormControlLabel
            control={
              <Switch
                checked={v.force}
                disabled={!editable}
                onChange={(e) => setV({ ...v, force: e.target.checked })}
              />
            }
            label="Force everyone below the latest version to update"
          />
          <TextField
            label="Notes (shown in the app)"
            value={v.notes}
            disabled={!editable}
            multiline
            minRows={2}
            onChange={(e) => setV({ ...v, notes: e.target.value })}
            error={Boolean(errors.notes)}
            helperText={errors.notes}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </CardContent>
      {editable && (
        <CardActions>
          <Button variant="contained" disabled={busy} onClick={save}>
            Save {PLATFORM_LABEL[platform]}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** Update Version: each platform's latest and minimum versions and force flag, with their history. */
export default function UpdateVersionPage() {
  const refresh = useRefresh();
  const current = useEndpoint(appVersionsEndpoints.current);
  const saved = () => {
    current.reload();
    refresh();
  };
  // A new setting remounts the cards, so their fields start from what is now saved.
  const round = current.data ? `${current.data.android?.id}-${current.data.ios?.id}` : '';
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Update Version
      </Typography>
      {current.error && <Alert severity="error">{current.error}</Alert>}
      {current.data && (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3 }} key={round}>
          {APP_PLATFORMS.map((p) => (
            <PlatformCard key={p} platform={p} current={current.data![p]} onSaved={saved} />
          ))}
        </Stack>
      )}
      <ListPage<AppVersionRow>
        title="History"
        resource={resourceOf(appVersionsEndpoints.history.list)}
        exportName="app-versions"
        filters={[
          <SelectInput
            key="platform"
            source="platform"
            alwaysOn
            choices={APP_PLATFORMS.map((p) => ({ id: p, name: PLATFORM_LABEL[p] }))}
          />,
        ]}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No version has been set yet."
        storeKey="app-versions-history"
        compact={{
          primary: (r) => `${PLATFORM_LABEL[r.platform]} · latest ${r.latest}, minimum ${r.minimum}`,
          secondary: (r) => `${r.force ? 'Forced' : 'Not forced'}${r.notes ? ` · ${r.notes}` : ''}`,
          tertiary: (r) => `${formatDateTime(r.createdAt)}${r.createdByName ? ` · ${r.createdByName}` : ''}`,
        }}
        columns={[
          <RaTextField key="platform" source="platform" sortable={false} />,
          <RaTextField key="latest" source="latest" sortable={false} />,
          <RaTextField key="minimum" source="minimum" label="Minimum" sortable={false} />,
          <BooleanField key="force" source="force" label="Force" sortable={false} />,
          <RaTextField key="notes" source="notes" sortable={false} />,
          <RaTextField key="by" source="createdByName" label="Changed by" sortable={false} />,
          <DateTimeField key="at" source="createdAt" label="Changed" />,
        ]}
      />
    </>
  );
}
