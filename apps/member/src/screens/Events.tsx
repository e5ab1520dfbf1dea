import { type AppEvent, contentAppEndpoints } from '@app/contract/content-media';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate, formatNumber } from '../i18n';
import { Card, ErrorLine, LoadState, useLoad } from '../ui';

const loadEvents = () => call(contentAppEndpoints.events);

/** Upcoming events: register (never past capacity) or cancel one's own registration. */
export function Events() {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadEvents);
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<unknown>(null);

  const act = async (event: AppEvent, verb: 'register' | 'cancel') => {
    setBusy(event.id);
    setFailed(null);
    try {
      const declaration =
        verb === 'register'
          ? contentAppEndpoints.registerForEvent
          : contentAppEndpoints.cancelEventRegistration;
      const changed = await call(declaration, {
        params: { id: String(event.id) },
        idempotencyKey: crypto.randomUUID(),
      });
      setData((all) => all?.map((e) => (e.id === changed.id ? changed : e)) ?? null);
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('events.title')}>
      <LoadState data={data} error={error} reload={reload} empty={t('events.empty')} />
      <ErrorLine error={failed} />
      <ul className="rows">
        {data?.map((event) => (
          <li key={event.id} className="stack">
            <span>
              <strong translate="no">{event.title}</strong>
              <small>{t(`events.types.${event.type}`)}</small>
              <small>
                {formatDate(event.startsAt)} – {formatDate(event.endsAt)}
              </small>
              <small translate="no">{event.venue}</small>
              {event.description && <small translate="no">{event.description}</small>}
              <small>
                {event.seatsLeft > 0
                  ? t('events.seatsLeft', {
                      count: event.seatsLeft,
                      formatted: formatNumber(event.seatsLeft),
                    })
                  : t('events.full')}
              </small>
            </span>
            {event.registered ? (
              <>
                <p className="notice good">{t('events.registered')}</p>
                <button
                  type="button"
                  disabled={busy === event.id}
                  onClick={() => void act(event, 'cancel')}
                  aria-label={`${t('events.cancel')}: ${event.title}`}
                >
                  {t('events.cancel')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="primary"
                disabled={busy === event.id || event.seatsLeft <= 0}
                onClick={() => void act(event, 'register')}
                aria-label={`${t('events.register')}: ${event.title}`}
              >
                {t('events.register')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
