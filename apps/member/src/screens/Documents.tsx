import type { AppDocument } from '@app/contract/content-documents';
import { contentAppEndpoints } from '@app/contract/content-media';
import { type MemberProfile, memberAppEndpoints } from '@app/contract/member-app';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, memberFileUrl } from '../api';
import { formatDate, type Language } from '../i18n';
import { Card, ErrorLine, LoadState, useLoad } from '../ui';

/**
 * The programme's documents (terms, privacy, scheme rules, FAQ), the latest published version of
 * each; the terms version in force is accepted here when the member has not accepted it yet.
 */
export function Documents({ profile, onChanged }: { profile: MemberProfile; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  // In the language the app shows (the member's stored one may be a moment behind), again when it changes.
  const load = useCallback(
    () => call(contentAppEndpoints.documents, { query: { language: i18n.language as Language } }),
    [i18n.language],
  );
  const { data, error, reload } = useLoad(load);
  const [failed, setFailed] = useState<unknown>(null);

  const accept = (version: string) =>
    call(memberAppEndpoints.acceptTerms, { body: { version }, idempotencyKey: `terms-${version}` })
      .then(onChanged)
      .catch(setFailed);
  const openFile = (doc: AppDocument) => {
    if (!doc.fileUrl) return;
    memberFileUrl(doc.fileUrl)
      .then((url) => window.open(url, '_blank', 'noopener'))
      .catch(setFailed);
  };

  return (
    <Card title={t('documents.title')}>
      <LoadState data={data} error={error} reload={reload} empty={t('documents.empty')} />
      <ErrorLine error={failed} />
      <ul className="rows">
        {data?.map((doc) => {
          const toAccept =
            doc.kind === 'terms' &&
            profile.termsAcceptanceNeeded &&
            doc.version === profile.currentTermsVersion;
          const accepted = doc.kind === 'terms' && profile.termsVersion === doc.version;
          return (
            <li key={doc.id} className="stack">
              {/* `lang` says when a document is not written in the member's language (English then). */}
              <details open={toAccept || undefined} lang={doc.language}>
                <summary>
                  <strong>{doc.title}</strong>{' '}
                  <small lang={i18n.language}>
                    {t(`documents.kinds.${doc.kind}`)} · {t('documents.version', { version: doc.version })} ·{' '}
                    {formatDate(doc.publishedAt)}
                  </small>
                </summary>
                {doc.body && <p className="document-body">{doc.body}</p>}
                {doc.fileUrl && (
                  <button type="button" lang={i18n.language} onClick={() => openFile(doc)}>
                    {t('documents.openFile')}
                  </button>
                )}
              </details>
              {toAccept && (
                <button type="button" className="primary" onClick={() => void accept(doc.version)}>
                  {t('terms.accept')}
                </button>
              )}
              {accepted && <small className="badge">{t('documents.accepted')}</small>}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
