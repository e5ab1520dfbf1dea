import {
  privacyAppEndpoints as api,
  type ConsentChoices,
  PRIVACY_NOTICE_VERSION,
} from '@app/contract/privacy';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { useLoad } from '../ui';
import { PrivacyNotice } from './PrivacyNotice';

const loadConsent = () => call(api.consent);

/**
 * At each app open, a member who has not answered the current notice version (a new version, or a
 * member from before the notice) sees it before anything else and answers it. A failed check lets
 * the app go on: the server refuses what needs consent anyway (marketing), and the next open asks.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { data, setData } = useLoad(loadConsent);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const answer = useCallback(
    async (choices: ConsentChoices) => {
      setBusy(true);
      setError(null);
      try {
        setData(
          await call(api.give, {
            body: {
              noticeVersion: PRIVACY_NOTICE_VERSION,
              language: i18n.language === 'hi' ? 'hi' : 'en',
              choices,
            },
          }),
        );
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    },
    [i18n.language, setData],
  );
  if (data?.noticeNeeded)
    return <PrivacyNotice changed={data.records.length > 0} error={error} busy={busy} onAnswer={answer} />;
  return <>{children}</>;
}
