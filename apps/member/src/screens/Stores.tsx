import { type NearestStore, storesAppEndpoints } from '@app/contract/stores';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatNumber } from '../i18n';
import { Card } from '../ui';

type Where = { lat: number; lng: number };

/** The nearest active stores to the member's location (asked once, on the member's tap). */
export function Stores() {
  const { t } = useTranslation();
  const [where, setWhere] = useState<Where | null>(null);
  const [stores, setStores] = useState<NearestStore[] | null>(null);
  const [state, setState] = useState<'idle' | 'locating' | 'loading' | 'denied' | 'no_location' | 'failed'>(
    'idle',
  );

  const load = async (at: Where) => {
    setState('loading');
    try {
      const answer = await call(storesAppEndpoints.nearest, {
        query: { lat: at.lat.toFixed(5), lng: at.lng.toFixed(5), limit: '10' },
      });
      setStores(answer.stores);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const locate = () => {
    if (!navigator.geolocation) return setState('no_location');
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const at = { lat: position.coords.latitude, lng: position.coords.longitude };
        setWhere(at);
        void load(at);
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'no_location'),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 300_000 },
    );
  };

  return (
    <Card title={t('stores.title')}>
      <p>{t('stores.intro')}</p>
      <button
        type="button"
        className="primary"
        onClick={locate}
        disabled={state === 'locating' || state === 'loading'}
      >
        {t('stores.locate')}
      </button>
      {(state === 'locating' || state === 'loading') && <p aria-live="polite">{t('loading')}</p>}
      {(state === 'denied' || state === 'no_location') && (
        <p className="notice bad" role="alert">
          {t(`stores.${state}`)}
        </p>
      )}
      {state === 'failed' && (
        <div className="notice bad" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" onClick={() => (where ? void load(where) : locate())}>
            {t('retry')}
          </button>
        </div>
      )}
      {stores?.length === 0 && <p role="status">{t('stores.empty')}</p>}
      <ul className="rows">
        {stores?.map((store) => (
          <li key={store.id} className="stack">
            <span>
              <strong translate="no">{store.name}</strong>
              <small>
                {t(`stores.kinds.${store.kind}`)} ·{' '}
                {t('stores.distance', {
                  km: formatNumber(Math.round(store.distanceKm * 10) / 10),
                })}
              </small>
              <small>
                <span translate="no">
                  {store.address}, {store.city}
                </span>
                , {t(`states.${store.state}`, { defaultValue: store.state })} {store.pincode}
              </small>
              {store.openingHours && <small>{store.openingHours}</small>}
            </span>
            <span className="actions">
              <a className="button" href={`tel:${store.phone.replace(/\s+/g, '')}`}>
                {t('stores.call')}
              </a>
              <a
                className="button"
                href={`https://www.google.com/maps/dir/?api=1&destination=${store.lat},${store.lng}`}
                target="_blank"
                rel="noreferrer"
              >
                {t('stores.directions')}
              </a>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
