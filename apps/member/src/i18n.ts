import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { hi } from './locales/hi';

/** The member's language, remembered on this phone (and sent to the server once signed in). */
const LANGUAGE_KEY = 'member-app.language';
export type Language = 'en' | 'hi';
export const storedLanguage = (): Language => (localStorage.getItem(LANGUAGE_KEY) === 'hi' ? 'hi' : 'en');

export async function setLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

// Plurals come from the browser's Intl.PluralRules for each language (i18next's `_one`/`_other`).
void i18next.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'en',
  resources: { en: { translation: en }, hi: { translation: hi } },
  interpolation: { escapeValue: false },
});
document.documentElement.lang = storedLanguage();

const locale = () => (i18next.language === 'hi' ? 'hi-IN' : 'en-IN');
/** Indian grouping (1,23,456) in both languages. */
export const formatNumber = (n: number) => new Intl.NumberFormat(locale()).format(n);
export const formatPoints = (n: number) => i18next.t('points', { count: n, formatted: formatNumber(n) });
/** Rupees from paise: ₹1,234 or ₹1,234.50, Indian grouping in both languages. */
export const formatRupees = (paise: number) =>
  new Intl.NumberFormat(locale(), {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 ? 2 : 0,
  }).format(paise / 100);
/** Dates and times as the member lives them: India Standard Time. */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
