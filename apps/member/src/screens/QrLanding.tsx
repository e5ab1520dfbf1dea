import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../router';
import { keepScan, type ScanOutcome, sendScan } from '../scan-queue';
import { memberToken } from '../session';
import { Card, ErrorLine } from '../ui';
import { ScanResult } from './ScanResult';
import { SignIn } from './SignIn';

/**
 * `/q/<code>`, what a phone camera opens from a printed label: the code is kept on the phone at once,
 * then scanned as soon as the member is signed in (or registered), exactly once.
 */
export function QrLanding({ code, onChanged }: { code: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const [signedIn, setSignedIn] = useState(Boolean(memberToken()));
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!signedIn || started.current) return;
    started.current = true;
    sendScan(keepScan(code))
      .then((result) => {
        setOutcome(result);
        onChanged();
      })
      .catch(setError);
  }, [signedIn, code, onChanged]);

  if (!signedIn) {
    keepScan(code);
    return <SignIn onSignedIn={() => setSignedIn(true)} />;
  }
  return (
    <Card title={t('scan.title')}>
      {!outcome && !error && <p aria-live="polite">{t('scan.working')}</p>}
      {outcome && <ScanResult outcome={outcome} />}
      <ErrorLine error={error} />
      <button type="button" className="primary" onClick={() => navigate('/app/', true)}>
        {t('nav.home')}
      </button>
    </Card>
  );
}
