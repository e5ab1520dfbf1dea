import { actionOf } from '@app/contract/endpoint';
import { formatDateTime } from '@app/contract/format';
import {
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequestRow,
  privacyEndpoints,
} from '@app/contract/privacy';
import { Button, Stack } from '@mui/material';
import { ChipField, SelectInput, TextField } from 'react-admin';
import { call, callBlob } from '../../../app/api';
import { useProfile } from '../../../app/profile-context';
import { saveBlob } from '../../../components/download';
import { DateTimeField } from '../../../components/fields';
import { ListPage } from '../../../components/list/ListPage';
import { useRowAction } from '../../../components/use-row-action';
import { PRIVACY_REQUESTS_RESOURCE } from '../member-paths';

const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));
const filters = [
  <SelectInput key="status" source="status" alwaysOn choices={choices(PRIVACY_REQUEST_STATUSES)} />,
  <SelectInput key="kind" source="kind" alwaysOn choices={choices(PRIVACY_REQUEST_KINDS)} />,
];

/**
 * Members' requests under the DPDP Act (access, correction, erasure, nomination, grievance, and the
 * closures a withdrawn consent opens), open ones first by deadline: staff answer each, the member is
 * told the outcome in his language.
 */
export function PrivacyRequestsList() {
  return (
    <ListPage
      title={false}
      resource={PRIVACY_REQUESTS_RESOURCE}
      exportName="privacy-requests"
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'dueAt', order: 'ASC' }}
      empty="No privacy requests."
      compact={{
        primary: (r) => `${r.kind} · ${r.memberCode}`,
        secondary: (r) => String(r.details ?? r.outcome ?? ''),
        tertiary: (r) => `${r.status} · due ${formatDateTime(r.dueAt)}`,
      }}
      rowActions={(r) => <Answer record={r as unknown as PrivacyRequestRow} />}
      columns={[
        <TextField key="member" source="memberCode" label="Member" sortable={false} />,
        <TextField key="kind" source="kind" sortable={false} />,
        <ChipField key="status" source="status" size="small" sortable={false} />,
        <TextField key="details" source="details" sortable={false} emptyText="—" />,
        <DateTimeField key="due" source="dueAt" label="Due" />,
        <TextField key="by" source="handledByName" label="Handled by" sortable={false} emptyText="—" />,
        <TextField key="outcome" source="outcome" sortable={false} emptyText="—" />,
      ]}
    />
  );
}

function Answer({ record }: { record: PrivacyRequestRow }) {
  const { can } = useProfile();
  const closure = record.kind === 'closure';
  const answer = useRowAction({
    action: actionOf(privacyEndpoints.decide),
    title: `Answer the ${record.kind} request of ${record.memberCode}`,
    text:
      record.kind === 'erasure'
        ? 'Done schedules the erasure: the member is told now and erased after 48 hours; the ledger, TDS records and audit stay under his member code.'
        : record.kind === 'nomination'
          ? `Nominee: ${record.nomineeName ?? '—'} (${record.nomineeMobile ?? '—'}, ${record.nomineeRelation ?? 'relation not given'}).`
          : 'The member is told the outcome in his language.',
    verb: 'Send answer',
    fields: [
      {
        name: 'result',
        label: 'Result',
        type: 'select',
        choices: [
          { id: 'done', name: 'Done' },
          { id: 'rejected', name: 'Declined' },
        ],
        required: true,
      },
      ...(closure
        ? [
            {
              name: 'balance',
              label: 'Balance',
              type: 'select' as const,
              choices: [
                { id: 'settled', name: 'Settled (nothing left)' },
                { id: 'forfeited', name: 'Forfeited as the terms say' },
              ],
              when: (v: Record<string, unknown>) => v.result === 'done',
            },
          ]
        : []),
      { name: 'outcome', label: 'Outcome, for the member', multiline: true, required: true },
    ],
    initial: { result: 'done' },
    run: (v) =>
      call(privacyEndpoints.decide, {
        params: { id: record.id },
        body: {
          result: v.result as 'done' | 'rejected',
          outcome: String(v.outcome ?? ''),
          ...(closure && v.balance ? { balance: v.balance as 'settled' | 'forfeited' } : {}),
        },
      }),
    done: (r) =>
      r.status === 'scheduled' ? 'Erasure scheduled; the member was told' : 'Answer sent to the member',
  });
  const download = async () =>
    saveBlob(
      await callBlob(privacyEndpoints.memberExport, { params: { id: record.id } }),
      `personal-data-${record.memberCode}.json`,
    );
  return (
    <Stack direction="row" spacing={1}>
      {can(actionOf(privacyEndpoints.memberExport)) && (
        <Button size="small" onClick={() => void download()}>
          Member data
        </Button>
      )}
      {record.status === 'open' && answer.allowed && (
        <Button size="small" variant="contained" onClick={answer.open}>
          Answer
        </Button>
      )}
      {answer.dialog}
    </Stack>
  );
}
