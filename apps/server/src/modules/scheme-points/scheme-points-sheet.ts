import { todayInIndia } from '@app/contract/format';
import { POINTS_UPLOAD_COLUMNS } from '@app/contract/scheme-points';
import { readSheet, templateWorkbook } from '../../lib/sheets';

/** Reads the first sheet of a points upload; the header row must name the template's columns. */
export const readPointsSheet = (content: Buffer) => readSheet(content, POINTS_UPLOAD_COLUMNS);

/** The upload template: the header, one example row (a made-up SKU, so it never applies as is), help. */
export const pointsTemplate = () =>
  templateWorkbook({
    sheet: 'Scheme points',
    columns: POINTS_UPLOAD_COLUMNS,
    formats: { 'Effective from': 'dd/mm/yyyy' },
    examples: [['SKU-CODE', 30, new Date(`${todayInIndia()}T00:00:00Z`), 'New price list']],
    instructions: [
      'One row per change: the SKU’s base points from 00:00 IST of the Effective from day.',
      'SKU: a product code of the catalogue. Points: a whole number from 0 to 100000.',
      'Effective from: today or later, as DD/MM/YYYY or an Excel date. Reason: required, at most 200 characters.',
      'The same SKU may appear more than once only with different Effective from days.',
      'A file with errors applies nothing unless you choose "Apply valid rows". Replace the example row.',
    ],
  });
