/** Shown in place of a route that could not load (typically a network failure fetching its code). */
export function RouteFailed({ error }: { error: Error }) {
  return (
    <div className="plain-notice" role="alert">
      <h1>This page could not be loaded</h1>
      <p>{error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}
