import { redemptionsAppEndpoints } from '@app/contract/redemptions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../api';
import { Card, ErrorLine } from '../ui';

/** The financial year (April–March, IST) of today and the two before it: `2026-27`, `2025-26`, … */
function recentYears(now = new Date()): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
    .format(now)
    .split('-')
    .map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return [0, 1, 2].map((back) => `${start - back}-${String((start - back + 1) % 100).padStart(2, '0')}`);
}

/** The member's yearly TDS statement: choose the financial year, download the PDF the server makes. */
export function TdsStatement() {
  const { t } = useTranslation();
  const years = recentYears();
  const [year, setYear] = useState(years[0]!);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(redemptionsAppEndpoints.tdsStatement, { year }, `tds-statement-${year}.pdf`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('redemptions.statement')}>
      <p>{t('redemptions.statementNote')}</p>
      <div className="field">
        <label htmlFor="tds-year">{t('redemptions.statementYear')}</label>
        <select id="tds-year" value={year} onChange={(e) => setYear(e.target.value)}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      <ErrorLine error={error} />
      <button type="button" disabled={busy} onClick={() => void download()}>
        {t('redemptions.statementDownload')}
      </button>
    </Card>
  );
}
