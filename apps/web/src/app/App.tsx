/** Placeholder until the shell lands: the sign-in screen at `/` and the dashboard under /dashboard. */
export function App() {
  return <div>Action Tesa</div>;
}
