import type { MemberProfile } from '@app/contract/member-app';
import { PAYOUT_METHODS, type PayoutMethod, redemptionsAppEndpoints } from '@app/contract/redemptions';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { navigate } from '../router';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

/** Points paid to the bank account or UPI id of the approved KYC; KYC comes first. */
export function CashRedeem({ profile, onDone }: { profile: MemberProfile; onDone: () => void }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState('');
  const [payout, setPayout] = useState<PayoutMethod>('upi');
  const [error, setError] = useState<unknown>(null);
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await call(redemptionsAppEndpoints.redeem, {
        idempotencyKey: key.current,
        body: { kind: 'cash', points: Number(points), payout },
      });
      onDone();
    } catch (err) {
      setError(err);
    }
  }

  const fields = fieldErrors(error);
  return (
    <Card title={t('rewards.cash')}>
      <form onSubmit={submit}>
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
        <button type="submit" className="primary">
          {t('rewards.redeem')}
        </button>
      </form>
    </Card>
  );
}
