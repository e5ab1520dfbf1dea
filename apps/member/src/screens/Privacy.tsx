import { type Endpoint, endpointPath } from '@app/contract/endpoint';
import {
  privacyAppEndpoints as api,
  type ConsentState,
  MEMBER_REQUEST_KINDS,
  type PrivacyPurpose,
  PURPOSE_BASIS,
} from '@app/contract/privacy';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, memberFileUrl } from '../api';
import { formatDate } from '../i18n';
import { Card, ErrorLine, Field, fieldErrors, LoadState, useLoad } from '../ui';

const loadConsent = () => call(api.consent);
const loadRequests = () => call(api.requests).then((r) => r.rows);
type Kind = (typeof MEMBER_REQUEST_KINDS)[number];

/** More → Privacy: consent per purpose with withdrawal, the download of my data, my requests. */
export function Privacy({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Consent onChanged={onChanged} />
      <Card title={t('privacy.download')}>
        <div className="actions">
          <DownloadButton endpoint={api.exportJson} name="my-data.json" label={t('privacy.downloadJson')} />
          <DownloadButton endpoint={api.exportPdf} name="my-data.pdf" label={t('privacy.downloadPdf')} />
        </div>
      </Card>
      <Requests />
    </>
  );
}

function Consent({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadConsent);
  const [asking, setAsking] = useState<PrivacyPurpose | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const withdraw = async (purpose: PrivacyPurpose) => {
    setFailed(null);
    try {
      const state: ConsentState = await call(api.withdraw, { body: { purpose } });
      setData(state);
      setAsking(null);
      setDone(true);
      if (PURPOSE_BASIS[purpose] === 'necessary') onChanged();
    } catch (err) {
      setFailed(err);
    }
  };
  return (
    <Card title={t('privacy.consentTitle')}>
      {!data && <LoadState data={null} error={error} reload={reload} empty="" />}
      {data && (
        <ul className="consents">
          {data.purposes.map(({ purpose, basis, granted }) => (
            <li key={purpose} data-testid={`consent-${purpose}`}>
              <strong>{t(`privacy.purposeNames.${purpose}`)}</strong>{' '}
              <span>
                {basis === 'legal'
                  ? t('privacy.legal')
                  : granted
                    ? t('privacy.granted')
                    : t('privacy.notGiven')}
              </span>
              {basis !== 'legal' && granted && asking !== purpose && (
                <button type="button" className="withdraw" onClick={() => setAsking(purpose)}>
                  {t('privacy.withdraw')}
                </button>
              )}
              {asking === purpose && (
                <div className="notice" role="alertdialog" aria-label={t('privacy.withdraw')}>
                  <p>
                    {t(basis === 'necessary' ? 'privacy.confirmNecessary' : 'privacy.confirmWithdraw', {
                      purpose: t(`privacy.purposeNames.${purpose}`),
                    })}
                  </p>
                  <button type="button" className="primary" onClick={() => void withdraw(purpose)}>
                    {t('privacy.yes')}
                  </button>{' '}
                  <button type="button" onClick={() => setAsking(null)}>
                    {t('privacy.no')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {done && (
        <p className="notice good" role="status">
          {t('privacy.withdrawn')}
        </p>
      )}
      <ErrorLine error={failed} />
    </Card>
  );
}

function DownloadButton({ endpoint, name, label }: { endpoint: Endpoint; name: string; label: string }) {
  const [failed, setFailed] = useState<unknown>(null);
  const download = async () => {
    setFailed(null);
    try {
      const url = await memberFileUrl(`/api${endpointPath(endpoint)}`);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setFailed(err);
    }
  };
  return (
    <>
      <button type="button" onClick={() => void download()}>
        {label}
      </button>
      <ErrorLine error={failed} />
    </>
  );
}

function Requests() {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadRequests);
  const [kind, setKind] = useState<Kind>('correction');
  const [details, setDetails] = useState('');
  const [nominee, setNominee] = useState({ name: '', mobile: '', relation: '' });
  const [failed, setFailed] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailed(null);
    setSent(false);
    try {
      const created = await call(api.ask, {
        body: {
          kind,
          details: details || undefined,
          ...(kind === 'nomination'
            ? {
                nomineeName: nominee.name || undefined,
                nomineeMobile: nominee.mobile || undefined,
                nomineeRelation: nominee.relation || undefined,
              }
            : {}),
        },
      });
      setData((rows) => [created, ...(rows ?? [])]);
      setDetails('');
      setSent(true);
    } catch (err) {
      setFailed(err);
    }
  };
  const fields = fieldErrors(failed);
  return (
    <Card title={t('privacy.requestsTitle')}>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="privacy-kind">{t('privacy.kind')}</label>
          <select id="privacy-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {MEMBER_REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`privacy.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'nomination' && (
          <>
            <Field
              label={t('privacy.nomineeName')}
              value={nominee.name}
              onChange={(name) => setNominee((n) => ({ ...n, name }))}
              error={fields.nomineeName}
            />
            <Field
              label={t('privacy.nomineeMobile')}
              value={nominee.mobile}
              type="tel"
              inputMode="tel"
              onChange={(mobile) => setNominee((n) => ({ ...n, mobile }))}
              error={fields.nomineeMobile}
            />
            <Field
              label={t('privacy.nomineeRelation')}
              value={nominee.relation}
              onChange={(relation) => setNominee((n) => ({ ...n, relation }))}
            />
          </>
        )}
        <Field label={t('privacy.details')} value={details} onChange={setDetails} error={fields.details} />
        <ErrorLine error={Object.keys(fields).length ? null : failed} />
        {sent && (
          <p className="notice good" role="status">
            {t('privacy.sent')}
          </p>
        )}
        <button type="submit" className="primary">
          {t('privacy.submit')}
        </button>
      </form>
      <LoadState data={data} error={error} reload={reload} empty={t('privacy.none')} />
      <ul className="requests">
        {(data ?? []).map((r) => (
          <li key={r.id}>
            <strong>{t(`privacy.kinds.${r.kind}`)}</strong> · {t(`privacy.status.${r.status}`)}
            <br />
            {r.outcome
              ? t('privacy.outcome', { text: r.outcome })
              : t('privacy.due', { date: formatDate(r.dueAt) })}
          </li>
        ))}
      </ul>
      <p className="hint">{t('privacy.board')}</p>
    </Card>
  );
}
