import { channelAppEndpoints, type DealerSummary, type MyDealer } from '@app/contract/channel';
import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate, formatPoints } from '../i18n';
import { Card, ErrorLine, Field, fieldErrors, LoadState, useLoad } from '../ui';
import { CameraScan } from './CameraScan';

const loadMine = () => call(channelAppEndpoints.myDealer);
const loadPartners = () => call(channelAppEndpoints.myPartners);

/**
 * My dealer: a partner sees his dealer, attaches to one by the dealer's code (scanned from the
 * dealer's QR or typed) or by choosing one nearby, or leaves; a dealer sees his partners instead.
 */
export function Dealer() {
  const { data, setData, error, reload } = useLoad(loadMine);
  if (!data) return <LoadState data={null} error={error} reload={reload} empty="" />;
  return data.isDealer ? <Partners /> : <MyDealerCard mine={data} onChange={setData} />;
}

const place = (d: DealerSummary) => `${d.name} (${d.code}) · ${d.city}`;

function MyDealerCard({ mine, onChange }: { mine: MyDealer; onChange: (m: MyDealer) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const act = async (change: () => Promise<MyDealer>, message: string) => {
    setBusy(true);
    setFailed(null);
    setDone('');
    try {
      onChange(await change());
      setCode('');
      setDone(message);
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(false);
    }
  };
  const choose = (dealerCode: string) =>
    act(() => call(channelAppEndpoints.chooseDealer, { body: { dealerCode } }), t('dealer.attached'));
  const onCode = useCallback((raw: string) => {
    setScanning(false);
    setCode(raw.trim().toUpperCase());
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void choose(code);
  };
  const fields = fieldErrors(failed);
  return (
    <>
      <Card title={t('dealer.title')}>
        <p>{mine.dealer ? place(mine.dealer) : t('dealer.none')}</p>
        {mine.dealer && (
          <button
            type="button"
            disabled={busy}
            onClick={() => act(() => call(channelAppEndpoints.leaveDealer), t('dealer.left'))}
          >
            {t('dealer.leave')}
          </button>
        )}
        {done && (
          <p className="notice good" role="status">
            {done}
          </p>
        )}
      </Card>
      <Card title={t('dealer.choose')}>
        <form onSubmit={submit}>
          <Field
            label={t('dealer.code')}
            value={code}
            onChange={setCode}
            error={fields.dealerCode}
            hint={t('dealer.codeHint')}
            required
          />
          <ErrorLine error={Object.keys(fields).length ? null : failed} />
          <button type="submit" className="primary" disabled={busy}>
            {t('dealer.attach')}
          </button>
          <button type="button" onClick={() => setScanning(true)}>
            {t('dealer.scan')}
          </button>
        </form>
        {scanning && <CameraScan onCode={onCode} onClose={() => setScanning(false)} />}
      </Card>
      <Card title={t('dealer.nearby')}>
        {mine.nearby.length === 0 ? (
          <p className="hint">{t('dealer.noneNearby')}</p>
        ) : (
          <ul className="rows">
            {mine.nearby.map((d) => (
              <li key={d.id}>
                <span>
                  <strong>{d.name}</strong>
                  <small>
                    {d.code} · {d.city} {d.pincode}
                  </small>
                </span>
                <button
                  type="button"
                  disabled={busy || mine.dealer?.id === d.id}
                  onClick={() => choose(d.code)}
                >
                  {t('dealer.pick')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

/** A dealer's partners, their activity and his earnings from their scans; he attaches a partner too. */
function Partners() {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadPartners);
  const [partner, setPartner] = useState('');
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      setData(await call(channelAppEndpoints.attachPartner, { body: { partner } }));
      setPartner('');
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(false);
    }
  };
  const fields = fieldErrors(failed);
  return (
    <>
      <Card title={t('dealer.earnings')}>
        {data && (
          <p>
            {t('dealer.earned', { total: formatPoints(data.shareTotal), last30: formatPoints(data.share30) })}
          </p>
        )}
        <ul className="rows">
          {data?.recentShares.map((s) => (
            <li key={`${s.at}-${s.note}`}>
              <span>
                <strong>{formatPoints(s.points)}</strong>
                <small>
                  {s.note} · {formatDate(s.at)}
                </small>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('dealer.partners')}>
        <LoadState
          data={data?.partners ?? null}
          error={error}
          reload={reload}
          empty={t('dealer.noPartners')}
        />
        <ul className="rows">
          {data?.partners.map((p) => (
            <li key={p.code} className="stack">
              <span>
                <strong>
                  {p.name} ({p.code})
                </strong>
                <small>
                  {t('dealer.activity', {
                    scans: p.scans30,
                    points: formatPoints(p.points30),
                    last: p.lastScanAt ? formatDate(p.lastScanAt) : t('dealer.never'),
                  })}
                </small>
                <small>{t('dealer.yourShare', { points: formatPoints(p.shareEarned) })}</small>
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('dealer.addPartner')}>
        <form onSubmit={submit}>
          <Field
            label={t('dealer.partnerCode')}
            value={partner}
            onChange={setPartner}
            error={fields.partner}
            required
          />
          <ErrorLine error={Object.keys(fields).length ? null : failed} />
          <button type="submit" className="primary" disabled={busy}>
            {t('dealer.attach')}
          </button>
        </form>
      </Card>
    </>
  );
}
