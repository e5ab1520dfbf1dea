import {
  type MemberProject,
  PROJECT_STAGES,
  PROJECT_TYPES,
  type ProjectStage,
  type ProjectType,
  projectsAppEndpoints,
} from '@app/contract/projects';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, uploadFile } from '../api';
import { formatDate, formatNumber, formatPoints } from '../i18n';
import { Card, ErrorLine, Field, fieldErrors, LoadState, useLoad } from '../ui';

const loadProjects = () => call(projectsAppEndpoints.list);
const blank = { name: '', siteAddress: '', pincode: '', expectedQuantity: '' };

/** The member's projects (sites using the products): register one with photos, follow its approval. */
export function Projects() {
  const { t } = useTranslation();
  const { data, setData, error, reload } = useLoad(loadProjects);
  const [form, setForm] = useState(blank);
  const [type, setType] = useState<ProjectType>('residential');
  const [stage, setStage] = useState<ProjectStage>('planning');
  const [photos, setPhotos] = useState<File[]>([]);
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const key = useRef(crypto.randomUUID());
  const set = (name: keyof typeof blank) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    setDone(false);
    try {
      const photoFileIds: number[] = [];
      for (const photo of photos) photoFileIds.push(await uploadFile(photo, 'project_photo'));
      const project = await call(projectsAppEndpoints.register, {
        idempotencyKey: key.current,
        body: {
          name: form.name,
          siteAddress: form.siteAddress,
          pincode: form.pincode,
          type,
          stage,
          expectedQuantity: Number(form.expectedQuantity),
          photoFileIds,
        },
      });
      setData((all) => [project, ...(all ?? [])]);
      setForm(blank);
      setPhotos([]);
      setDone(true);
      key.current = crypto.randomUUID();
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(false);
    }
  }

  const fields = fieldErrors(failed);
  const text = (name: keyof typeof blank, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field
      label={t(`projects.fields.${name}`)}
      value={form[name]}
      onChange={set(name)}
      error={fields[name]}
      required
      {...extra}
    />
  );
  return (
    <>
      <Card title={t('projects.title')}>
        <LoadState data={data} error={error} reload={reload} empty={t('projects.empty')} />
        <ul className="rows">
          {data?.map((p: MemberProject) => (
            <li key={p.id} className="stack">
              <span>
                <strong translate="no">{p.name}</strong>
                <small>
                  {t(`projects.types.${p.type}`)} · {t(`projects.stages.${p.stage}`)} ·{' '}
                  {t('projects.quantity', { quantity: formatNumber(p.expectedQuantity) })}
                </small>
                <small>
                  {p.siteAddress} {p.pincode} · {formatDate(p.createdAt)}
                </small>
                <small className="badge">{t(`projects.states.${p.state}`)}</small>
                {p.bonusPoints ? (
                  <small>{t('projects.bonus', { points: formatPoints(p.bonusPoints) })}</small>
                ) : null}
                {p.reason && <small>{p.reason}</small>}
              </span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('projects.new')}>
        <form onSubmit={submit}>
          {text('name')}
          {text('siteAddress', { autoComplete: 'street-address' })}
          {text('pincode', { inputMode: 'numeric', autoComplete: 'postal-code' })}
          <div className="field">
            <label htmlFor="project-type">{t('projects.fields.type')}</label>
            <select id="project-type" value={type} onChange={(e) => setType(e.target.value as ProjectType)}>
              {PROJECT_TYPES.map((v) => (
                <option key={v} value={v}>
                  {t(`projects.types.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="project-stage">{t('projects.fields.stage')}</label>
            <select
              id="project-stage"
              value={stage}
              onChange={(e) => setStage(e.target.value as ProjectStage)}
            >
              {PROJECT_STAGES.map((v) => (
                <option key={v} value={v}>
                  {t(`projects.stages.${v}`)}
                </option>
              ))}
            </select>
          </div>
          {text('expectedQuantity', { inputMode: 'numeric' })}
          <div className="field">
            <label htmlFor="project-photos">{t('projects.fields.photos')}</label>
            <input
              id="project-photos"
              type="file"
              accept="image/*"
              capture="environment"
              multiple
              onChange={(e) => setPhotos([...(e.target.files ?? [])].slice(0, 5))}
            />
          </div>
          <ErrorLine error={failed} />
          {done && (
            <p className="notice good" role="status">
              {t('projects.sent')}
            </p>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {t('projects.submit')}
          </button>
        </form>
      </Card>
    </>
  );
}
