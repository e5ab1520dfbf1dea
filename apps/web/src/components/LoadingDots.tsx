import type { CSSProperties } from 'react';
import './loading-dots.css';

/** Three pulsing dots in the given colour (green for route changes, light grey for report calls). */
export function LoadingDots({ colour }: { colour: string }) {
  return (
    <span className="loading-dots" style={{ '--dots-colour': colour } as CSSProperties} aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
