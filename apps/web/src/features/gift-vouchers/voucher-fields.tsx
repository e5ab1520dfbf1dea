import { formatDay, formatRupees } from '@app/contract/format';
import { VOUCHER_STATUS_LABELS, VOUCHER_STATUSES, type VoucherRow } from '@app/contract/gift-vouchers';
import { NumberInput, SearchInput, SelectInput, TextField } from 'react-admin';
import { DayInput } from '../../components/DayInput';
import { DayField, RupeesField } from '../../components/fields';
import { StatusChip } from '../../components/StatusChip';
import { useVoucherBrands } from './use-voucher-brands';

export const statusChoices = VOUCHER_STATUSES.map((id) => ({ id, name: VOUCHER_STATUS_LABELS[id] }));

/** The Gift Vouchers filters (also what a bulk void/expire by filter selects). */
export function useVoucherFilters(options: { status?: boolean } = {}) {
  const brands = useVoucherBrands();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Code" />,
    <SelectInput key="brand" source="brand" choices={brands} alwaysOn />,
    <NumberInput key="denomination" source="denomination" label="Denomination (₹)" />,
    ...(options.status === false
      ? []
      : [<SelectInput key="status" source="status" choices={statusChoices} alwaysOn />]),
    <DayInput key="expiresFrom" source="expiresFrom" label="Expiring from" />,
    <DayInput key="expiresTo" source="expiresTo" label="Expiring to" />,
  ];
}

/** The columns every voucher list starts with. */
export const voucherColumns = [
  <TextField key="brand" source="brand" sortable={false} />,
  <RupeesField key="denominationPaise" source="denominationPaise" label="Denomination" />,
  <TextField key="code" source="code" sortable={false} />,
];

export const expiryAndStatus = [
  <DayField key="expiresOn" source="expiresOn" label="Expiry" />,
  <StatusChip key="status" label="Status" />,
];

export const voucherCompact = {
  primary: (r: VoucherRow) => `${r.brand} · ${formatRupees(r.denominationPaise)}`,
  secondary: (r: VoucherRow) => `${r.code} · ${VOUCHER_STATUS_LABELS[r.status]}`,
  tertiary: (r: VoucherRow) => `Expires ${formatDay(r.expiresOn)}`,
};
