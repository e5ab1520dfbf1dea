import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from './i18n';

/** The app's name, the language picker (each language named in its own script) and signing out. */
export function TopBar({ onSignOut }: { onSignOut?: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <header className="top">
      <h1>{t('appName')}</h1>
      <select
        aria-label={t('language')}
        value={i18n.language}
        onChange={(e) => void setLanguage(e.target.value as Language)}
      >
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      {onSignOut && (
        <button type="button" onClick={onSignOut}>
          {t('home.signOut')}
        </button>
      )}
    </header>
  );
}
