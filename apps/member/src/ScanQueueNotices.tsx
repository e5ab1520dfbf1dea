import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints } from './i18n';
import { flushScans, useQueuedScans } from './scan-queue';

/**
 * Scans kept on the phone (offline, or before approval) go out when signed in and online: while
 * offline the member sees how many wait, and on reconnect how many were credited and for how much.
 */
export function ScanQueueNotices({
  signedIn,
  online,
  onSent,
}: {
  signedIn: boolean;
  online: boolean;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const waiting = useQueuedScans();
  const [credited, setCredited] = useState<{ count: number; points: number } | null>(null);

  useEffect(() => {
    if (!signedIn || !online) return;
    let live = true;
    void flushScans().then((flushed) => {
      if (flushed.sent > 0) onSent();
      if (live && flushed.credited > 0) setCredited({ count: flushed.credited, points: flushed.points });
    });
    return () => {
      live = false;
    };
  }, [signedIn, online, onSent]);

  return (
    <>
      {!online && waiting > 0 && (
        <p className="notice" role="status" data-testid="waiting">
          {t('scan.waiting', { count: waiting })}
        </p>
      )}
      {credited && (
        <p className="notice good" role="status" data-testid="credited-on-return">
          {t('scan.sent', { count: credited.count, points: formatPoints(credited.points) })}
        </p>
      )}
    </>
  );
}
