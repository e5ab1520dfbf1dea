import { kycAppEndpoints } from '@app/contract/kyc';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, uploadKycImage } from '../api';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

const TEXTS = ['aadhaarLast4', 'pan', 'accountHolder', 'accountNumber', 'ifsc', 'bankName', 'upiId'] as const;
const PHOTOS = ['aadhaarFrontFileId', 'aadhaarBackFileId', 'panFileId', 'chequeFileId'] as const;
type Texts = Record<(typeof TEXTS)[number], string>;

/** KYC submission: photos taken with the phone's camera (or chosen), only Aadhaar's last 4 digits. */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Texts>(Object.fromEntries(TEXTS.map((k) => [k, ''])) as Texts);
  const [photos, setPhotos] = useState<Partial<Record<(typeof PHOTOS)[number], File>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const ids: Record<string, number> = {};
      // Uploads one after the other: on a slow line, parallel uploads only make each one time out.
      for (const name of PHOTOS) {
        const file = photos[name];
        if (!file) throw new Error(t(`kyc.fields.${name}`));
        ids[name] = await uploadKycImage(file);
      }
      await call(kycAppEndpoints.submit, {
        idempotencyKey: key.current,
        body: {
          ...texts,
          upiId: texts.upiId || undefined,
          aadhaarFrontFileId: ids.aadhaarFrontFileId ?? 0,
          aadhaarBackFileId: ids.aadhaarBackFileId ?? 0,
          panFileId: ids.panFileId ?? 0,
          chequeFileId: ids.chequeFileId ?? 0,
        },
      });
      onSubmitted();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  const fields = fieldErrors(error);
  return (
    <Card title={t('kyc.submit')}>
      <p>{t('kyc.note')}</p>
      <form onSubmit={submit}>
        {TEXTS.map((name) => (
          <Field
            key={name}
            label={t(`kyc.fields.${name}`)}
            value={texts[name]}
            onChange={(value) => setTexts((all) => ({ ...all, [name]: value }))}
            inputMode={name === 'aadhaarLast4' || name === 'accountNumber' ? 'numeric' : 'text'}
            error={fields[name]}
            required={name !== 'upiId'}
          />
        ))}
        {PHOTOS.map((name) => (
          <div className="field" key={name}>
            <label htmlFor={`photo-${name}`}>{t(`kyc.fields.${name}`)}</label>
            <input
              id={`photo-${name}`}
              type="file"
              accept="image/*,application/pdf"
              capture="environment"
              required
              onChange={(e) => setPhotos((all) => ({ ...all, [name]: e.target.files?.[0] }))}
            />
            {fields[name] && <p className="error">{fields[name]}</p>}
          </div>
        ))}
        <ErrorLine error={error} shownByField={[...TEXTS, ...PHOTOS]} />
        <button type="submit" className="primary" disabled={busy}>
          {t('kyc.submit')}
        </button>
      </form>
    </Card>
  );
}
