import { SCHEME_RULE_LABELS, SCHEME_STATUSES, type SchemeRow } from '@app/contract/schemes';
import AddIcon from '@mui/icons-material/Add';
import { Chip, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { SchemeFormDialog } from './SchemeFormDialog';
import { SchemeRowActions } from './SchemeRowActions';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name" />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={SCHEME_STATUSES.map((s) => ({ id: s, name: s }))}
  />,
];

const ruleText = (r: SchemeRow) =>
  r.rule === 'multiplier'
    ? `× ${r.multiplier}`
    : r.rule === 'fixed_bonus'
      ? `+${r.bonusPoints} per scan`
      : `+${r.bonusPoints} every ${r.slabScans} scans`;

const allOr = (values: unknown[]) => (values.length ? values.join(', ') : 'All');

/** Scheme: list with status filter, draft form, activation by a second person, end, cancel, history. */
export default function SchemePage() {
  const [editing, setEditing] = useState<SchemeRow | 'new' | null>(null);
  return (
    <>
      <Typography variant="h5" component="h1">
        Scheme
      </Typography>
      <List
        resource="admin/schemes"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        title={false}
        empty={false}
        actions={
          <TopToolbar>
            <Button label="New scheme" onClick={() => setEditing('new')}>
              <AddIcon />
            </Button>
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" />
          <FunctionField<SchemeRow>
            label="Rule"
            render={(r) => `${SCHEME_RULE_LABELS[r.rule]}: ${ruleText(r)}`}
          />
          <TextField source="startsOn" label="From" />
          <TextField source="endsOn" label="To" />
          <FunctionField<SchemeRow> label="Members" render={(r) => allOr(r.memberTypes)} />
          <FunctionField<SchemeRow> label="States" render={(r) => allOr(r.states)} />
          <FunctionField<SchemeRow>
            label="SKUs"
            render={(r) => (r.productIds.length ? r.productIds.length : 'All')}
          />
          <FunctionField<SchemeRow>
            label="Status"
            render={(r) => (
              <Chip
                size="small"
                label={r.status === 'draft' && r.activationRequestedBy ? 'awaiting approval' : r.status}
                color={r.status === 'active' ? 'success' : 'default'}
              />
            )}
          />
          <TextField source="createdByName" label="Created by" sortable={false} />
          <SchemeRowActions onEdit={setEditing} />
        </Datagrid>
      </List>
      {editing && (
        <SchemeFormDialog scheme={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
