import type { MemberProfile } from '@app/contract/member-app';
import {
  type CashQuote,
  PAYOUT_METHODS,
  type PayoutMethod,
  redemptionsAppEndpoints,
} from '@app/contract/redemptions';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatPoints, formatRupees } from '../i18n';
import { navigate } from '../router';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

/**
 * Points paid to the bank account or UPI id of the approved KYC; KYC comes first. The member sees the
 * rupees first: the server's quote (value, TDS withheld, net, where it is paid), then confirms.
 */
export function CashRedeem({ profile, onDone }: { profile: MemberProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState('');
  const [payout, setPayout] = useState<PayoutMethod>('upi');
  const [quote, setQuote] = useState<CashQuote | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  if (profile.kycStatus !== 'approved')
    return (
      <Card title={t('rewards.cash')}>
        <p>{t('rewards.kycFirst')}</p>
        <button type="button" onClick={() => navigate('/app/kyc')}>
          {t('nav.kyc')}
        </button>
      </Card>
    );

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await step();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const ask = (e: FormEvent) => {
    e.preventDefault();
    void run(async () =>
      setQuote(await call(redemptionsAppEndpoints.cashQuote, { query: { points: Number(points), payout } })),
    );
  };
  const confirm = () =>
    run(async () => {
      await call(redemptionsAppEndpoints.redeem, {
        idempotencyKey: key.current,
        body: { kind: 'cash', points: quote!.points, payout: quote!.payout },
      });
      onDone();
    });

  const fields = fieldErrors(error);
  if (quote)
    return (
      <Card title={t('rewards.quoteTitle')}>
        <dl className="quote" data-testid="cash-quote">
          <dt>{t('rewards.quotePoints')}</dt>
          <dd>{formatPoints(quote.points)}</dd>
          <dt>{t('rewards.quoteValue')}</dt>
          <dd>{formatRupees(quote.valuePaise)}</dd>
          <dt>{t('rewards.quoteTds', { rate: `${quote.tdsRateBp / 100}%` })}</dt>
          <dd>− {formatRupees(quote.tdsPaise)}</dd>
          <dt>
            <strong>{t('rewards.quoteNet')}</strong>
          </dt>
          <dd>
            <strong>{formatRupees(quote.netPaise)}</strong>
          </dd>
          <dt>{t('rewards.quotePayTo')}</dt>
          <dd>
            {t(`rewards.payouts.${quote.payout}`)} · {quote.payoutTo}
          </dd>
        </dl>
        <ErrorLine error={error} />
        <button type="button" className="primary" disabled={busy} onClick={() => void confirm()}>
          {t('rewards.confirmCash')}
        </button>
        <button type="button" className="link" onClick={() => setQuote(null)}>
          {t('rewards.change')}
        </button>
      </Card>
    );
  return (
    <Card title={t('rewards.cash')}>
      <form onSubmit={ask}>
        <Field
          label={t('rewards.points')}
          value={points}
          onChange={setPoints}
          inputMode="numeric"
          error={fields.points}
          required
        />
        <fieldset className="choices">
          <legend>{t('rewards.payout')}</legend>
          {PAYOUT_METHODS.map((method) => (
            <label key={method}>
              <input
                type="radio"
                name="payout"
                checked={payout === method}
                onChange={() => setPayout(method)}
              />
              {t(`rewards.payouts.${method}`)}
            </label>
          ))}
        </fieldset>
        {/* A field error other than the amount (the minimum balance to redeem) shows on its own line. */}
        <ErrorLine error={fields.points ? null : error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('rewards.next')}
        </button>
      </form>
    </Card>
  );
}
