import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatDay } from '@app/contract/format';
import {
  SCHEME_RULE_LABELS,
  SCHEME_STATUSES,
  SCHEMES_PAGE,
  type SchemeRow,
  schemesEndpoints,
} from '@app/contract/schemes';
import AddIcon from '@mui/icons-material/Add';
import { Chip, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { ActionButton } from '../../components/ActionButton';
import { BulkDecisionButton } from '../../components/BulkDecisionButton';
import { CountField, DayField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { PointsExpiryTab } from './PointsExpiryTab';
import { PointsLimitsTab } from './PointsLimitsTab';
import { SchemeCreate, SchemeEdit, schemePaths } from './SchemeForm';
import { SchemeRowActions } from './SchemeRowActions';
import { TiersTab } from './TiersTab';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name" />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={SCHEME_STATUSES.map((s) => ({ id: s, name: s }))}
  />,
];

const e = schemesEndpoints;
const SCHEMES_RESOURCE = resourceOf(e.list);

const ruleText = (r: SchemeRow) =>
  r.rule === 'multiplier'
    ? `× ${r.multiplier}`
    : r.rule === 'fixed_bonus'
      ? `+${r.bonusPoints} per scan`
      : `+${r.bonusPoints} every ${r.slabScans} scans`;

const status = (r: SchemeRow) =>
  r.status === 'draft' && r.activationRequestedBy ? 'awaiting approval' : r.status;

const allOr = (values: unknown[]) => (values.length ? values.join(', ') : 'All');

/** Scheme: the schemes, the tiers, the points expiry policy and the caps and limits as tabs of the one page (the sidebar stays). */
export default function SchemePage() {
  return (
    <Routes>
      <Route index element={<SchemeTabs />} />
      <Route path="create" element={<SchemeCreate />} />
      <Route path=":id/edit" element={<SchemeEdit />} />
    </Routes>
  );
}

function SchemeTabs() {
  const [tab, setTab] = useState<'schemes' | 'tiers' | 'expiry' | 'limits'>('schemes');
  return (
    <>
      <Typography variant="h5" component="h1">
        {pageTitle(SCHEMES_PAGE)}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        sx={{ mb: 1 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab label="Schemes" value="schemes" />
        <Tab label="Tiers" value="tiers" />
        <Tab label="Points expiry" value="expiry" />
        <Tab label="Caps & limits" value="limits" />
      </Tabs>
      {tab === 'schemes' ? (
        <SchemeList />
      ) : tab === 'tiers' ? (
        <TiersTab />
      ) : tab === 'expiry' ? (
        <PointsExpiryTab />
      ) : (
        <PointsLimitsTab />
      )}
    </>
  );
}

/** Schemes: list with status filter, draft form, activation by a second person, end, cancel, history. */
function SchemeList() {
  const navigate = useNavigate();
  return (
    <ListPage<SchemeRow>
      page={SCHEMES_PAGE}
      title={false}
      resource={SCHEMES_RESOURCE}
      exportName="schemes"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      empty="No schemes yet. A new scheme starts as a draft; a second person activates it."
      actions={
        <ActionButton
          permission={actionOf(e.create)}
          label="New scheme"
          onClick={() => navigate(schemePaths.create)}
        >
          <AddIcon />
        </ActionButton>
      }
      compact={{
        primary: (r) => `${r.name} · ${status(r)}`,
        secondary: (r) => `${SCHEME_RULE_LABELS[r.rule]}: ${ruleText(r)}`,
        tertiary: (r) => `${formatDay(r.startsOn)} – ${formatDay(r.endsOn)}`,
      }}
      bulkActions={
        <>
          <BulkDecisionButton
            endpoint={e.bulk.approve}
            kind="approve"
            resource={SCHEMES_RESOURCE}
            noun={['scheme activation', 'scheme activations'] as const}
          />
          <BulkDecisionButton
            endpoint={e.bulk.reject}
            kind="reject"
            resource={SCHEMES_RESOURCE}
            noun={['scheme activation', 'scheme activations'] as const}
          />
        </>
      }
      rowClick={(id) => schemePaths.edit(id)}
      rowActions={(r) => <SchemeRowActions row={r} editPath={schemePaths.edit(r.id)} />}
      columns={[
        <TextField key="name" source="name" />,
        <FunctionField<SchemeRow>
          key="rule"
          label="Rule"
          render={(r) => `${SCHEME_RULE_LABELS[r.rule]}: ${ruleText(r)}`}
        />,
        <DayField key="from" source="startsOn" label="From" />,
        <DayField key="to" source="endsOn" label="To" />,
        <FunctionField<SchemeRow> key="members" label="Members" render={(r) => allOr(r.memberTypes)} />,
        <FunctionField<SchemeRow> key="states" label="States" render={(r) => allOr(r.states)} />,
        <FunctionField<SchemeRow>
          key="skus"
          label="SKUs"
          render={(r) => (r.productIds.length ? r.productIds.length : 'All')}
        />,
        <CountField
          key="budget"
          source="budgetPoints"
          label="Budget (points)"
          emptyText="None"
          sortable={false}
        />,
        <CountField key="spent" source="budgetSpent" label="Budget spent" sortable={false} />,
        <FunctionField<SchemeRow>
          key="status"
          label="Status"
          render={(r) => (
            <Chip size="small" label={status(r)} color={r.status === 'active' ? 'success' : 'default'} />
          )}
        />,
        <TextField key="by" source="createdByName" label="Created by" sortable={false} />,
      ]}
    />
  );
}
