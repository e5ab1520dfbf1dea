import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const OPERATIONS = path.resolve(import.meta.dirname, '../../../../docs/operations');
const SERVER_SRC = path.resolve(import.meta.dirname, '../../src');

/** Prometheus's own checker (Debian package `prometheus`, installed by .ci/run). */
const promtool = (args: string[], cwd = OPERATIONS) =>
  run('promtool', args, { cwd }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number | string; stdout?: string; stderr?: string }) => {
      if (e.code === 'ENOENT') throw new Error('promtool is missing: apt-get install prometheus');
      return { code: Number(e.code ?? 1), out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    },
  );

describe('docs/operations', () => {
  it('alert rules pass promtool check and their unit tests; a broken rule fails', async () => {
    const check = await promtool(['check', 'rules', 'alerts.yml']);
    expect(check.out).toContain('SUCCESS');
    expect(check.code).toBe(0);
    const tests = await promtool(['test', 'rules', 'alerts.test.yml']);
    expect(tests.out).toContain('SUCCESS');
    expect(tests.code).toBe(0);

    const broken = mkdtempSync(path.join(os.tmpdir(), 'alerts-'));
    try {
      cpSync(OPERATIONS, broken, { recursive: true });
      const rules = readFileSync(path.join(broken, 'alerts.yml'), 'utf8');
      writeFileSync(
        path.join(broken, 'alerts.yml'),
        rules.replace(
          'max by (channel) (outbox_oldest_age_seconds) > 600',
          'max by (channel) (outbox_oldest_age_seconds > 600',
        ),
      );
      expect((await promtool(['check', 'rules', 'alerts.yml'], broken)).code).not.toBe(0);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('the dashboard and the rules use only metrics the server exports', () => {
    const dashboard = JSON.parse(readFileSync(path.join(OPERATIONS, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = [
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
      readFileSync(path.join(OPERATIONS, 'alerts.yml'), 'utf8'),
    ].join('\n');
    const used = new Set(
      [
        ...exprs.matchAll(
          /\b((?:http|coupon|provider|webhook|db|job|outbox|nodejs|process)_[a-z0-9_]+|payouts)\b/g,
        ),
      ].map((m) => m[1]!.replace(/_(bucket|count|sum)$/, '')),
    );
    const source = ['lib/metrics.ts', 'plugins/metrics.ts']
      .map((f) => readFileSync(path.join(SERVER_SRC, f), 'utf8'))
      .join('\n');
    const declared = new Set([...source.matchAll(/name: '([a-z_]+)'/g)].map((m) => m[1]));
    // prom-client's default metrics (collectDefaultMetrics).
    const defaults = [
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
    ];
    for (const name of used) {
      expect(declared.has(name) || defaults.includes(name), name).toBe(true);
    }
    expect(readdirSync(OPERATIONS).sort()).toEqual([
      'alerts.test.yml',
      'alerts.yml',
      'grafana-dashboard.json',
    ]);
  });
});
