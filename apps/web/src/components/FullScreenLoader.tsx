import { LoadingDots } from './LoadingDots';

interface Props {
  colour: string;
  /** Accessible name of the progress bar, e.g. "Loading page". */
  label: string;
  testId?: string;
}

/** A full-screen overlay of loading dots. It does not block clicks. */
export function FullScreenLoader({ colour, label, testId }: Props) {
  return (
    <div className="full-screen-loader" role="progressbar" aria-label={label} data-testid={testId}>
      <LoadingDots colour={colour} />
    </div>
  );
}
