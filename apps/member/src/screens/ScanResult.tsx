import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { scanFeedback } from '../feedback';
import { formatDate, formatPoints } from '../i18n';
import { isQueued, type ScanOutcome, useQueuedScans } from '../scan-queue';

/**
 * A scan's outcome, brought into view: after a camera scan it would otherwise sit below the screen,
 * under the bottom bar, where the member never sees it.
 */
export function ScanResult({ outcome }: { outcome: ScanOutcome }) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) shown.current?.scrollIntoView({ block: 'center' });
    if (outcome.kind === 'answer') scanFeedback(outcome.answer.result === 'success');
  }, [outcome]);
  return (
    <div ref={shown} data-testid="scan-result">
      <ScanWords outcome={outcome} />
    </div>
  );
}

/** A scan's outcome in words a member understands. */
function ScanWords({ outcome }: { outcome: ScanOutcome }) {
  const { t } = useTranslation();
  useQueuedScans();
  // Once sent on reconnect, the "will be sent" line goes; the app says what was credited.
  if (outcome.kind === 'queued')
    return isQueued(outcome.key) ? <p className="notice">{t('scan.queued')}</p> : null;
  if (outcome.kind === 'kept') return <p className="notice">{t('scan.kept')}</p>;
  const { answer } = outcome;
  if (answer.result !== 'success')
    return (
      <p className="notice bad" role="status">
        {t(`scan.results.${answer.result}`)}
        {/* Too many invalid codes lock scanning (a fraud rule): the member is told when it unlocks. */}
        {answer.lockedUntil && ` ${t('scan.unlocks', { time: formatDate(answer.lockedUntil) })}`}
      </p>
    );
  // A fraud rule's hold: the points are on the balance but cannot be redeemed until staff clear them.
  const today = typeof answer.todayCodes === 'number' && (
    <p data-testid="today-codes">{t('scan.today', { count: answer.todayCodes })}</p>
  );
  if (answer.heldPoints)
    return (
      <div className="notice" role="status" data-testid="scan-held">
        <p className="big">{t('scan.held', { points: formatPoints(answer.heldPoints) })}</p>
        {/* Why: the rules the scan met, so the member knows it is a check and not a fault of the code. */}
        {answer.holdRules && answer.holdRules.length > 0 && (
          <p>
            {t('scan.heldWhy', {
              reasons: answer.holdRules.map((rule) => t(`scan.reasons.${rule}`)).join(', '),
            })}
          </p>
        )}
        {answer.productName && <p>{answer.productName}</p>}
        {today}
      </div>
    );
  return (
    <div className="notice good" role="status">
      <p className="big">{t('scan.credited', { points: formatPoints(answer.points) })}</p>
      {answer.productName && <p>{answer.productName}</p>}
      {answer.balance !== null && <p>{t('scan.balance', { balance: formatPoints(answer.balance) })}</p>}
      {today}
    </div>
  );
}
