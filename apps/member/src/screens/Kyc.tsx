import { type KycMasked, kycAppEndpoints } from '@app/contract/kyc';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate } from '../i18n';
import { Card, ErrorLine } from '../ui';
import { KycForm } from './KycForm';

/** The member's KYC: the latest submission's state (masked), and the form when none is pending. */
export function Kyc({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<KycMasked[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => call(kycAppEndpoints.list).then(setRows).catch(setError), []);
  useEffect(() => {
    void load();
  }, [load]);
  const latest = rows?.[0];
  return (
    <>
      <Card title={t('kyc.title')}>
        <ErrorLine error={error} />
        {!rows && !error && <p>{t('loading')}</p>}
        {rows && !latest && <p>{t('kyc.none')}</p>}
        {latest && (
          <p>
            <span className="badge">{t(`kyc.status.${latest.status}`)}</span> {formatDate(latest.submittedAt)}
            <br />
            {/* The member's own numbers, masked, and the reason staff typed: as they are. */}
            <span translate="no">
              {latest.aadhaar} · {latest.pan} · {latest.accountNumber}
            </span>
            {latest.reason && (
              <>
                <br />
                <span translate="no">{latest.reason}</span>
              </>
            )}
          </p>
        )}
      </Card>
      {rows && latest?.status !== 'submitted' && latest?.status !== 'approved' && (
        <KycForm
          onSubmitted={() => {
            onChanged();
            void load();
          }}
        />
      )}
    </>
  );
}
