import {
  COURIER_PAGE,
  COURIER_STATUSES,
  type CourierRow,
  courierEndpoints,
} from '@app/contract/courier-redemptions';
import { actionOf, resourceOf } from '@app/contract/endpoint';
import { formatCount, formatDay } from '@app/contract/format';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Button,
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { callBlob } from '../../app/api';
import { useProfile } from '../../app/profile-context';
import { DayInput } from '../../components/DayInput';
import { DayField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { StatusChip } from '../../components/StatusChip';
import { CourierActions } from './CourierActions';
import { DispatchUploadDialog } from './DispatchUploadDialog';

const statusChoices = COURIER_STATUSES.map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1) }));

/** The dispatch manifest: the dispatched gifts of the current filter (e.g. one day), as xlsx. */
function ManifestButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const onClick = async () => {
    try {
      const blob = await callBlob(courierEndpoints.export, {
        query: {
          filter: JSON.stringify({ ...filterValues, status: 'dispatched' }),
          sort: 'id',
          order: 'ASC',
        },
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'dispatch-manifest.xlsx';
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      notify(e instanceof Error ? e.message : 'Export failed', { type: 'error' });
    }
  };
  return <Button label="Dispatch manifest" onClick={onClick} startIcon={<DownloadIcon />} />;
}

/** Courier Redemption: approved gifts to dispatch (one by one or by upload), then delivered or returned. */
export default function CourierRedemptionPage() {
  const { can } = useProfile();
  const refresh = useRefresh();
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {pageTitle(COURIER_PAGE)}
        </Typography>
        {can(actionOf(courierEndpoints.upload.upload)) && (
          <Button
            label="Upload dispatches"
            variant="outlined"
            onClick={() => setUploading(true)}
            startIcon={<UploadFileIcon />}
          />
        )}
      </Stack>
      <ListPage<CourierRow>
        title={false}
        resource={resourceOf(courierEndpoints.list)}
        exportName="courier-redemptions"
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder="Member, code, mobile or AWB" />,
          <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
          <TextInput key="courierCompany" source="courierCompany" label="Courier" />,
          <DayInput key="dispatchedFrom" source="dispatchedFrom" label="Dispatched from" />,
          <DayInput key="dispatchedTo" source="dispatchedTo" label="Dispatched to" />,
        ]}
        filterDefaultValues={{ status: 'approved' }}
        sort={{ field: 'id', order: 'ASC' }}
        actions={<ManifestButton />}
        empty="No gifts here. Approved gift redemptions appear here to be dispatched."
        compact={{
          primary: (r) => `#${r.id} · ${r.rewardName ?? 'Gift'} × ${formatCount(r.quantity)}`,
          secondary: (r) => `${r.memberName} · ${r.memberMobile} · ${r.status}`,
          tertiary: (r) =>
            r.awb
              ? `${r.courierCompany} ${r.awb} · ${r.dispatchedOn ? formatDay(r.dispatchedOn) : ''}`
              : (r.shipTo ?? ''),
        }}
        rowActions={(r) => <CourierActions row={r} />}
        columns={[
          <TextField key="id" source="id" label="Redemption" />,
          <FunctionField<CourierRow>
            key="member"
            label="Member"
            render={(r) => `${r.memberName} (${r.memberCode})`}
          />,
          <FunctionField<CourierRow>
            key="gift"
            label="Gift"
            render={(r) => `${r.rewardName ?? '—'} × ${formatCount(r.quantity)}`}
          />,
          <TextField key="shipTo" source="shipTo" label="Ship to" sortable={false} emptyText="—" />,
          <StatusChip key="status" label="Status" />,
          <TextField key="courier" source="courierCompany" label="Courier" sortable={false} emptyText="—" />,
          <TextField key="awb" source="awb" label="AWB" sortable={false} emptyText="—" />,
          <DayField key="dispatchedOn" source="dispatchedOn" label="Dispatched" sortable={false} />,
          <DayField key="deliveredOn" source="deliveredOn" label="Delivered" sortable={false} />,
        ]}
      />
      {uploading && <DispatchUploadDialog onClose={() => setUploading(false)} onApplied={refresh} />}
    </>
  );
}
