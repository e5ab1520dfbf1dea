import type { LoginResponse } from '@app/contract/auth';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Logo } from '../components/Logo';
import { ApiError, api } from './api';
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

  useEffect(() => {
    document.title = 'Action Tesa';
  }, []);

  if (storedToken()) return <Navigate to="/dashboard" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const login = await api<LoginResponse>('/admin/login', { method: 'POST', body: { email, password } });
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
