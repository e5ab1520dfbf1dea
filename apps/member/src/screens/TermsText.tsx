import type { AppDocument } from '@app/contract/content-documents';
import { contentAppEndpoints } from '@app/contract/content-media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, memberFileUrl } from '../api';
import type { Language } from '../i18n';
import { ErrorLine } from '../ui';

/**
 * The terms a member is asked to accept, readable right where they accept them: fetched when opened,
 * the published version in force (its text, or its file).
 */
export function TermsText({ version }: { version: string }) {
  const { t, i18n } = useTranslation();
  const [terms, setTerms] = useState<AppDocument | null>(null);
  const [error, setError] = useState<unknown>(null);

  const load = () => {
    if (terms) return;
    call(contentAppEndpoints.documents, { query: { language: i18n.language as Language } })
      .then((docs) => {
        const all = docs.filter((d) => d.kind === 'terms');
        const inForce = all.find((d) => d.version === version) ?? all[0];
        if (inForce) setTerms(inForce);
        else setError(new Error(t('terms.missing')));
      })
      .catch(setError);
  };
  const openFile = (url: string) =>
    memberFileUrl(url)
      .then((local) => window.open(local, '_blank', 'noopener'))
      .catch(setError);

  return (
    <details onToggle={(e) => e.currentTarget.open && load()}>
      <summary>{t('terms.read')}</summary>
      <ErrorLine error={error} />
      {!terms && !error && <p aria-live="polite">{t('loading')}</p>}
      {terms && (
        <div data-testid="terms-text">
          <h3 lang={terms.language}>{terms.title}</h3>
          {terms.body && (
            <p className="document-body" lang={terms.language}>
              {terms.body}
            </p>
          )}
          {terms.fileUrl && (
            <button type="button" onClick={() => terms.fileUrl && openFile(terms.fileUrl)}>
              {t('documents.openFile')}
            </button>
          )}
        </div>
      )}
    </details>
  );
}
