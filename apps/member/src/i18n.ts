import type { MessageLanguage } from '@app/contract/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, type Messages } from './locales/en';
import { hi } from './locales/hi';

/** The member's language, remembered on this phone (and sent to the server once signed in). */
const LANGUAGE_KEY = 'member-app.language';
export type Language = MessageLanguage;

/** Every language of the app, each named in its own script (the picker shows these). */
export const LANGUAGES = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  ta: 'தமிழ்',
} as const satisfies Record<Language, string>;
const isLanguage = (value: string | null): value is Language => value !== null && value in LANGUAGES;
export const storedLanguage = (): Language => {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
};

/**
 * English and Hindi come with the app; the others are fetched when first chosen (a hashed file the
 * service worker keeps, so they open offline afterwards), leaving the first load no heavier.
 */
const LATER: Record<Exclude<Language, 'en' | 'hi'>, () => Promise<Messages>> = {
  mr: () => import('./locales/mr').then((m) => m.mr),
  gu: () => import('./locales/gu').then((m) => m.gu),
  ta: () => import('./locales/ta').then((m) => m.ta),
};
async function load(language: Language) {
  if (language === 'en' || language === 'hi' || i18next.hasResourceBundle(language, 'translation')) return;
  i18next.addResourceBundle(language, 'translation', await LATER[language]());
}

export async function setLanguage(language: Language) {
  await load(language);
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

// Plurals come from the browser's Intl.PluralRules for each language (i18next's `_one`/`_other`).
const initial = storedLanguage();
/** Resolves once the stored language's texts are in (the app renders after it, never in a flash of English). */
export const i18nReady: Promise<unknown> = i18next
  .use(initReactI18next)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, hi: { translation: hi } },
    interpolation: { escapeValue: false },
  })
  .then(() => load(initial))
  // A language file that cannot be fetched (offline before it was ever kept) leaves English.
  .then(
    () => i18next.changeLanguage(initial),
    () => undefined,
  );
document.documentElement.lang = initial;

const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN', mr: 'mr-IN', gu: 'gu-IN', ta: 'ta-IN' };
const locale = () => LOCALES[isLanguage(i18next.language) ? i18next.language : 'en'];
/**
 * Indian grouping (1,23,456) with Western digits in every language: the digits printed on labels,
 * notes and SMS texts, which members compare with what the app shows (en-IN has both everywhere).
 */
const numbers = new Intl.NumberFormat('en-IN');
export const formatNumber = (n: number) => numbers.format(n);
export const formatPoints = (n: number) => i18next.t('points', { count: n, formatted: formatNumber(n) });
/** Rupees from paise: ₹1,234 or ₹1,234.50, Indian grouping in every language. */
export const formatRupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: paise % 100 ? 2 : 0,
  }).format(paise / 100);
/**
 * Dates and times as the member lives them: India Standard Time, months in the member's language;
 * the browser's "am"/"pm" is Latin in every Indian locale, so the part of the day is said in words.
 */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(locale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
  })
    .formatToParts(new Date(iso))
    .map((part) =>
      part.type === 'dayPeriod' && i18next.language !== 'en'
        ? i18next.t(/^a/i.test(part.value) ? 'dayPeriod.am' : 'dayPeriod.pm')
        : part.value,
    )
    .join('');
