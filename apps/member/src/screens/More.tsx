import { useTranslation } from 'react-i18next';
import { navigate } from '../router';
import { Card } from '../ui';

export const MORE_LINKS = [
  ['/app/kyc', 'kyc'],
  ['/app/events', 'events'],
  ['/app/documents', 'documents'],
  ['/app/dealer', 'dealer'],
  ['/app/stores', 'stores'],
  ['/app/projects', 'projects'],
  ['/app/feedback', 'feedback'],
  ['/app/games', 'games'],
  ['/app/privacy', 'privacy'],
] as const;

/** Everything beyond the bottom bar, as large rows a thumb reaches. */
export function More() {
  const { t } = useTranslation();
  return (
    <Card title={t('nav.more')}>
      <ul className="menu">
        {MORE_LINKS.map(([href, key]) => (
          <li key={href}>
            <a
              href={href}
              onClick={(e) => {
                e.preventDefault();
                navigate(href);
              }}
            >
              {t(`more.${key}`)}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}
