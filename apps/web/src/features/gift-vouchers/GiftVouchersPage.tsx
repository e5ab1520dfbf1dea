import { actionOf, resourceOf } from '@app/contract/endpoint';
import { GIFT_VOUCHERS_PAGE, giftVouchersEndpoints, type VoucherRow } from '@app/contract/gift-vouchers';
import AddIcon from '@mui/icons-material/Add';
import { Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, FunctionField, TextField, useRefresh } from 'react-admin';
import { useProfile } from '../../app/profile-context';
import { DateTimeField } from '../../components/fields';
import { ListPage, pageTitle } from '../../components/list/ListPage';
import { AddVoucherDialog } from './AddVoucherDialog';
import { RevealPin } from './RevealPin';
import { StockSummary } from './StockSummary';
import { expiryAndStatus, useVoucherFilters, voucherColumns, voucherCompact } from './voucher-fields';

/** Gift Vouchers: the stock by brand and denomination, every voucher (PIN masked), add one. */
export default function GiftVouchersPage() {
  const { can } = useProfile();
  const refresh = useRefresh();
  const [adding, setAdding] = useState(false);
  const [version, setVersion] = useState(0);
  const filters = useVoucherFilters();
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {pageTitle(GIFT_VOUCHERS_PAGE)}
        </Typography>
        {can(actionOf(giftVouchersEndpoints.add)) && (
          <Button
            label="Add voucher"
            variant="contained"
            onClick={() => setAdding(true)}
            startIcon={<AddIcon />}
          />
        )}
      </Stack>
      <StockSummary version={version} />
      <ListPage<VoucherRow>
        title={false}
        resource={resourceOf(giftVouchersEndpoints.list)}
        exportName="gift-vouchers"
        filters={filters}
        sort={{ field: 'id', order: 'DESC' }}
        empty="No gift vouchers yet. Add one here, or upload a supplier's codes on Update Bulk Coupon."
        compact={voucherCompact}
        columns={[
          <TextField key="id" source="id" label="#" />,
          ...voucherColumns,
          <FunctionField<VoucherRow> key="pin" label="PIN" render={(r) => <RevealPin row={r} />} />,
          ...expiryAndStatus,
          <TextField
            key="redemptionId"
            source="redemptionId"
            label="Redemption"
            sortable={false}
            emptyText="—"
          />,
          <DateTimeField key="createdAt" source="createdAt" label="Added" />,
        ]}
      />
      {adding && (
        <AddVoucherDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            refresh();
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}
