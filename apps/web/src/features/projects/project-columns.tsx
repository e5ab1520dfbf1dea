import { formatCount, formatDateTime } from '@app/contract/format';
import {
  PROJECT_STAGE_LABELS,
  PROJECT_STAGES,
  PROJECT_STATES,
  PROJECT_TYPE_LABELS,
  PROJECT_TYPES,
  type ProjectRow,
} from '@app/contract/projects';
import { FunctionField, SearchInput, SelectInput } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { CountField, DateTimeField } from '../../components/fields';
import { StatusChip } from '../../components/StatusChip';

const choices = (values: readonly string[], labels: Record<string, string>) =>
  values.map((id) => ({ id, name: labels[id] ?? id }));

export const projectFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Member name, mobile or code" />,
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    choices={choices(PROJECT_STATES, { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected' })}
  />,
  <SelectInput key="type" source="type" choices={choices(PROJECT_TYPES, PROJECT_TYPE_LABELS)} />,
  <SelectInput key="stage" source="stage" choices={choices(PROJECT_STAGES, PROJECT_STAGE_LABELS)} />,
  <DayInput key="from" source="from" label="Registered from" />,
  <DayInput key="to" source="to" label="Registered to" />,
];

export const projectCompact = {
  primary: (r: ProjectRow) => `${r.name} · ${r.state}`,
  secondary: (r: ProjectRow) =>
    `${r.memberName} (${r.memberCode}) · ${PROJECT_TYPE_LABELS[r.type]}, ${PROJECT_STAGE_LABELS[r.stage]} · ${formatCount(r.expectedQuantity)}`,
  tertiary: (r: ProjectRow) => `${r.pincode} · ${formatDateTime(r.createdAt)}`,
};

export const projectColumns = [
  <DateTimeField key="createdAt" source="createdAt" label="Registered" />,
  <FunctionField
    key="member"
    label="Member"
    render={(r: ProjectRow) => `${r.memberName} (${r.memberCode})`}
    sortable={false}
  />,
  <FunctionField
    key="name"
    label="Project"
    sortable={false}
    render={(r: ProjectRow) => `${r.name}, ${r.pincode}`}
  />,
  <FunctionField
    key="type"
    label="Type · stage"
    sortable={false}
    render={(r: ProjectRow) => `${PROJECT_TYPE_LABELS[r.type]} · ${PROJECT_STAGE_LABELS[r.stage]}`}
  />,
  <CountField key="qty" source="expectedQuantity" label="Expected qty" sortable={false} />,
  <StatusChip key="state" source="state" label="State" />,
  <CountField key="bonus" source="bonusPoints" label="Bonus" sortable={false} emptyText="—" />,
];
