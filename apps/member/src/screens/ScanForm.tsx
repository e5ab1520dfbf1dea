import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepScan, type ScanOutcome, sendScan } from '../scan-queue';
import { codeFromLabel } from '../scanner/code-from-label';
import { Card, ErrorLine, Field } from '../ui';
import { CameraScan } from './CameraScan';
import { ScanResult } from './ScanResult';

/**
 * Scan the label with the camera, or type the code printed under the QR (or paste the label's link);
 * either way the code is kept on the phone with its Idempotency-Key until answered.
 */
export function ScanForm({ onScanned }: { onScanned: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  // A stack of packs: the camera stays open and each code is sent as it is read.
  const [continuous, setContinuous] = useState(false);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [error, setError] = useState<unknown>(null);

  const send = useCallback(
    async (raw: string) => {
      setError(null);
      setOutcome(null);
      try {
        setOutcome(await sendScan(keepScan(codeFromLabel(raw))));
        setCode('');
        onScanned();
      } catch (err) {
        setError(err);
      }
    },
    [onScanned],
  );
  const scanned = useCallback(
    (raw: string) => {
      if (!continuous) setCamera(false);
      void send(raw);
    },
    [send, continuous],
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    await send(code);
  }

  return (
    <Card title={t('scan.title')}>
      <label className="check">
        <input type="checkbox" checked={continuous} onChange={(e) => setContinuous(e.target.checked)} />
        {t('camera.continuous')}
      </label>
      {camera ? (
        <CameraScan onCode={scanned} onClose={() => setCamera(false)} continuous={continuous} />
      ) : (
        <button type="button" className="primary" onClick={() => setCamera(true)}>
          {t('camera.open')}
        </button>
      )}
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
