import { type MemberProfile, memberAppEndpoints } from '@app/contract/member-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { Card, ErrorLine } from '../ui';
import { TermsText } from './TermsText';

/** Asked before redeeming when a terms version is in force that the member has not accepted. */
export function Terms({ profile, onAccepted }: { profile: MemberProfile; onAccepted: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const version = profile.currentTermsVersion ?? '';
  const accept = () =>
    call(memberAppEndpoints.acceptTerms, { body: { version }, idempotencyKey: `terms-${version}` })
      .then(onAccepted)
      .catch(setError);
  return (
    <Card title={t('terms.title')}>
      <p>{t('terms.body', { version })}</p>
      <TermsText version={version} />
      <ErrorLine error={error} />
      <button type="button" className="primary" onClick={accept}>
        {t('terms.accept')}
      </button>
    </Card>
  );
}
