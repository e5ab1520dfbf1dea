import { type InboxMessage, inboxAppEndpoints } from '@app/contract/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate } from '../i18n';
import { Card, ErrorLine } from '../ui';

type Message = InboxMessage;

/** The member's messages, newest first; opening one marks it read. */
export function Inbox() {
  const { t } = useTranslation();
  const [items, setItems] = useState<Message[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    call(inboxAppEndpoints.list, { query: {} })
      .then((page) => setItems(page.items))
      .catch(setError);
  }, []);
  const open = (id: number) =>
    call(inboxAppEndpoints.read, { params: { id: String(id) } })
      .then((read) => setItems((all) => all?.map((m) => (m.id === id ? read : m)) ?? null))
      .catch(setError);

  return (
    <Card title={t('inbox.title')}>
      <ErrorLine error={error} />
      {!items && !error && <p>{t('loading')}</p>}
      {items?.length === 0 && <p>{t('inbox.empty')}</p>}
      <ul className="rows">
        {items?.map((m) => (
          <li key={m.id} className="stack">
            <details onToggle={(e) => e.currentTarget.open && !m.readAt && open(m.id)}>
              <summary>
                {!m.readAt && <span className="badge">{t('inbox.unread')}</span>} <strong>{m.title}</strong>
                <small>{formatDate(m.receivedAt)}</small>
              </summary>
              <p>{m.body}</p>
            </details>
          </li>
        ))}
      </ul>
    </Card>
  );
}
