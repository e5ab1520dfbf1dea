import { FEEDBACK_CATEGORIES, type FeedbackCategory, feedbackAppEndpoints } from '@app/contract/feedback';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api';
import { formatDate } from '../i18n';
import { Card, ErrorLine, Field, fieldErrors, LoadState, useLoad } from '../ui';

const loadFeedback = () => call(feedbackAppEndpoints.list);

/** Send feedback (category, a 1–5 rating, a message) and read the support team's replies. */
export function Feedback() {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadFeedback);
  const [category, setCategory] = useState<FeedbackCategory>('product');
  const [rating, setRating] = useState(5);
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const key = useRef(crypto.randomUUID());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    setSent(false);
    try {
      const created = await call(feedbackAppEndpoints.send, {
        idempotencyKey: key.current,
        body: { category, rating, message, attachmentFileIds: [] },
      });
      setData((all) => [created, ...(all ?? [])]);
      setMessage('');
      setSent(true);
      key.current = crypto.randomUUID();
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(false);
    }
  }

  const fields = fieldErrors(failed);
  return (
    <>
      <Card title={t('feedback.new')}>
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="feedback-category">{t('feedback.category')}</label>
            <select
              id="feedback-category"
              value={category}
              onChange={(e) => setCategory(e.target.value as FeedbackCategory)}
            >
              {FEEDBACK_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`feedback.categories.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="field rating">
            <legend>{t('feedback.rating')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                />
                <span aria-hidden="true">{'★'.repeat(n)}</span>
                <span className="sr-only">{t('feedback.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          <Field
            label={t('feedback.message')}
            value={message}
            onChange={setMessage}
            error={fields.message}
            required
          />
          <ErrorLine error={Object.keys(fields).length ? null : failed} />
          {sent && (
            <p className="notice good" role="status">
              {t('feedback.sent')}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t('feedback.submit')}
          </button>
        </form>
      </Card>
      <Card title={t('feedback.title')}>
        <LoadState data={data} error={error} reload={reload} empty={t('feedback.empty')} />
        <ul className="rows">
          {data?.map((f) => (
            <li key={f.id} className="stack">
              <span>
                <strong>
                  {t(`feedback.categories.${f.category}`)} · {'★'.repeat(f.rating)}
                </strong>
                <small>{formatDate(f.createdAt)}</small>
                <small className="badge">{t(`feedback.states.${f.state}`)}</small>
                <span className="message" translate="no">
                  {f.message}
                </span>
                {f.replies.map((r) => (
                  <small key={r.id} className="reply">
                    {t('feedback.reply', { text: r.text, when: formatDate(r.createdAt) })}
                  </small>
                ))}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
