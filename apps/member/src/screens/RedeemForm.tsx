import { type AppReward, redemptionsAppEndpoints } from '@app/contract/redemptions';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatPoints } from '../i18n';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

const blank = { line: '', city: '', district: '', state: '', pincode: '' };

/** Confirms one reward: an e-voucher at once, a gift with the delivery address. */
export function RedeemForm(props: { reward: AppReward; onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { reward } = props;
  const gift = reward.type === 'physical';
  const [address, setAddress] = useState(blank);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await call(redemptionsAppEndpoints.redeem, {
        idempotencyKey: key.current,
        body: gift
          ? { kind: 'gift', rewardId: reward.id, quantity: 1, address }
          : { kind: 'voucher', rewardId: reward.id, quantity: 1 },
      });
      props.onDone();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const fields = fieldErrors(error);
  return (
    <Card title={t('rewards.confirm')}>
      <p>
        <strong translate="no">{reward.name}</strong> · {formatPoints(reward.pointsCost)}
      </p>
      <form onSubmit={submit}>
        {gift &&
          (Object.keys(blank) as (keyof typeof blank)[]).map((name) => (
            <Field
              key={name}
              label={name === 'line' ? t('rewards.address') : t(`register.${name}`)}
              value={address[name]}
              onChange={(value) => setAddress((a) => ({ ...a, [name]: value }))}
              error={fields[`address.${name}`]}
              required
            />
          ))}
        <ErrorLine error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('rewards.redeem')}
        </button>
        <button type="button" className="link" onClick={props.onCancel}>
          {t('rewards.cancel')}
        </button>
      </form>
    </Card>
  );
}
