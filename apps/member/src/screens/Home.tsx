import type { MemberProfile } from '@app/contract/member-app';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints } from '../i18n';
import { Card } from '../ui';
import { LedgerList } from './Ledger';
import { ScanForm } from './ScanForm';

// Banners (and the content declarations they need) arrive after the first paint, outside the first load.
const Banners = lazy(() => import('./Banners').then((m) => ({ default: m.Banners })));

/** Balance and standing, the scan form, and the latest ledger entries. */
export function Home({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('home.hello', { name: profile.name })}>
        <p className="label">{t('home.balance')}</p>
        <p className="balance" data-testid="balance">
          {formatPoints(profile.balance)}
        </p>
        {profile.heldPoints > 0 && (
          <p className="label" data-testid="held">
            {t('home.held', { points: formatPoints(profile.heldPoints), count: profile.heldScans.length })}
          </p>
        )}
        <p className={`status ${profile.status}`}>{t(`home.status.${profile.status}`)}</p>
      </Card>
      <Suspense fallback={null}>
        <Banners />
      </Suspense>
      <ScanForm onScanned={onChanged} />
      <Card title={t('home.recent')}>
        <LedgerList perPage={5} empty={t('home.none')} />
      </Card>
    </>
  );
}
