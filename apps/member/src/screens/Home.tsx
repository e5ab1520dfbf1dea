import type { MemberProfile } from '@app/contract/member-app';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, formatPoints } from '../i18n';
import { useQueuedScans } from '../scan-queue';
import { Card, NAME, Said } from '../ui';
import { LedgerList } from './Ledger';
import { ScanForm } from './ScanForm';

// Banners (and the content declarations they need) arrive after the first paint, outside the first load.
const Banners = lazy(() => import('./Banners').then((m) => ({ default: m.Banners })));

/**
 * Balance and standing, the scan form, and the latest ledger entries. `asOf`: the time of the copy kept
 * on the phone when it is shown offline (null when fresh).
 */
export function Home({
  profile,
  asOf,
  onChanged,
}: {
  profile: MemberProfile;
  asOf: string | null;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const waiting = useQueuedScans();
  return (
    <>
      <Card title={<Said text={t('home.hello', { name: NAME })} parts={{ [NAME]: profile.name }} />}>
        <p className="label">{t('home.balance')}</p>
        <p className="balance" data-testid="balance">
          {formatPoints(profile.balance)}
        </p>
        {asOf && (
          <p className="label" data-testid="as-of">
            {t('home.asOf', { time: formatDate(asOf) })}
          </p>
        )}
        {profile.heldPoints > 0 && (
          <p className="label" data-testid="held">
            {t('home.held', { points: formatPoints(profile.heldPoints), count: profile.heldScans.length })}
          </p>
        )}
        <p className={`status ${profile.status}`}>{t(`home.status.${profile.status}`)}</p>
        {/* Codes scanned before approval wait on this phone: the member should know they are not lost. */}
        {profile.status === 'pending' && waiting > 0 && (
          <p className="notice" data-testid="waiting-approval">
            {t('home.waitingApproval', { count: waiting })}
          </p>
        )}
        {profile.tier && <TierLine tier={profile.tier} />}
      </Card>
      <Suspense fallback={null}>
        <Banners />
      </Suspense>
      <ScanForm onScanned={onChanged} />
      <Card title={t('home.recent')}>
        {/* A new key once fresh: the list kept from the last load is fetched again when the network returns. */}
        <LedgerList key={asOf ?? 'fresh'} perPage={5} empty={t('home.none')} keptAs="recent" />
      </Card>
    </>
  );
}

/** The member's tier in their language, its scan multiplier and the points still needed for the next. */
function TierLine({ tier }: { tier: NonNullable<MemberProfile['tier']> }) {
  const { t, i18n } = useTranslation();
  // Tier names are kept in English and Devanagari: Marathi reads the Devanagari one too.
  const devanagari = i18n.language === 'hi' || i18n.language === 'mr';
  const name = (n: { name: string; nameHi: string }) => (devanagari ? n.nameHi || n.name : n.name);
  const multiplier = tier.multiplier.toLocaleString('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (
    <div data-testid="tier">
      <p className="label">{t('home.tier', { tier: name(tier) })}</p>
      {tier.multiplier > 1 && <p>{t('home.tierBonus', { multiplier })}</p>}
      <p>
        {tier.next
          ? t('home.tierNext', {
              points: formatNumber(tier.next.needed),
              months: tier.periodMonths,
              tier: name(tier.next),
            })
          : t('home.tierTop')}
      </p>
    </div>
  );
}
