import { useTranslation } from 'react-i18next';
import { setLanguage } from './i18n';

/** The app's name, the language switch (each label in its own language) and signing out. */
export function TopBar({ onSignOut }: { onSignOut?: () => void }) {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'hi' ? 'en' : 'hi';
  return (
    <header className="top">
      <h1>{t('appName')}</h1>
      <button type="button" lang={other} onClick={() => void setLanguage(other)}>
        {t('language')}
      </button>
      {onSignOut && (
        <button type="button" onClick={onSignOut}>
          {t('home.signOut')}
        </button>
      )}
    </header>
  );
}
