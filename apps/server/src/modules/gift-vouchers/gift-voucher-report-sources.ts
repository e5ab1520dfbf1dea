import { type ReportSource, reportOf } from '../../lib/lists/report';
import { voucherList } from './gift-vouchers.repository';

/** The gift voucher report type: vouchers added in the range, PINs masked. */
export const GIFT_VOUCHER_REPORT_SOURCES: Record<'gift_vouchers', ReportSource> = {
  gift_vouchers: reportOf(voucherList, 'createdAt'),
};
