import { memberAppEndpoints } from '@app/contract/member-app';
import { INDIAN_STATES, MEMBER_TYPES, type MemberType } from '@app/contract/members';
import { type ConsentChoices, isAdult, PRIVACY_NOTICE_VERSION } from '@app/contract/privacy';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api';
import { saveMemberToken } from '../session';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';
import { PrivacyNotice } from './PrivacyNotice';

const blank = { name: '', dateOfBirth: '', line: '', pincode: '', city: '', district: '', state: '' };
/** The fields this form shows an error at (a wrong code, say, has no field here: it is said below). */
const REGISTER_FIELDS = [...Object.keys(blank), 'referralCode', 'dealerCode'];

/**
 * The short registration: first the privacy notice and the consent per purpose, then the form; the
 * code already entered signs the new member in (status pending).
 */
export function Register(props: { mobile: string; code: string; onRegistered: () => void }) {
  const { t, i18n } = useTranslation();
  const [choices, setChoices] = useState<ConsentChoices | null>(null);
  const [form, setForm] = useState(blank);
  const [type, setType] = useState<MemberType>('retailer');
  const [referralCode, setReferralCode] = useState('');
  const [dealerCode, setDealerCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // One key for this registration: a retry after a lost answer signs in the same member.
  const key = useRef(crypto.randomUUID());
  const set = (name: keyof typeof blank) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const [place, setPlace] = useState<'idle' | 'looking' | 'found' | 'unknown'>('idle');

  // A full pincode fills the city, district and state (the programme's stores, else the pincode
  // directory bundled on the server); the member can change them.
  const pincodeTyped = (value: string) => {
    set('pincode')(value);
    if (!/^[1-9]\d{5}$/.test(value)) return setPlace('idle');
    setPlace('looking');
    // The stores' declarations load only when a pincode is typed (outside the first load).
    import('@app/contract/stores')
      .then(({ storesAppEndpoints }) => call(storesAppEndpoints.pincode, { params: { pincode: value } }))
      .then((found) => {
        if (!found.city && !found.district && !found.state) return setPlace('unknown');
        // Only what the member has not typed yet: their own words win.
        setForm((f) =>
          f.pincode !== value
            ? f
            : {
                ...f,
                city: f.city || (found.city ?? ''),
                district: f.district || (found.district ?? ''),
                state: f.state || (found.state ?? ''),
              },
        );
        setPlace('found');
      })
      .catch(() => setPlace('unknown'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.dateOfBirth && !isAdult(form.dateOfBirth)) {
      setError(
        new ApiError(400, 'bad_request', t('privacy.underAge'), { dateOfBirth: t('privacy.underAge') }),
      );
      return;
    }
    if (!choices) return;
    setBusy(true);
    try {
      const { name, dateOfBirth, ...address } = form;
      const session = await call(memberAppEndpoints.register, {
        idempotencyKey: key.current,
        body: {
          mobile: props.mobile,
          code: props.code,
          name,
          type,
          dateOfBirth,
          address,
          referralCode: referralCode || undefined,
          dealerCode: dealerCode || undefined,
          consent: {
            noticeVersion: PRIVACY_NOTICE_VERSION,
            language: i18n.language === 'hi' ? 'hi' : 'en',
            choices,
          },
        },
      });
      saveMemberToken(session.token);
      props.onRegistered();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  if (!choices) return <PrivacyNotice onAnswer={setChoices} />;
  const fields = fieldErrors(error);
  const text = (name: keyof typeof blank, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      label={t(`register.${name}`)}
      value={form[name]}
      onChange={set(name)}
      error={fields[name] ?? fields[`address.${name}`]}
      required
      {...extra}
    />
  );
  return (
    <Card title={t('register.title')}>
      <p>{t('signIn.notRegistered')}</p>
      <form onSubmit={submit}>
        {text('name', { autoComplete: 'name', autoFocus: true })}
        {/* One tap on the member's trade (a list would take two: open it, then choose). */}
        <fieldset className="choices">
          <legend>{t('register.type')}</legend>
          {MEMBER_TYPES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="member-type"
                checked={type === value}
                onChange={() => setType(value)}
              />
              {t(`register.types.${value}`)}
            </label>
          ))}
        </fieldset>
        {text('dateOfBirth', { type: 'date' })}
        {text('pincode', {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          onChange: pincodeTyped,
          hint: place === 'idle' ? undefined : t(`register.place.${place}`),
        })}
        {text('line', { autoComplete: 'street-address' })}
        {text('city')}
        {text('district', { hint: t('register.districtHint') })}
        <div className="field">
          <label htmlFor="member-state">{t('register.state')}</label>
          <select
            id="member-state"
            value={form.state}
            required
            aria-invalid={fields.state || fields['address.state'] ? true : undefined}
            onChange={(e) => set('state')(e.target.value)}
          >
            <option value="">{t('register.chooseState')}</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
          {(fields.state ?? fields['address.state']) && (
            <p className="error">{fields.state ?? fields['address.state']}</p>
          )}
        </div>
        <Field
          label={t('register.referralCode')}
          value={referralCode}
          onChange={setReferralCode}
          error={fields.referralCode}
        />
        <Field
          label={t('register.dealerCode')}
          value={dealerCode}
          onChange={setDealerCode}
          error={fields.dealerCode}
        />
        <ErrorLine error={error} shownByField={REGISTER_FIELDS} />
        <button type="submit" className="primary" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
    </Card>
  );
}
