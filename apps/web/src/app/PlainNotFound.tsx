import { Link } from 'react-router-dom';

/** A path outside the dashboard that is not the sign-in screen. */
export function PlainNotFound() {
  return (
    <main className="plain-notice">
      <h1>Page not found</h1>
      <p>
        <Link to="/">Go to sign in</Link>
      </p>
    </main>
  );
}
