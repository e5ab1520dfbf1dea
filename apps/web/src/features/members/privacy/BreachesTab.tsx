import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatDateTime } from '@app/contract/format';
import {
  BREACH_DATA_KINDS,
  BREACH_DATA_LABELS,
  type BreachBody,
  type BreachRow,
  privacyEndpoints,
} from '@app/contract/privacy';
import { Button, Stack } from '@mui/material';
import { FunctionField, TextField } from 'react-admin';
import { call, callBlob } from '../../../app/api';
import { saveBlob } from '../../../components/download';
import { DateTimeField } from '../../../components/fields';
import { ListPage } from '../../../components/list/ListPage';
import { useRowAction } from '../../../components/use-row-action';
import { BREACHES_RESOURCE } from '../member-paths';

/** "2026-11-28 14:30" typed in IST, as an instant. */
const istInstant = (text: unknown) => {
  const t = String(text ?? '')
    .trim()
    .replace(' ', 'T');
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(t) ? `${t}:00+05:30` : t;
};
const WHEN = 'IST, YYYY-MM-DD HH:MM';

/**
 * The breach register (DPDP Rules, rule 7): record a breach, see how many members its query found,
 * tell them in their language, and download the report to the Data Protection Board.
 */
export function BreachesTab() {
  const record = useRowAction({
    action: actionOf(privacyEndpoints.recordBreach),
    title: 'Record a personal data breach',
    text: 'The members affected are found from the window, the kinds of data and the states (none: all states). They are told only when you choose Tell members.',
    verb: 'Record breach',
    fields: [
      { name: 'title', label: 'Title', required: true },
      { name: 'description', label: 'What happened', multiline: true, required: true },
      { name: 'occurredFrom', label: `Started (${WHEN})`, required: true },
      { name: 'occurredTo', label: `Ended (${WHEN})`, required: true },
      { name: 'detectedAt', label: `Found (${WHEN})`, required: true },
      ...BREACH_DATA_KINDS.map((kind) => ({
        name: `kind.${kind}`,
        label: BREACH_DATA_LABELS[kind],
        type: 'switch' as const,
      })),
      { name: 'states', label: 'States (comma-separated; empty: all)' },
      { name: 'measures', label: 'What was done to contain it', multiline: true, required: true },
    ],
    validate: (v) =>
      BREACH_DATA_KINDS.some((k) => v[`kind.${k}`])
        ? null
        : { [`kind.${BREACH_DATA_KINDS[0]}`]: 'Choose at least one kind of data' },
    run: (v) =>
      call(privacyEndpoints.recordBreach, {
        body: {
          title: String(v.title ?? ''),
          description: String(v.description ?? ''),
          occurredFrom: istInstant(v.occurredFrom),
          occurredTo: istInstant(v.occurredTo),
          detectedAt: istInstant(v.detectedAt),
          dataKinds: BREACH_DATA_KINDS.filter((k) => v[`kind.${k}`]),
          states: String(v.states ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          measures: String(v.measures ?? ''),
        } satisfies BreachBody,
      }),
    done: (row) => `Breach recorded: ${formatCount(row.affected ?? 0)} members affected`,
  });
  return (
    <>
      {record.allowed && (
        <Button variant="contained" onClick={record.open} sx={{ mb: 1 }}>
          Record a breach
        </Button>
      )}
      {record.dialog}
      <ListPage
        title={false}
        resource={BREACHES_RESOURCE}
        exportName="breaches"
        sort={{ field: 'id', order: 'DESC' }}
        empty="No breaches recorded."
        compact={{
          primary: (r) => String(r.title),
          secondary: (r) =>
            `${formatCount(r.affected ?? 0)} members · detected ${formatDateTime(r.detectedAt)}`,
          tertiary: (r) => (r.notifiedAt ? `told ${formatDateTime(r.notifiedAt)}` : 'members not told yet'),
        }}
        rowActions={(r) => <Actions record={r as unknown as BreachRow} />}
        columns={[
          <TextField key="title" source="title" sortable={false} />,
          <DateTimeField key="detected" source="detectedAt" label="Detected" sortable={false} />,
          <FunctionField
            key="affected"
            label="Members"
            render={(r: BreachRow) => formatCount(r.affected ?? 0)}
          />,
          <TextField key="by" source="recordedByName" label="Recorded by" sortable={false} />,
          <DateTimeField
            key="told"
            source="notifiedAt"
            label="Members told"
            sortable={false}
            emptyText="—"
          />,
        ]}
      />
    </>
  );
}

function Actions({ record }: { record: BreachRow }) {
  const notify = useRowAction({
    action: actionOf(privacyEndpoints.notifyBreach),
    title: `Tell the ${formatCount(record.affected ?? 0)} members affected`,
    text: 'Each member gets a message in his language (SMS, and WhatsApp or the app where he uses them). This is done once.',
    verb: 'Tell members',
    run: () => call(privacyEndpoints.notifyBreach, { params: { id: record.id } }),
    done: () => 'The affected members are being told',
  });
  const report = async () =>
    saveBlob(
      await callBlob(privacyEndpoints.breachReport, { params: { id: record.id } }),
      `breach-B${record.id}-board-report.pdf`,
    );
  return (
    <Stack direction="row" spacing={1}>
      {notify.allowed && (
        <Button size="small" onClick={() => void report()}>
          Board report
        </Button>
      )}
      {notify.allowed && !record.notifiedAt && (
        <Button size="small" variant="contained" onClick={notify.open}>
          Tell members
        </Button>
      )}
      {notify.dialog}
    </Stack>
  );
}
