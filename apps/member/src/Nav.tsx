import { useTranslation } from 'react-i18next';
import { navigate } from './router';

const LINKS = [
  ['/app/', 'home'],
  ['/app/ledger', 'ledger'],
  ['/app/rewards', 'rewards'],
  ['/app/redemptions', 'redemptions'],
  ['/app/inbox', 'inbox'],
  ['/app/kyc', 'kyc'],
] as const;

/** The bottom bar: large targets a thumb reaches. */
export function Nav({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <nav className="bottom" aria-label={t('appName')}>
      {LINKS.map(([href, key]) => {
        const current = href === '/app/' ? path === '/app/' || path === '/app' : path.startsWith(href);
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
