import { memberAppEndpoints } from '@app/contract/member-app';
import { MEMBER_TYPES, type MemberType } from '@app/contract/members';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { saveMemberToken } from '../session';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';

const blank = { name: '', dateOfBirth: '', line: '', pincode: '', city: '', district: '', state: '' };

/** The short registration: the code already entered signs the new member in (status pending). */
export function Register(props: { mobile: string; code: string; onRegistered: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState(blank);
  const [type, setType] = useState<MemberType>('retailer');
  const [referralCode, setReferralCode] = useState('');
  const [dealerCode, setDealerCode] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // One key for this registration: a retry after a lost answer signs in the same member.
  const key = useRef(crypto.randomUUID());
  const set = (name: keyof typeof blank) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
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
        {text('name', { autoComplete: 'name' })}
        <div className="field">
          <label htmlFor="member-type">{t('register.type')}</label>
          <select id="member-type" value={type} onChange={(e) => setType(e.target.value as MemberType)}>
            {MEMBER_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`register.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {text('dateOfBirth', { type: 'date' })}
        {text('pincode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
        {text('line', { autoComplete: 'street-address' })}
        {text('city')}
        {text('district')}
        {text('state')}
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
        <ErrorLine error={error} />
        <button type="submit" className="primary" disabled={busy}>
          {t('register.submit')}
        </button>
      </form>
    </Card>
  );
}
