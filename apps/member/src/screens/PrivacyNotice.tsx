import { type ConsentChoices, PRIVACY_NOTICE_VERSION, PRIVACY_PURPOSES } from '@app/contract/privacy';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, ErrorLine } from '../ui';

/**
 * The privacy notice, on its own before anything else is asked (DPDP Act): the data, each purpose,
 * the rights and the Board, in the member's language, then the consent per purpose: the necessary
 * bundle, agreed by the button (without it there is no programme), and marketing on its own, unticked. Shown before registration and
 * again when a new notice version is published.
 */
export function PrivacyNotice(props: {
  changed?: boolean;
  error?: unknown;
  busy?: boolean;
  onAnswer: (choices: ConsentChoices) => void;
}) {
  const { t } = useTranslation();
  const [marketing, setMarketing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The button is the affirmative act for the necessary bundle; marketing is its own choice.
    props.onAnswer({ necessary: true, marketing });
  };
  return (
    <Card title={t('privacy.noticeTitle')}>
      {props.changed && <p className="notice">{t('privacy.changed')}</p>}
      <p>{t('privacy.noticeIntro', { version: PRIVACY_NOTICE_VERSION })}</p>
      <h3>{t('privacy.dataTitle')}</h3>
      <p>{t('privacy.data')}</p>
      <h3>{t('privacy.purposesTitle')}</h3>
      <ul>
        {PRIVACY_PURPOSES.map((purpose) => (
          <li key={purpose}>{t(`privacy.purposes.${purpose}`)}</li>
        ))}
      </ul>
      <h3>{t('privacy.rightsTitle')}</h3>
      <p>{t('privacy.rights')}</p>
      <form onSubmit={submit}>
        <p>
          <strong>{t('privacy.necessary')}</strong>
          <br />
          <span className="hint">{t('privacy.necessaryHint')}</span>
        </p>
        <label className="check">
          <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
          {t('privacy.marketing')}
        </label>
        <ErrorLine error={props.error} />
        <button type="submit" className="primary" disabled={props.busy}>
          {t('privacy.agree')}
        </button>
      </form>
    </Card>
  );
}
