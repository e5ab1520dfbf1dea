import { KYC_PATTERNS, kycAppEndpoints } from '@app/contract/kyc';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, uploadKycImage } from '../api';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

const TEXTS = [
  'aadhaarLast4',
  'pan',
  'accountHolder',
  'accountNumber',
  'accountNumberAgain',
  'ifsc',
  'bankName',
  'upiId',
] as const;
const PHOTOS = ['aadhaarFrontFileId', 'aadhaarBackFileId', 'panFileId', 'chequeFileId'] as const;
type TextName = (typeof TEXTS)[number];
type Texts = Record<TextName, string>;
type Photo = (typeof PHOTOS)[number];

/** A name as on a bank account: letters (any script), spaces, dots, apostrophes and hyphens. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'-]{1,119}$/u;

/** What is wrong with the form, field by field, before anything leaves the phone. */
function problems(
  texts: Texts,
  photos: Partial<Record<Photo, File>>,
): Partial<Record<TextName | Photo, string>> {
  const wrong: Partial<Record<TextName | Photo, string>> = {};
  const v = (name: TextName) => texts[name].trim();
  if (!KYC_PATTERNS.aadhaarLast4.test(v('aadhaarLast4'))) wrong.aadhaarLast4 = 'aadhaarLast4';
  if (!KYC_PATTERNS.pan.test(v('pan').toUpperCase())) wrong.pan = 'pan';
  if (!NAME.test(v('accountHolder'))) wrong.accountHolder = 'accountHolder';
  if (!KYC_PATTERNS.accountNumber.test(v('accountNumber'))) wrong.accountNumber = 'accountNumber';
  else if (v('accountNumberAgain') !== v('accountNumber')) wrong.accountNumberAgain = 'accountNumberAgain';
  if (!KYC_PATTERNS.ifsc.test(v('ifsc').toUpperCase())) wrong.ifsc = 'ifsc';
  if (!v('bankName')) wrong.bankName = 'bankName';
  if (v('upiId') && !KYC_PATTERNS.upiId.test(v('upiId'))) wrong.upiId = 'upiId';
  for (const name of PHOTOS) if (!photos[name]) wrong[name] = 'photo';
  return wrong;
}

/**
 * KYC submission: photos taken with the phone's camera (or chosen), only Aadhaar's last 4 digits.
 * Every field is checked on the phone first (nothing is uploaded while one is wrong), the account
 * number is typed twice, and each photo is uploaded once: a retry after a typo sends only the form.
 */
export function KycForm({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Texts>(Object.fromEntries(TEXTS.map((k) => [k, ''])) as Texts);
  const [photos, setPhotos] = useState<Partial<Record<Photo, File>>>({});
  const [wrong, setWrong] = useState<Partial<Record<TextName | Photo, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());
  // The file id each chosen photo got, kept while that same file stays chosen.
  const uploaded = useRef(new Map<File, number>());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const found = problems(texts, photos);
    setWrong(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const ids = {} as Record<Photo, number>;
      // Uploads one after the other: on a slow line, parallel uploads only make each one time out.
      for (const name of PHOTOS) {
        const file = photos[name]!;
        let id = uploaded.current.get(file);
        if (id === undefined) {
          id = await uploadKycImage(file);
          uploaded.current.set(file, id);
        }
        ids[name] = id;
      }
      const { accountNumberAgain: _again, ...body } = texts;
      await call(kycAppEndpoints.submit, {
        idempotencyKey: key.current,
        body: {
          ...body,
          pan: body.pan.trim().toUpperCase(),
          ifsc: body.ifsc.trim().toUpperCase(),
          upiId: body.upiId.trim() || undefined,
          ...ids,
        },
      });
      onSubmitted();
    } catch (err) {
      setError(err);
      // A refused submission is a new one next time (its key would replay the refusal); without an
      // answer the same key goes again, so a submission that did arrive is not made twice.
      if (err instanceof ApiError) key.current = crypto.randomUUID();
    } finally {
      setBusy(false);
    }
  }

  const server = fieldErrors(error);
  const noteOf = (name: TextName | Photo) => {
    const mine = wrong[name];
    return mine ? t(`kyc.check.${mine}`) : server[name];
  };
  return (
    <Card title={t('kyc.submit')}>
      <p>{t('kyc.note')}</p>
      <form onSubmit={submit} noValidate>
        {TEXTS.map((name) => (
          <Field
            key={name}
            label={name === 'accountNumberAgain' ? t('kyc.accountNumberAgain') : t(`kyc.fields.${name}`)}
            value={texts[name]}
            onChange={(value) => setTexts((all) => ({ ...all, [name]: value }))}
            inputMode={
              name === 'aadhaarLast4' || name === 'accountNumber' || name === 'accountNumberAgain'
                ? 'numeric'
                : 'text'
            }
            autoComplete={name === 'accountNumberAgain' ? 'off' : undefined}
            error={noteOf(name)}
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
              aria-invalid={noteOf(name) ? true : undefined}
              onChange={(e) => setPhotos((all) => ({ ...all, [name]: e.target.files?.[0] }))}
            />
            {noteOf(name) && <p className="error">{noteOf(name)}</p>}
          </div>
        ))}
        <ErrorLine error={Object.keys(server).length > 0 ? null : error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('kyc.submit')}
        </button>
      </form>
    </Card>
  );
}
