import { formatCount, formatDateTime } from '@app/contract/format';
import { ChipField, FunctionField, type RaRecord, TextField } from 'react-admin';
import { CountField, DateTimeField } from '../../components/fields';
import type { CompactRow } from '../../components/list/CompactList';

/** The member columns every member list shares (All Users, Pending, Rejected). */
export const memberColumns = [
  <TextField key="code" source="code" />,
  <TextField key="name" source="name" />,
  <TextField key="mobile" source="mobile" sortable={false} />,
  <TextField key="type" source="type" sortable={false} />,
  <FunctionField key="place" label="Place" render={(r) => `${r.district}, ${r.state}`} sortable={false} />,
  <TextField key="dealer" source="dealerName" label="Dealer" sortable={false} emptyText="—" />,
  <ChipField key="status" source="status" size="small" sortable={false} />,
  <TextField key="kyc" source="kycStatus" label="KYC" sortable={false} />,
  <CountField key="balance" source="balance" />,
  <TextField key="tier" source="tier" sortable={false} emptyText="—" />,
  <CountField key="held" source="heldPoints" label="Held" sortable={false} />,
  <DateTimeField key="created" source="createdAt" label="Registered" />,
];

/** One member on a narrow screen. */
export const memberCompact: CompactRow<RaRecord> = {
  primary: (r) => `${r.name} · ${r.code}`,
  secondary: (r) => `${r.mobile} · ${r.type} · ${r.district}, ${r.state}`,
  tertiary: (r) =>
    `${r.status} · KYC ${r.kycStatus} · ${formatCount(r.balance)} pts${r.tier ? ` · ${r.tier}` : ''} · ${formatDateTime(r.createdAt)}`,
};
