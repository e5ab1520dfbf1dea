import { type AppGame, gamesAppEndpoints, type PlayAnswer } from '@app/contract/games';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate, formatNumber, formatPoints } from '../i18n';
import { Card, ErrorLine, LoadState, useLoad } from '../ui';

const loadGames = () => call(gamesAppEndpoints.open);
/**
 * A prize said from its points in the member's language: its label is typed by staff in one
 * language ("10 points", "Better luck next time") and says no more than its points.
 */
const prizeText = (prize: { points: number }) =>
  prize.points > 0 ? formatPoints(prize.points) : i18next.t('games.prizeNone');

/** Games open today: a play draws the prize on the server and credits its points once. */
export function Games({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadGames);
  const [busy, setBusy] = useState<number | null>(null);
  const [won, setWon] = useState<PlayAnswer | null>(null);
  const [failed, setFailed] = useState<unknown>(null);

  const play = async (game: AppGame) => {
    setBusy(game.id);
    setFailed(null);
    setWon(null);
    try {
      const answer = await call(gamesAppEndpoints.play, {
        params: { id: String(game.id) },
        idempotencyKey: crypto.randomUUID(),
      });
      setWon(answer);
      setData(
        (all) => all?.map((g) => (g.id === game.id ? { ...g, playsLeft: answer.playsLeft } : g)) ?? null,
      );
      onChanged();
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('games.title')}>
      <LoadState data={data} error={error} reload={reload} empty={t('games.empty')} />
      <ErrorLine error={failed} />
      {won && (
        <div className="notice good" role="status">
          <p className="big">
            {won.points > 0 ? t('games.won', { points: formatPoints(won.points) }) : t('games.noPrize')}
          </p>
          <p>{t('scan.balance', { balance: formatPoints(won.balance) })}</p>
        </div>
      )}
      <ul className="rows">
        {data?.map((game) => (
          <li key={game.id} className="stack">
            <span>
              <strong translate="no">{game.name}</strong>
              <small>{t(`games.kinds.${game.kind}`)}</small>
              <small>
                {t('games.playsLeft', { count: game.playsLeft, formatted: formatNumber(game.playsLeft) })} ·{' '}
                {t('games.endsOn', { date: formatDate(`${game.endsOn}T23:59:00+05:30`) })}
              </small>
              <small>{t('games.prizes', { prizes: game.prizes.map(prizeText).join(', ') })}</small>
            </span>
            <button
              type="button"
              className="primary"
              disabled={busy === game.id || game.playsLeft <= 0}
              onClick={() => void play(game)}
              aria-label={`${t('games.play')}: ${game.name}`}
            >
              {t('games.play')}
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
