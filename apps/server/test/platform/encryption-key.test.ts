import { spawn } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { shiftDay, todayInIndia } from '@app/contract/format';
import { demoEmail } from '@app/contract/permissions';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, DEV_ENCRYPTION_KEY } from '../../src/config';
import type { Database } from '../../src/db/client';
import { decryptText, keyIdOf } from '../../src/lib/field-crypto';
import { checkEncryptionKey } from '../../src/lib/key-check';
import { REENCRYPT_TASK, reencryptAll } from '../../src/lib/key-rotation';
import { countNotUnder, SEALED_FIELDS } from '../../src/lib/sealed-fields';
import { kycBody, submitKyc } from '../../src/modules/kyc/kyc.test-kit';
import { registerMember, smsInbox } from '../../src/modules/members/members.test-kit';
import { createJobs } from '../../src/plugins/jobs';
import { databaseFileStore } from '../../src/plugins/storage';
import { DEMO_PASSWORD } from '../../src/seed/staff';
import { registerTaskHandlers } from '../../src/tasks';
import { createTestApp } from '../harness';
import { SERVER_ARGS, SERVER_DIR } from '../server-process';

/** Start-up waits allow a loaded machine. */
const STARTUP_MS = 300_000;
const OTHER_KEY = Buffer.alloc(32, 0x5a);

/** A value as sealed before key ids: `v1.<iv>.<tag>.<body>`. */
function sealV1(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** A second instance of the app on the same database, with its own configuration and workers. */
async function instance(database: Database, config: Config) {
  const jobs = createJobs(database, { runWorkers: true, pollingSeconds: 0.5 });
  const app = await buildApp({ config, database, jobs, files: databaseFileStore(database), logger: false });
  registerTaskHandlers(app);
  await jobs.start();
  await app.ready();
  const tokens = new Map<string, string>();
  const as = async (role: string, options: InjectOptions) => {
    let token = tokens.get(role);
    if (!token) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: demoEmail(role), password: DEMO_PASSWORD },
      });
      token = res.json().token as string;
      tokens.set(role, token);
    }
    return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  };
  return {
    app,
    as,
    close: async () => {
      await app.close();
      await jobs.stop();
    },
  };
}

/** Values anywhere in the schema (text and jsonb columns) that look sealed but not under `keyId`. */
async function sealedElsewhere(database: Database, keyId: string): Promise<string[]> {
  const columns = await database.executeSql(`
    select table_name as t, column_name as c, data_type as type from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')`);
  const found: string[] = [];
  const sealed = String.raw`v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.|v2\.[0-9a-f]{8}\.`;
  for (const { t, c, type } of columns.rows as { t: string; c: string; type: string }[]) {
    const value = type === 'jsonb' ? `"${c}"::text` : `"${c}"`;
    const { rows } = await database.executeSql(
      `select count(*)::int as n from "${t}" where ${value} ~ $1 and ${value} not like $2`,
      [type === 'jsonb' ? sealed : `^(${sealed})`, `${type === 'jsonb' ? '%' : ''}v2.${keyId}.%`],
    );
    if (Number(rows[0]!.n) > 0) found.push(`${t}.${c}: ${rows[0]!.n}`);
  }
  return found;
}

describe('ENCRYPTION_KEY check', () => {
  it(
    'a second instance started with another ENCRYPTION_KEY refuses to start, naming ENCRYPTION_KEY',
    async () => {
      // The first instance: the database's own key (the demo key of the test profile).
      const t = await createTestApp({ jobs: { runWorkers: false } });
      try {
        const inbox = smsInbox(t);
        const { token } = await registerMember(t, inbox);
        expect((await submitKyc(t, token, await kycBody(t, token))).statusCode).toBe(200);
        const child = spawn(process.execPath, SERVER_ARGS, {
          cwd: SERVER_DIR,
          env: {
            ...process.env,
            DATABASE_URL: t.databaseUrl,
            SEED_DEMO: '1',
            ENCRYPTION_KEY: OTHER_KEY.toString('hex'),
            PORT: '0',
            HOST: '127.0.0.1',
            JOBS: '0',
            LOG_LEVEL: 'warn',
            TEST_DATABASE_URL: '',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
          let out = '';
          const take = (d: Buffer) => {
            out += d;
            // Started as if all were well: stop it, the test fails below.
            if (out.includes('Action Tesa back-office:')) child.kill('SIGTERM');
          };
          child.stdout.on('data', take);
          child.stderr.on('data', take);
          child.on('exit', (code) => resolve({ code, out }));
        });
        expect(out).not.toContain('Action Tesa back-office:');
        expect(code).not.toBe(0);
        expect(out).toMatch(
          /Refusing to start: ENCRYPTION_KEY does not match the key this database is encrypted with/,
        );
        // Nothing was recorded for the refused key; the first instance still reveals.
        const { rows } = await t.database.executeSql('select key_id from encryption_keys');
        expect(rows).toEqual([{ key_id: keyIdOf(DEV_ENCRYPTION_KEY) }]);
      } finally {
        await t.close();
      }
    },
    STARTUP_MS + 60_000,
  );

  it('records the key on a database that has none only when it opens the values already stored', async () => {
    const t = await createTestApp({ jobs: { runWorkers: false } });
    try {
      const db = t.database;
      expect(await checkEncryptionKey(db, { encryptionKey: DEV_ENCRYPTION_KEY })).toEqual({
        state: 'ok',
        keyId: keyIdOf(DEV_ENCRYPTION_KEY),
      });
      await expect(checkEncryptionKey(db, { encryptionKey: OTHER_KEY })).rejects.toThrow(
        /ENCRYPTION_KEY does not match .* Start every instance with the same ENCRYPTION_KEY/,
      );
      // A database sealed before keys were recorded (the demo data are sealed values).
      await db.executeSql('delete from encryption_keys');
      await expect(checkEncryptionKey(db, { encryptionKey: OTHER_KEY })).rejects.toThrow(
        /ENCRYPTION_KEY cannot open the values already stored in this database \(kyc_submissions\.pan_cipher\)/,
      );
      expect(await checkEncryptionKey(db, { encryptionKey: DEV_ENCRYPTION_KEY })).toMatchObject({
        state: 'recorded',
      });
      await expect(checkEncryptionKey(db, { encryptionKey: OTHER_KEY })).rejects.toThrow(/does not match/);
    } finally {
      await t.close();
    }
  });

  it(
    'rotates: a new key beside the old, every sealed value re-encrypted in the background, then the old retired',
    async () => {
      const OLD = DEV_ENCRYPTION_KEY;
      const NEW = randomBytes(32);
      const t = await createTestApp({ jobs: { runWorkers: false } });
      let second: Awaited<ReturnType<typeof instance>> | undefined;
      try {
        const db = t.database;
        // Sealed values of every kind under the old key: KYC numbers, a voucher PIN, a stored answer.
        const inbox = smsInbox(t);
        const { token } = await registerMember(t, inbox);
        const body = await kycBody(t, token, { pan: 'QWERT9876Y', accountNumber: '998877665544' });
        const first = await submitKyc(t, token, body, 'rotation-kyc-1');
        expect(first.statusCode).toBe(200);
        const kycId = first.json().id as number;
        const voucher = await t.as('almond team', {
          method: 'POST',
          url: '/api/admin/gift-vouchers',
          payload: {
            brand: `Rotation ${process.pid}`,
            denominationPaise: 50_000,
            code: `ROT-${process.pid}`,
            pin: '482913',
            expiresOn: shiftDay(todayInIndia(), 90),
          },
        });
        const voucherId = voucher.json().id as number;
        // One value as sealed before key ids: it opens with the current key.
        await db.executeSql('update kyc_submissions set account_cipher = $1 where id = $2', [
          sealV1(OLD, '998877665544'),
          kycId,
        ]);
        const revealKyc = (as: typeof t.as, field: string) =>
          as('cs', { method: 'POST', url: `/api/admin/kyc/${kycId}/reveal`, payload: { field } });
        expect((await revealKyc(t.as, 'accountNumber')).json()).toEqual({
          field: 'accountNumber',
          value: '998877665544',
        });

        // The schema-wide scan sees every kind of sealed value before the rotation.
        expect(await sealedElsewhere(db, keyIdOf(NEW))).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^kyc_submissions\.pan_cipher: /),
            expect.stringMatching(/^kyc_submissions\.account_cipher: /),
            expect.stringMatching(/^gift_vouchers\.pin_cipher: /),
            expect.stringMatching(/^idempotency_keys\.response_body: /),
          ]),
        );

        // Every instance that starts now must carry both keys.
        const rotating = { encryptionKey: NEW, previousEncryptionKey: OLD };
        await expect(checkEncryptionKey(db, { encryptionKey: NEW })).rejects.toThrow(
          /ENCRYPTION_KEY does not match/,
        );
        expect(await checkEncryptionKey(db, rotating)).toEqual({
          state: 'rotation-started',
          keyId: keyIdOf(NEW),
          previousKeyId: keyIdOf(OLD),
        });
        expect(await checkEncryptionKey(db, rotating)).toMatchObject({ state: 'rotating' });
        await expect(checkEncryptionKey(db, { encryptionKey: OLD })).rejects.toThrow(
          /ENCRYPTION_KEY \(key \w+\) is the key this database is being rotated away from/,
        );
        await expect(checkEncryptionKey(db, { encryptionKey: NEW })).rejects.toThrow(
          /ENCRYPTION_KEY_PREVIOUS \(key \w+\) is still needed: \d+ stored values \(kyc_submissions\.pan_cipher: \d+/,
        );

        // Batch by batch, each committed: a crash after two batches keeps them, and a run resumes.
        const total = (await countNotUnder(db.db, keyIdOf(NEW))).reduce((n, f) => n + f.count, 0);
        let batches = 0;
        await expect(
          reencryptAll(db, rotating, {
            batch: 3,
            progress: async () => {
              if (++batches === 2) throw new Error('crash');
            },
          }),
        ).rejects.toThrow('crash');
        const left = (await countNotUnder(db.db, keyIdOf(NEW))).reduce((n, f) => n + f.count, 0);
        expect(left).toBe(total - 6);

        // The instance with the new key queues the background task at start-up and it finishes the work.
        second = await instance(db, { ...t.app.config, ...rotating });
        await expect
          .poll(
            async () =>
              (await db.executeSql('select status, result from tasks where kind = $1', [REENCRYPT_TASK]))
                .rows,
            { timeout: STARTUP_MS, interval: 500 },
          )
          .toEqual([{ status: 'done', result: { rewritten: left, unreadable: [] } }]);
        expect(await countNotUnder(db.db, keyIdOf(NEW))).toEqual([]);
        expect(await sealedElsewhere(db, keyIdOf(NEW))).toEqual([]);
        for (const f of SEALED_FIELDS) {
          const { rows } = await db.executeSql(
            `select "${f.column}" as v from "${f.table}" where "${f.column}" is not null and "${f.column}" <> ''`,
          );
          for (const { v } of rows as { v: string }[]) expect(() => decryptText(NEW, v)).not.toThrow();
        }

        // Every reveal works on the new key alone.
        const as = second.as as typeof t.as;
        expect((await revealKyc(as, 'pan')).json()).toEqual({ field: 'pan', value: 'QWERT9876Y' });
        expect((await revealKyc(as, 'accountNumber')).json()).toEqual({
          field: 'accountNumber',
          value: '998877665544',
        });
        const pin = await as('almond team', {
          method: 'POST',
          url: `/api/admin/gift-vouchers/${voucherId}/reveal`,
        });
        expect(pin.json()).toEqual({ pin: '482913' });
        const replay = await second.app.inject({
          method: 'POST',
          url: '/api/app/kyc',
          payload: body,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'rotation-kyc-1' },
        });
        expect(replay.statusCode).toBe(200);
        expect(replay.json()).toEqual(first.json());

        // Now the old key can go: the first start without it retires it.
        expect(await checkEncryptionKey(db, { encryptionKey: NEW })).toEqual({
          state: 'retired',
          keyId: keyIdOf(NEW),
          previousKeyId: keyIdOf(OLD),
        });
        expect(await checkEncryptionKey(db, { encryptionKey: NEW })).toMatchObject({ state: 'ok' });
        await expect(checkEncryptionKey(db, { encryptionKey: OLD })).rejects.toThrow(/does not match/);
        const { rows } = await db.executeSql('select key_id, state from encryption_keys order by state');
        expect(rows).toEqual([
          { key_id: keyIdOf(NEW), state: 'current' },
          { key_id: keyIdOf(OLD), state: 'retired' },
        ]);
      } finally {
        await second?.close();
        await t.close();
      }
    },
    STARTUP_MS + 60_000,
  );
});
