import {
  type AppRedemption,
  type AppVoucherRevealed,
  redemptionsAppEndpoints,
} from '@app/contract/redemptions';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate, formatPoints, formatRupees } from '../i18n';
import { Card, ErrorLine } from '../ui';
import { TdsStatement } from './TdsStatement';

/** My redemptions and their state; an issued e-voucher's code and PIN are shown on request. */
export function Redemptions({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AppRedemption[] | null>(null);
  const [revealed, setRevealed] = useState<Record<number, AppVoucherRevealed>>({});
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => call(redemptionsAppEndpoints.list).then(setRows).catch(setError), []);
  useEffect(() => {
    void load();
  }, [load]);

  const reveal = (id: number) =>
    call(redemptionsAppEndpoints.revealVoucher, { params: { id: String(id) } })
      .then((voucher) => setRevealed((r) => ({ ...r, [id]: voucher })))
      .catch(setError);
  const cancel = (id: number) =>
    call(redemptionsAppEndpoints.cancel, { params: { id: String(id) }, idempotencyKey: `cancel-${id}` })
      .then(() => {
        onChanged();
        return load();
      })
      .catch(setError);

  return (
    <>
      <Card title={t('redemptions.title')}>
        <ErrorLine error={error} />
        {!rows && !error && <p>{t('loading')}</p>}
        {rows?.length === 0 && <p>{t('redemptions.empty')}</p>}
        <ul className="rows">
          {rows?.map((row) => (
            <li key={row.id} className="stack">
              <span>
                <strong>
                  {row.rewardName ? (
                    <span translate="no">{row.rewardName}</span>
                  ) : (
                    t(`redemptions.kinds.${row.kind}`)
                  )}
                  {row.kind === 'cash' && row.payout && ` · ${t(`rewards.payouts.${row.payout}`)}`}
                </strong>
                <small>
                  {formatPoints(row.points)} · {formatDate(row.createdAt)}
                </small>
                {/* Cash: what the points are worth, the tax deducted at source, and what reaches the member. */}
                {row.kind === 'cash' && row.valuePaise > 0 && (
                  <small data-testid="cash-amounts">
                    {t('redemptions.amounts', {
                      value: formatRupees(row.valuePaise),
                      tds: formatRupees(row.tdsPaise),
                      net: formatRupees(row.netPaise),
                    })}
                  </small>
                )}
                <small className="badge">{t(`redemptions.status.${row.status}`)}</small>
                {row.notice && <small>{t('redemptions.waitsForStock')}</small>}
                {row.reason && <small translate="no">{row.reason}</small>}
              </span>
              {row.voucher && !revealed[row.id] && (
                <button type="button" onClick={() => reveal(row.id)}>
                  {t('redemptions.reveal')}
                </button>
              )}
              {revealed[row.id] && (
                <p className="voucher" data-testid="voucher">
                  {t('redemptions.code', { code: revealed[row.id]?.code })}
                  {revealed[row.id]?.pin && (
                    <>
                      <br />
                      {t('redemptions.pin', { pin: revealed[row.id]?.pin })}
                    </>
                  )}
                </p>
              )}
              {row.status === 'requested' && (
                <button type="button" className="link" onClick={() => cancel(row.id)}>
                  {t('redemptions.cancel')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Card>
      <TdsStatement />
    </>
  );
}
