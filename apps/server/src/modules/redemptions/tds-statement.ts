import { financialYearDays, formatCount, istDayOf } from '@app/contract/format';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Executor } from '../../db/client';
import { kycSubmissions } from '../../db/schema/kyc';
import { members } from '../../db/schema/members';
import { redemptions } from '../../db/schema/redemptions';
import { notFound } from '../../lib/errors';

/** One cash payout of the year, as the statement lists it. */
interface Payout {
  id: number;
  paidAt: Date | null;
  valuePaise: number;
  tdsPaise: number;
  netPaise: number;
  tdsRateBp: number;
  panLast4: string | null;
}

/** The member's cash redemptions paid in a financial year (their TDS is fixed once paid), oldest first. */
async function payoutsOf(tx: Executor, memberId: number, year: string): Promise<Payout[]> {
  return tx
    .select({
      id: redemptions.id,
      paidAt: redemptions.paidAt,
      valuePaise: redemptions.valuePaise,
      tdsPaise: redemptions.tdsPaise,
      netPaise: redemptions.netPaise,
      tdsRateBp: redemptions.tdsRateBp,
      panLast4: kycSubmissions.panLast4,
    })
    .from(redemptions)
    .leftJoin(kycSubmissions, eq(kycSubmissions.id, redemptions.kycId))
    .where(
      and(
        eq(redemptions.memberId, memberId),
        eq(redemptions.financialYear, year),
        eq(redemptions.kind, 'cash'),
        eq(redemptions.status, 'paid'),
      ),
    )
    .orderBy(asc(redemptions.paidAt), asc(redemptions.id));
}

/** Rupees for the PDF's standard font, which has no ₹ glyph: `Rs 18,000.00`. */
const rs = (paise: number) =>
  `Rs ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** The PAN as the statement shows it: only its last four characters. */
const maskedPan = (last4: string | null) => (last4 ? `XXXXXX${last4}` : 'not on file');
const day = (d: Date | null) => (d ? istDayOf(d).split('-').reverse().join('-') : '');

/**
 * The member's TDS statement of a financial year as a PDF (pdfkit, as the label prints): each cash
 * payout with its date, gross value, TDS withheld, net paid and the PAN it was reported under
 * (masked), then the totals. Made from the redemptions as they stand: a refunded one is not a payout.
 */
export async function tdsStatementPdf(
  tx: Executor,
  memberId: number,
  year: string,
): Promise<{ name: string; pdf: Buffer; payouts: number }> {
  const [member] = await tx
    .select({ code: members.code, name: members.name })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw notFound('Member');
  const rows = await payoutsOf(tx, memberId, year);
  const { from, to } = financialYearDays(year);

  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `TDS statement ${year}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(16).text('Action Tesa - TDS statement');
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(
    `Financial year ${year} (${day(new Date(`${from}T12:00:00+05:30`))} to ${day(new Date(`${to}T12:00:00+05:30`))})`,
  );
  doc.text(`Member: ${member.name} (${member.code})`);
  doc.text('Tax deducted at source under section 194R on cash redemptions paid to you.');
  doc.moveDown();

  const columns = [
    { title: 'Date paid', x: 48, width: 70, align: 'left' as const },
    { title: 'Redemption', x: 118, width: 70, align: 'left' as const },
    { title: 'Gross', x: 188, width: 90, align: 'right' as const },
    { title: 'TDS', x: 278, width: 80, align: 'right' as const },
    { title: 'Net paid', x: 358, width: 90, align: 'right' as const },
    { title: 'PAN', x: 458, width: 90, align: 'left' as const },
  ];
  const line = (cells: string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.width, align: c.align, lineBreak: false });
    });
    doc.x = 48;
    doc.y = y + 16;
  };
  line(
    columns.map((c) => c.title),
    true,
  );
  for (const r of rows)
    line([
      day(r.paidAt),
      `#${r.id}`,
      rs(r.valuePaise),
      rs(r.tdsPaise),
      rs(r.netPaise),
      maskedPan(r.panLast4),
    ]);
  if (rows.length === 0) line(['No cash payouts in this year']);
  const sum = (pick: (r: Payout) => number) => rows.reduce((s, r) => s + Number(pick(r)), 0);
  doc.moveDown(0.5);
  line(
    [
      'Total',
      `${formatCount(rows.length)} paid`,
      rs(sum((r) => r.valuePaise)),
      rs(sum((r) => r.tdsPaise)),
      rs(sum((r) => r.netPaise)),
      '',
    ],
    true,
  );
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      'TDS withheld is deposited against the PAN shown and appears in your Form 26AS. Made by the Action Tesa app; amounts as recorded when each payout was made.',
      48,
      doc.y,
      { width: 500 },
    );
  doc.end();
  await done;
  return {
    name: `tds-statement-${year}-${member.code}.pdf`,
    pdf: Buffer.concat(chunks),
    payouts: rows.length,
  };
}
