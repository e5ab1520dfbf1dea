import {
  authEndpoints,
  type Enrolled,
  type Enrolment,
  isSecondFactorNeeded,
  type LoginResponse,
  type SecondFactorNeeded,
} from '@app/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { ApiError, call } from './api';
import { saveSession, storedToken } from './session';

/**
 * The sign-in screen at `/`: plain HTML and CSS, no react-admin or MUI, so the first load stays
 * small. The server's own message is shown on failure (bad credentials, locked account, fields).
 */
export function SignInPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<SecondFactorNeeded | null>(null);

  useEffect(() => {
    document.title = 'Action Tesa';
  }, []);

  if (storedToken()) return <Navigate to="/dashboard" replace />;
  // After the password: a code, or setting up an authenticator first (the role requires one).
  if (step) return <SecondFactorStep step={step} onRestart={() => setStep(null)} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const login = await call(authEndpoints.login, { body: { email, password } });
      if (isSecondFactorNeeded(login)) {
        setStep(login);
        setBusy(false);
        return;
      }
      saveSession(login);
      navigate('/dashboard');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server. Try again.');
      setFields(err instanceof ApiError ? (err.fields ?? {}) : {});
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <Logo height={40} />
      <h1>Sign in to the back-office</h1>
      <form onSubmit={submit} noValidate>
        <label htmlFor="sign-in-email">Email</label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={fields.email ? true : undefined}
          aria-describedby={fields.email ? 'sign-in-email-error' : undefined}
        />
        {fields.email && (
          <p id="sign-in-email-error" className="field-error">
            {fields.email}
          </p>
        )}
        <label htmlFor="sign-in-password">Password</label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={fields.password ? true : undefined}
          aria-describedby={fields.password ? 'sign-in-password-error' : undefined}
        />
        {fields.password && (
          <p id="sign-in-password-error" className="field-error">
            {fields.password}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

/**
 * The second step of sign-in, on the same plain page: a code from the authenticator app (or a
 * recovery code); or, when the role requires a second factor not yet set up, its QR code first,
 * then a code from it, then the recovery codes, shown once, before anything else.
 */
function SecondFactorStep({ step, onRestart }: { step: SecondFactorNeeded; onRestart(): void }) {
  const navigate = useNavigate();
  const enrolling = step.secondFactor === 'enrol';
  const [setup, setSetup] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Enrolled | null>(null);

  useEffect(() => {
    if (!enrolling) return;
    call(authEndpoints.enrol, { body: { challenge: step.challenge } })
      .then(setSetup)
      .catch((err) =>
        setError(err instanceof ApiError ? err.message : 'Could not reach the server. Try again.'),
      );
  }, [enrolling, step.challenge]);

  const finish = (login: LoginResponse) => {
    saveSession(login);
    navigate('/dashboard');
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { challenge: step.challenge, code };
      if (enrolling) setDone(await call(authEndpoints.confirmEnrolment, { body }));
      else finish(await call(authEndpoints.secondFactor, { body }));
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.fields?.code ?? err.message)
          : 'Could not reach the server. Try again.',
      );
    }
    setBusy(false);
  }

  if (done) {
    const { recoveryCodes, ...login } = done;
    return (
      <main className="sign-in">
        <Logo height={40} />
        <h1>Save your recovery codes</h1>
        <p>
          Each code signs you in once if your phone is lost. Keep them somewhere safe: they are not shown
          again.
        </p>
        <ul className="recovery-codes" aria-label="Recovery codes">
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => finish(login)}>
          I have saved them, continue
        </button>
      </main>
    );
  }

  return (
    <main className="sign-in">
      <Logo height={40} />
      <h1>{enrolling ? 'Set up two-step sign-in' : 'Two-step sign-in'}</h1>
      {enrolling && (
        <>
          <p>
            Your role signs in with an authenticator app. Scan this code with it, then enter the code it
            shows.
          </p>
          {setup && (
            <>
              <img src={setup.qrCode} alt="QR code for your authenticator app" width={220} height={220} />
              <p>
                Or enter this key: <code data-testid="totp-secret">{setup.secret}</code>
              </p>
            </>
          )}
        </>
      )}
      <form onSubmit={submit} noValidate>
        <label htmlFor="sign-in-code">
          {enrolling ? 'Code from the app' : 'Code from your authenticator app, or a recovery code'}
        </label>
        <input
          id="sign-in-code"
          name="code"
          inputMode={enrolling ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || (enrolling && !setup)}>
          {enrolling ? 'Turn on and sign in' : 'Verify'}
        </button>
        <button type="button" className="link-button" onClick={onRestart}>
          Start again
        </button>
      </form>
    </main>
  );
}
