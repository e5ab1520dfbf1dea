/**
 * The nightly tier evaluation against its ceiling: `runTierEvaluation` (rounds of
 * evaluate_member_tiers: members locked in id order, earned-in-period summed, one UPDATE and one
 * history INSERT per round) versus ONE raw set-based statement making the same changes with no locks
 * and no rounds. N members with 10 successful scans each over the last 18 months (about two thirds in
 * the 12-month period), tiers Base / Silver from 300 / Gold from 600. Each side runs on a fresh copy of
 * the same database (CREATE DATABASE … TEMPLATE), in ABBA order. PostgreSQL only; not part of npm test.
 *
 *   npx tsx bench/tier-evaluation.ts [--members N]        (default 50,000 members = 500,000 scans)
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres (maintenance database)
 */
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { runTierEvaluation } from '../apps/server/src/modules/tiers/tier-evaluation';
import { prepareDatabase } from '../apps/server/src/prepare';

const flag = process.argv.indexOf('--members');
const N = flag > 0 ? Number(process.argv[flag + 1]) : 50_000;
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const base = `bench_tiers_${process.pid}`;
const urlOf = (db: string) => Object.assign(new URL(admin), { pathname: `/${db}` }).toString();

async function withAdmin(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** The same changes as runTierEvaluation, as one statement: the ceiling. */
const RAW = `with p as (select * from tier_policy_in_force()),
  earned as (
    select m.id, m.tier as old_tier, coalesce(sum(cs.points), 0)::int as points
    from members m left join coupon_scans cs on cs.member_id = m.id and cs.result = 'success'
      and cs.created_at > now() - make_interval(months => (select period_months from p))
    group by m.id),
  target as (select e.id, e.old_tier, e.points, tier_for_points((select tiers from p), e.points) as tier from earned e),
  changed as (
    update members m set tier = t.tier, tier_earned = t.points from target t
    where m.id = t.id and (m.tier is distinct from t.tier or m.tier_earned <> t.points) returning m.id)
  insert into member_tiers (member_id, tier, reason, earned, policy_id)
    select t.id, t.tier, 'evaluated', t.points, (select id from p) from target t where t.tier is distinct from t.old_tier`;

async function build() {
  await withAdmin(`create database ${base}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(base) });
  await prepareDatabase(database, { seedDemo: false });
  const q = (text: string) => database.executeSql(text);
  await q(`insert into members (id, code, name, mobile, type, date_of_birth, address_line, city, district, state,
      pincode, referral_code, status)
    select i, 'B' || i, 'Bench member ' || i, (6000000000 + i)::text, 'carpenter', '1990-01-01', '1 Road', 'Pune',
      'Pune', 'Maharashtra', '411001', 'R' || i, 'approved' from generate_series(1, ${N}) i`);
  await q(`insert into coupon_scans (member_id, code, result, points, created_at)
    select i, 'B' || i || ':' || k, 'success', 10 + (i * 7 + k * 13) % 90,
      now() - make_interval(days => k * 54 + (i % 30))
    from generate_series(1, ${N}) i, generate_series(1, 10) k`);
  await q(`insert into tier_policies (period_months, tiers, effective_from, status, requested_by)
    values (12, '[{"name":"Base","nameHi":"बेस","minPoints":0,"multiplier":1,"redeemMinBalance":null},
      {"name":"Silver","nameHi":"सिल्वर","minPoints":300,"multiplier":1.1,"redeemMinBalance":null},
      {"name":"Gold","nameHi":"गोल्ड","minPoints":600,"multiplier":1.25,"redeemMinBalance":null}]',
      now() - interval '1 day', 'approved', 0)`);
  await q('vacuum analyze');
  await database.close();
}

async function side(kind: 'job' | 'raw', round: number) {
  const name = `${base}_${kind}_${round + 1}`;
  await withAdmin(`create database ${name} template ${base}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
  const started = process.hrtime.bigint();
  if (kind === 'job') await runTierEvaluation(database);
  else await database.executeSql(RAW);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const { rows } = await database.executeSql(
    `select count(*) filter (where tier = 'Gold')::int as gold, count(*) filter (where tier = 'Silver')::int as silver,
      (select count(*)::int from member_tiers) as history from members`,
  );
  await database.close();
  await withAdmin(`drop database ${name}`);
  return { ms, ...(rows[0] as { gold: number; silver: number; history: number }) };
}

await build();
try {
  const times: Record<'job' | 'raw', number[]> = { job: [], raw: [] };
  for (const [round, kind] of (['job', 'raw', 'raw', 'job'] as const).entries()) {
    const r = await side(kind, round);
    times[kind].push(r.ms);
    console.log(`${kind}: ${r.ms.toFixed(0)} ms (gold ${r.gold}, silver ${r.silver}, history ${r.history})`);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `tier evaluation, ${N.toLocaleString('en-IN')} members: job ${mean(times.job).toFixed(0)} ms vs raw ${mean(times.raw).toFixed(0)} ms = ${(mean(times.job) / mean(times.raw)).toFixed(2)}×`,
  );
} finally {
  await withAdmin(`drop database if exists ${base}`);
}
