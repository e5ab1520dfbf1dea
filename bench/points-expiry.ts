/**
 * The nightly points expiry against its ceiling: `runPointsExpiry` (rounds of
 * expire_points_batch: members locked in id order, one `expiry` entry per due lot, lots closed,
 * balances moved) versus ONE raw set-based statement making the same postings with no locks and no
 * rounds. N members with 10 ledger entries each (9 credits over the last two years, 1 redemption
 * taking from the oldest lots) and a lot per credit expiring 12 months after it: about half are due.
 * Each side runs on a fresh copy of the same database (CREATE DATABASE … TEMPLATE), in ABBA order.
 * PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/points-expiry.ts [--members N]        (default 20,000 members = 200,000 entries)
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runPointsExpiry } from '../apps/server/src/modules/points-expiry/expiry-run';
import { prepareDatabase } from '../apps/server/src/prepare';

const flag = process.argv.indexOf('--members');
const N = flag > 0 ? Number(process.argv[flag + 1]) : 20_000;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const base = `bench_expiry_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** The same postings as runPointsExpiry, as one statement: the ceiling. */
const RAW = `with due as (
    select l.id, l.member_id, l.remaining, m.balance,
      sum(l.remaining) over (partition by l.member_id order by l.id) as through
    from points_lots l join members m on m.id = l.member_id
    where l.remaining > 0 and l.expires_at <= now()),
  posted as (
    insert into points_ledger (member_id, amount, kind, reference, balance_after, note)
    select member_id, -remaining, 'expiry', 'expiry:' || id, balance - through, 'Points expired'
      from due order by member_id, id
    returning id, member_id, amount, reference),
  closed as (
    update points_lots l set remaining = 0, expired_entry_id = p.id
      from posted p where l.id = substr(p.reference, 8)::bigint returning l.id),
  moved as (
    update members m set balance = m.balance + t.total, updated_at = now()
      from (select member_id, sum(amount)::int as total from posted group by member_id) t
      where m.id = t.member_id)
  select count(*)::int as lots from closed`;

async function build() {
  await withAdmin(`create database ${base}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(base) });
  await prepareDatabase(database, { seedDemo: false });
  const q = (text: string) => database.executeSql(text);
  await q(`insert into members (id, code, name, mobile, type, date_of_birth, address_line, city, district, state,
      pincode, referral_code, status)
    select i, 'B' || i, 'Bench member ' || i, (6000000000 + i)::text, 'carpenter', '1990-01-01', '1 Road', 'Pune',
      'Pune', 'Maharashtra', '411001', 'R' || i, 'approved' from generate_series(1, ${N}) i`);
  await q(`insert into points_ledger (member_id, amount, kind, reference, balance_after, created_at)
    select member_id, amount, kind, reference, sum(amount) over (partition by member_id order by k), at
    from (select i as member_id, k, case when k < 10 then 10 + (i * 7 + k * 13) % 90 else -(100 + i % 50) end as amount,
        case when k < 10 then 'joining' else 'redemption_hold' end as kind, 'b:' || i || ':' || k as reference,
        now() - make_interval(days => 730 - k * 73 + (i % 30)) as at
      from generate_series(1, ${N}) i, generate_series(1, 10) k) x order by member_id, k`);
  await q(`update members m set balance = t.total from (select member_id, sum(amount)::int as total
    from points_ledger group by member_id) t where m.id = t.member_id`);
  await q(`with spent as (select member_id, -sum(amount) as points from points_ledger where amount < 0 group by 1),
    credits as (select l.id, l.member_id, l.amount, l.created_at,
      sum(l.amount) over (partition by l.member_id order by l.id) as through from points_ledger l where l.amount > 0)
    insert into points_lots (member_id, entry_id, amount, remaining, earned_at, expires_at)
    select c.member_id, c.id, c.amount, greatest(0, least(c.amount, c.through - coalesce(s.points, 0))),
      c.created_at, c.created_at + interval '12 months' from credits c left join spent s using (member_id)`);
  await q('vacuum analyze');
  await database.close();
}

async function side(kind: 'job' | 'raw', round: number) {
  const name = `${base}_${kind}_${round + 1}`;
  await withAdmin(`create database ${name} template ${base}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
  const started = performance.now();
  const lots =
    kind === 'job'
      ? (await runPointsExpiry(database)).lots
      : Number((await database.executeSql(RAW)).rows[0]!.lots);
  const seconds = (performance.now() - started) / 1000;
  await database.close();
  await withAdmin(`drop database ${name}`);
  return { seconds, lots };
}

await build();
try {
  const times = { job: [] as number[], raw: [] as number[] };
  let lots = 0;
  // A discarded warm-up: the first copy of the template reads it cold, whichever side runs on it.
  await side('raw', -1);
  for (const [round, kind] of (['job', 'raw', 'raw', 'job'] as const).entries()) {
    const r = await side(kind, round);
    times[kind].push(r.seconds);
    lots = r.lots;
    console.log(`${kind}: ${r.lots} lots expired in ${r.seconds.toFixed(2)} s`);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `members ${N}, entries ${N * 10}, lots expired ${lots}: job ${mean(times.job).toFixed(2)} s, raw ${mean(times.raw).toFixed(2)} s, ratio ${(mean(times.job) / mean(times.raw)).toFixed(2)}× (target ≤ 1.5×)`,
  );
} finally {
  await withAdmin(`drop database if exists ${base}`);
}
