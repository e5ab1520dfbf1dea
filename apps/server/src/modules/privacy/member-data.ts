import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';

/**
 * Every row of one member's personal data, for his right of access. The tables are found in the
 * catalogue, not listed by hand: each table with a `member_id` or `owner_member_id` column, so a table
 * added later is in the download without anyone remembering it. Beside them: the member's own row,
 * the one-time codes sent to his mobile, and the rows hanging off his requests (redemption events,
 * feedback replies). Secrets that are not his data but keys to it (token and code hashes, sealed
 * numbers) are left out; the sealed PAN and account numbers appear by their last four digits.
 */
const LEFT_OUT = /_hash$|_cipher$|^token$|^secret_variables$|^password/;

export interface MemberData {
  member: string;
  generatedAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

/** Tables and the column that names the member in each (from the catalogue, in name order). */
export async function memberTables(db: Executor): Promise<{ table: string; column: string }[]> {
  const { rows } = await db.execute(sql`select c.table_name as "table", min(c.column_name) as "column"
    from information_schema.columns c join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.column_name in ('member_id', 'owner_member_id')
    group by c.table_name order by c.table_name`);
  return rows as { table: string; column: string }[];
}

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

const visible = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !LEFT_OUT.test(column)));

export async function memberDataOf(db: Executor, memberId: number): Promise<MemberData> {
  const { rows: me } = await db.execute(sql`select * from members where id = ${memberId}`);
  const member = me[0] as { code: string; mobile: string } | undefined;
  if (!member) throw notFound('Member');
  const tables: MemberData['tables'] = { members: me.map(visible) };
  for (const { table, column } of await memberTables(db)) {
    const { rows } = await db.execute(
      sql`select * from ${ident(table)} where ${ident(column)} = ${memberId} order by 1`,
    );
    tables[table] = rows.map(visible);
  }
  const extras = {
    member_otps: sql`select * from member_otps where mobile = ${member.mobile} order by id`,
    redemption_events: sql`select e.* from redemption_events e join redemptions r on r.id = e.redemption_id
      where r.member_id = ${memberId} order by e.id`,
    feedback_replies: sql`select x.* from feedback_replies x join feedback f on f.id = x.feedback_id
      where f.member_id = ${memberId} order by x.id`,
  };
  for (const [table, query] of Object.entries(extras))
    tables[table] = (await db.execute(query)).rows.map(visible);
  return { member: member.code, generatedAt: new Date().toISOString(), tables };
}

const cell = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The same data as a readable PDF: one section per table, one block per row. */
export function memberDataPdf(data: MemberData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Personal data of ${data.member}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(16).text(`Your personal data — member ${data.member}`);
  doc.fontSize(9).text(`Prepared ${data.generatedAt} under the Digital Personal Data Protection Act, 2023.`);
  for (const [table, rows] of Object.entries(data.tables)) {
    doc.moveDown().fontSize(12).text(`${table} (${rows.length})`);
    doc.fontSize(8);
    for (const row of rows) {
      doc.moveDown(0.3).text(
        Object.entries(row)
          .map(([k, v]) => `${k}: ${cell(v)}`)
          .join('  ·  '),
      );
    }
  }
  doc.end();
  return done;
}
