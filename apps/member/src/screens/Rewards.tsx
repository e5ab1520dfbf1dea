import type { MemberProfile } from '@app/contract/member-app';
import { type AppReward, redemptionsAppEndpoints } from '@app/contract/redemptions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatPoints } from '../i18n';
import { navigate } from '../router';
import { Card, ErrorLine } from '../ui';
import { CashRedeem } from './CashRedeem';
import { RedeemForm } from './RedeemForm';
import { Terms } from './Terms';

/** The catalogue for the member's type, with stock; redeeming asks for the terms first when needed. */
export function Rewards({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t } = useTranslation();
  const [rewards, setRewards] = useState<AppReward[] | null>(null);
  const [chosen, setChosen] = useState<AppReward | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    call(redemptionsAppEndpoints.rewards).then(setRewards).catch(setError);
  }, []);

  if (profile.termsAcceptanceNeeded) return <Terms profile={profile} onAccepted={onChanged} />;
  if (chosen)
    return (
      <RedeemForm
        reward={chosen}
        onCancel={() => setChosen(null)}
        onDone={() => {
          onChanged();
          navigate('/app/redemptions');
        }}
      />
    );
  const kycApproved = profile.kycStatus === 'approved';
  const done = () => {
    onChanged();
    navigate('/app/redemptions');
  };
  return (
    <>
      <Card title={t('rewards.title')}>
        <ErrorLine error={error} />
        {!rewards && !error && <p>{t('loading')}</p>}
        {rewards?.length === 0 && <p>{t('rewards.empty')}</p>}
        <ul className="rows">
          {rewards?.map((reward) => {
            const short = reward.pointsCost - profile.balance;
            const available = reward.inStock || reward.waitsForStock;
            return (
              <li key={reward.id}>
                <span>
                  <strong translate="no">{reward.name}</strong>
                  <small>{t('rewards.cost', { points: formatPoints(reward.pointsCost) })}</small>
                  {short > 0 && <small>{t('rewards.notEnough', { points: formatPoints(short) })}</small>}
                  {!available && <small>{t('rewards.outOfStock')}</small>}
                  {reward.notice && <small>{t('rewards.waitsForStock')}</small>}
                </span>
                <button
                  type="button"
                  disabled={short > 0 || !available || profile.status !== 'approved' || !kycApproved}
                  onClick={() => setChosen(reward)}
                  aria-label={`${t('rewards.redeem')}: ${reward.name}`}
                >
                  {t('rewards.redeem')}
                </button>
              </li>
            );
          })}
        </ul>
      </Card>
      {profile.status === 'approved' && <CashRedeem profile={profile} onDone={done} />}
    </>
  );
}
