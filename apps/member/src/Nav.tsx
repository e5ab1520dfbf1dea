import { useTranslation } from 'react-i18next';
import { navigate } from './router';

const LINKS = [
  ['/app/', 'home'],
  ['/app/ledger', 'ledger'],
  ['/app/rewards', 'rewards'],
  ['/app/redemptions', 'redemptions'],
  ['/app/inbox', 'inbox'],
  ['/app/more', 'more'],
] as const;

/** The screens reached through More: its tab stays lit on them. */
const UNDER_MORE = [
  '/app/kyc',
  '/app/events',
  '/app/documents',
  '/app/stores',
  '/app/projects',
  '/app/feedback',
  '/app/games',
];

/** The bottom bar: large targets a thumb reaches. */
export function Nav({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom" aria-label={t('appName')}>
      {LINKS.map(([href, key]) => {
        const current =
          href === '/app/'
            ? path === '/app/' || path === '/app'
            : path.startsWith(href) || (href === '/app/more' && UNDER_MORE.some((p) => path.startsWith(p)));
        return (
          <a
            key={href}
            href={href}
            aria-current={current ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              navigate(href);
            }}
          >
            {t(`nav.${key}`)}
          </a>
        );
      })}
    </nav>
  );
}
