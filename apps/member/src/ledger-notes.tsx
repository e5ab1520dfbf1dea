import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * The notes the server writes on its own ledger entries are English sentences of a few known shapes;
 * they are said in the member's language here. A note staff typed (an adjustment's reason) is shown
 * as typed.
 */
const SHAPES: [RegExp, (t: TFunction, m: RegExpExecArray) => string][] = [
  [/^Joining points$/, (t) => t('ledger.notes.joining')],
  [/^Referral welcome points$/, (t) => t('ledger.notes.welcome')],
  [/^Referred (\S+)$/, (t, m) => t('ledger.notes.referred', { code: m[1] })],
  [/^Cancelled by the member$/, (t) => t('ledger.notes.cancelled')],
  [/^Redemption (\d+)$/, (t, m) => t('ledger.notes.redemption', { id: m[1] })],
  [
    /^Redemption (\d+) (\w+)$/,
    (t, m) => t('ledger.notes.redemptionMoved', { id: m[1], status: t(`redemptions.status.${m[2]}`) }),
  ],
  [/^Voucher (\d+)$/, (t, m) => t('ledger.notes.voucher', { id: m[1] })],
  [/^Project: (.+)$/, (t, m) => t('ledger.notes.project', { name: m[1] })],
  [/^Share of (\S+)'s scan$/, (t, m) => t('ledger.notes.dealerShare', { code: m[1] })],
];

/** The note said in the member's language, or null when it is one staff typed. */
export function ledgerNote(t: TFunction, note: string): string | null {
  for (const [shape, say] of SHAPES) {
    const m = shape.exec(note);
    if (m) return say(t, m);
  }
  return null;
}

/** A ledger note: a typed one is shown as typed and marked as not translated (`translate="no"`). */
export function LedgerNote({ note }: { note: string }) {
  const { t } = useTranslation();
  const said = ledgerNote(t, note);
  return said === null ? <small translate="no">{note}</small> : <small>{said}</small>;
}
