import { actionOf } from '@app/contract/endpoint';
import { formatCount, formatRupees } from '@app/contract/format';
import {
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
  type RewardRow,
  rewardsEndpoints,
} from '@app/contract/redemptions';
import AddIcon from '@mui/icons-material/Add';
import ArchiveIcon from '@mui/icons-material/Archive';
import { Box } from '@mui/material';
import { Button, FunctionField, SearchInput, SelectInput, TextField } from 'react-admin';
import { Link } from 'react-router-dom';
import { call } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { CountField, RupeesField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useRowAction } from '../../components/use-row-action';
import { REWARDS_RESOURCE, rewardPaths } from './product-paths';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or brand" />,
  <SelectInput
    key="type"
    source="type"
    choices={REWARD_TYPES.map((t) => ({ id: t, name: REWARD_TYPE_LABELS[t] }))}
  />,
  <SelectInput
    key="active"
    source="active"
    label="Status"
    alwaysOn
    choices={[
      { id: true, name: 'Active' },
      { id: false, name: 'Archived' },
    ]}
  />,
];

function ArchiveButton({ record }: { record: RewardRow }) {
  const archived = !record.active;
  const act = useRowAction({
    action: actionOf(rewardsEndpoints.archive),
    title: archived ? `Restore ${record.name}?` : `Archive ${record.name}?`,
    text: archived ? undefined : 'It leaves the app; redemptions already made keep it.',
    verb: archived ? 'Restore' : 'Archive',
    destructive: !archived,
    run: () =>
      call(archived ? rewardsEndpoints.restore : rewardsEndpoints.archive, { params: { id: record.id } }),
    done: () => (archived ? 'Reward restored' : 'Reward archived'),
  });
  if (!act.allowed) return null;
  return (
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <Button label={archived ? 'Restore' : 'Archive'} onClick={act.open}>
        <ArchiveIcon />
      </Button>
      {act.dialog}
    </Box>
  );
}

const detail = (r: RewardRow) =>
  r.type === 'e_voucher'
    ? `${r.brand ?? ''} ${formatRupees(r.denominationPaise)}`
    : `Stock ${formatCount(r.stock)}`;

/** The Rewards tab: gifts and e-vouchers members redeem points for. */
export function RewardList() {
  const { can } = useProfile();
  return (
    <ListPage
      title={false}
      resource={REWARDS_RESOURCE}
      exportName="rewards"
      filters={filters}
      filterDefaultValues={{ active: true }}
      sort={{ field: 'name', order: 'ASC' }}
      empty="No rewards yet. Add the gifts and e-vouchers members can redeem."
      rowClick={can('rewards.manage') ? (id) => rewardPaths.edit(id) : false}
      actions={
        can('rewards.manage') ? (
          <Button label="Add reward" component={Link} to={rewardPaths.create}>
            <AddIcon />
          </Button>
        ) : undefined
      }
      rowActions={(record: RewardRow) => <ArchiveButton record={record} />}
      compact={{
        primary: (r: RewardRow) => r.name,
        secondary: (r: RewardRow) =>
          `${REWARD_TYPE_LABELS[r.type]} · ${detail(r)} · ${formatCount(r.pointsCost)} points`,
        tertiary: (r: RewardRow) => (r.active ? 'Active' : 'Archived'),
      }}
      columns={[
        <TextField key="name" source="name" />,
        <FunctionField
          key="type"
          label="Type"
          sortable={false}
          render={(r: RewardRow) => REWARD_TYPE_LABELS[r.type]}
        />,
        <TextField key="brand" source="brand" sortable={false} emptyText="" />,
        <RupeesField key="den" source="denominationPaise" label="Denomination" sortable={false} />,
        <CountField key="pts" source="pointsCost" label="Points cost" />,
        <RupeesField key="mrp" source="mrpPaise" label="MRP" sortable={false} />,
        <CountField key="stock" source="stock" sortable={false} />,
        <FunctionField
          key="types"
          label="Member types"
          sortable={false}
          render={(r: RewardRow) => r.eligibleTypes.join(', ')}
        />,
      ]}
    />
  );
}
