import { memberAppEndpoints } from '@app/contract/member-app';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api';
import type { Language } from '../i18n';
import { saveMemberToken } from '../session';
import { Card, ErrorLine, Field, fieldErrors } from '../ui';
import { Register } from './Register';

/** Mobile and one-time code; an unknown mobile goes on to the short registration with the same code. */
export function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'mobile' | 'code' | 'register'>('mobile');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const run = (work: () => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = run(async () => {
    // The language chosen here: a new member's code already arrives in it.
    await call(memberAppEndpoints.requestOtp, { body: { mobile, language: i18n.language as Language } });
    setStep('code');
  });
  const check = (typed: string) =>
    run(async () => {
      try {
        const session = await call(memberAppEndpoints.login, { body: { mobile, code: typed } });
        saveMemberToken(session.token);
        onSignedIn();
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not_registered') setStep('register');
        else throw err;
      }
    });
  const verify = (e: FormEvent) => check(code)(e);
  // The six digits typed (or filled from the SMS) are checked at once, as the payment apps do: no tap.
  const codeTyped = (value: string) => {
    setCode(value);
    if (/^\d{6}$/.test(value) && !busy) void check(value)({ preventDefault() {} } as FormEvent);
  };

  if (step === 'register') return <Register mobile={mobile} code={code} onRegistered={onSignedIn} />;
  const fields = fieldErrors(error);
  return (
    <Card title={t('signIn.title')}>
      {step === 'mobile' ? (
        <form onSubmit={sendCode}>
          <Field
            label={t('signIn.mobile')}
            value={mobile}
            onChange={setMobile}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            autoFocus
            hint={t('signIn.mobileHint')}
            error={fields.mobile}
            required
          />
          <ErrorLine error={Object.keys(fields).length ? null : error} />
          <button type="submit" className="primary" disabled={busy}>
            {t('signIn.sendCode')}
          </button>
        </form>
      ) : (
        <form onSubmit={verify}>
          <p>{t('signIn.codeSent', { mobile })}</p>
          <Field
            label={t('signIn.code')}
            value={code}
            onChange={codeTyped}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            error={fields.code}
            required
          />
          <ErrorLine error={Object.keys(fields).length ? null : error} />
          <button type="submit" className="primary" disabled={busy}>
            {t('signIn.verify')}
          </button>
          <button type="button" className="link" onClick={() => setStep('mobile')}>
            {t('signIn.changeMobile')}
          </button>
        </form>
      )}
    </Card>
  );
}
