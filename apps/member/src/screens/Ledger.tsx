import type { MemberLedgerEntry } from '@app/contract/ledger';
import { memberAppEndpoints } from '@app/contract/member-app';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate, formatPoints } from '../i18n';
import { keep, readKept } from '../kept-copy';
import { LedgerNote } from '../ledger-notes';
import { Card, ErrorLine } from '../ui';

/**
 * The member's ledger, newest first; `perPage` entries, then more on demand. With `keptAs`, the first
 * page is kept on the phone and shown instead of an error when the network is not there.
 */
export function LedgerList({
  perPage,
  empty,
  more,
  keptAs,
}: {
  perPage: number;
  empty: string;
  more?: boolean;
  keptAs?: string;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<MemberLedgerEntry[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    call(memberAppEndpoints.ledger, { query: { page, perPage, order: 'DESC' } })
      .then((result) => {
        if (keptAs && page === 1) keep(keptAs, result.rows);
        setRows((prev) => (page === 1 ? result.rows : [...(prev ?? []), ...result.rows]));
        setTotal(result.total ?? 0);
      })
      .catch((err) => {
        const kept = keptAs && page === 1 ? readKept<MemberLedgerEntry[]>(keptAs) : null;
        if (kept) setRows(kept.value);
        else setError(err);
      });
  }, [page, perPage, keptAs]);

  if (error) return <ErrorLine error={error} />;
  if (!rows) return <p>{t('loading')}</p>;
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <>
      <ul className="rows">
        {rows.map((row) => (
          <li key={row.id}>
            <span>
              <strong>{t(`ledger.kinds.${row.kind}`)}</strong>
              {row.note && <LedgerNote note={row.note} />}
              <small>{formatDate(row.createdAt)}</small>
            </span>
            <span className={row.amount >= 0 ? 'plus' : 'minus'}>
              {row.amount >= 0 ? '+' : '−'}
              {formatPoints(Math.abs(row.amount))}
            </span>
          </li>
        ))}
      </ul>
      {more && rows.length < total && (
        <button type="button" onClick={() => setPage((p) => p + 1)}>
          {t('ledger.more')}
        </button>
      )}
    </>
  );
}

export function Ledger() {
  const { t } = useTranslation();
  return (
    <Card title={t('ledger.title')}>
      <LedgerList perPage={20} empty={t('ledger.empty')} more />
    </Card>
  );
}
