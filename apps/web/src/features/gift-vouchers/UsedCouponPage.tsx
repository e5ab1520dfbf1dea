import { resourceOf } from '@app/contract/endpoint';
import { formatDateTime, formatRupees } from '@app/contract/format';
import { giftVouchersEndpoints, USED_VOUCHERS_PAGE, type UsedVoucherRow } from '@app/contract/gift-vouchers';
import { NumberInput, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DateTimeField, DayField } from '../../components/fields';
import { ListPage } from '../../components/list/ListPage';
import { useVoucherBrands } from './use-voucher-brands';
import { voucherColumns } from './voucher-fields';

/** Used Coupon: vouchers issued to redemptions, newest first, with the member and redemption. */
export default function UsedCouponPage() {
  const brands = useVoucherBrands();
  return (
    <ListPage<UsedVoucherRow>
      page={USED_VOUCHERS_PAGE}
      resource={resourceOf(giftVouchersEndpoints.used.list)}
      exportName="used-vouchers"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Code" />,
        <SelectInput key="brand" source="brand" choices={brands} alwaysOn />,
        <NumberInput key="denomination" source="denomination" label="Denomination (₹)" />,
        <NumberInput key="redemptionId" source="redemptionId" label="Redemption" />,
        <DayInput key="from" source="from" label="Issued from" />,
        <DayInput key="to" source="to" label="Issued to" />,
      ]}
      sort={{ field: 'issuedAt', order: 'DESC' }}
      empty="No vouchers issued yet. Approved voucher redemptions take theirs from stock and appear here."
      compact={{
        primary: (r) => `${r.brand} · ${formatRupees(r.denominationPaise)} · ${r.code}`,
        secondary: (r) => `${r.memberName ?? 'Redemption'} #${r.redemptionId}`,
        tertiary: (r) => (r.issuedAt ? `Issued ${formatDateTime(r.issuedAt)}` : ''),
      }}
      columns={[
        ...voucherColumns,
        <DayField key="expiresOn" source="expiresOn" label="Expiry" sortable={false} />,
        <TextField key="redemptionId" source="redemptionId" label="Redemption" sortable={false} />,
        <TextField key="memberCode" source="memberCode" label="Member code" sortable={false} emptyText="—" />,
        <TextField key="memberName" source="memberName" label="Member" sortable={false} emptyText="—" />,
        <DateTimeField key="issuedAt" source="issuedAt" label="Issued" />,
      ]}
    />
  );
}
