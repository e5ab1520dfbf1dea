import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepScan, type ScanOutcome, sendScan } from '../scan-queue';
import { Card, ErrorLine, Field } from '../ui';
import { ScanResult } from './ScanResult';

/** Type the code printed under the QR (or paste the label's link); kept on the phone until answered. */
export function ScanForm({ onScanned }: { onScanned: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [error, setError] = useState<unknown>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setOutcome(null);
    try {
      setOutcome(await sendScan(keepScan(code.trim())));
      setCode('');
      onScanned();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Card title={t('scan.title')}>
      <form onSubmit={submit}>
        <Field label={t('scan.code')} value={code} onChange={setCode} autoComplete="off" required />
        <button type="submit" className="primary">
          {t('scan.submit')}
        </button>
      </form>
      <ErrorLine error={error} />
      {outcome && <ScanResult outcome={outcome} />}
    </Card>
  );
}
