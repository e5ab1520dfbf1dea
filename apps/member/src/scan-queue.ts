import { couponScanEndpoints, type ScanAnswer } from '@app/contract/coupon-scans';
import { useSyncExternalStore } from 'react';
import { ApiError, call } from './api';

/**
 * Scans waiting on this phone: a label opened before signing in, a code scanned offline, or a scan
 * refused because the registration is not approved yet. Each keeps one Idempotency-Key while the
 * network fails, so a retry after a lost answer is credited once; a refusal gets a fresh key next time.
 */
const QUEUE_KEY = 'member-app.scans';
interface QueuedScan {
  code: string;
  key: string;
}

/**
 * This phone's id, random and kept in localStorage (never the hardware's): sent with every scan, so
 * the cluster fraud rule can count members scanning from one device. Same id for every member signed
 * in on this browser, which is the point.
 */
const DEVICE_KEY = 'member-app.device';
export function deviceId(): string {
  const known = localStorage.getItem(DEVICE_KEY);
  if (known) return known;
  const id = crypto.randomUUID();
  localStorage.setItem(DEVICE_KEY, id);
  return id;
}

const read = (): QueuedScan[] => JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]') as QueuedScan[];
const listeners = new Set<() => void>();
function write(scans: QueuedScan[]) {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(scans));
  for (const listener of listeners) listener();
}
const remove = (key: string) => write(read().filter((s) => s.key !== key));

export const queuedScans = () => read().length;
export const isQueued = (key: string) => read().some((s) => s.key === key);

/** How many scans wait on this phone, following every change to the queue. */
export function useQueuedScans() {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, queuedScans);
}

export function keepScan(code: string): QueuedScan {
  const existing = read().find((s) => s.code === code);
  if (existing) return existing;
  const scan = { code, key: crypto.randomUUID() };
  write([...read(), scan]);
  return scan;
}

export type ScanOutcome =
  | { kind: 'answer'; answer: ScanAnswer }
  | { kind: 'queued'; key: string }
  | { kind: 'kept' };

/**
 * Scans on their way, by key: the label screen and the queue's flush both send a kept scan as the
 * app opens, and the second must wait for the first's answer rather than post the code again.
 */
const inFlight = new Map<string, Promise<ScanOutcome>>();

/** Sends one kept scan: answered and done, kept for approval, or still queued (no network). */
export function sendScan(scan: QueuedScan): Promise<ScanOutcome> {
  const sending = inFlight.get(scan.key);
  if (sending) return sending;
  const sent = post(scan).finally(() => inFlight.delete(scan.key));
  inFlight.set(scan.key, sent);
  return sent;
}

async function post(scan: QueuedScan): Promise<ScanOutcome> {
  try {
    const answer = await call(couponScanEndpoints.scan, {
      body: { code: scan.code, deviceId: deviceId() },
      idempotencyKey: scan.key,
    });
    if (answer.result === 'member_not_allowed') {
      write(read().map((s) => (s.key === scan.key ? { ...s, key: crypto.randomUUID() } : s)));
      return { kind: 'kept' };
    }
    remove(scan.key);
    return { kind: 'answer', answer };
  } catch (error) {
    if (error instanceof ApiError) {
      remove(scan.key);
      throw error;
    }
    return { kind: 'queued', key: scan.key };
  }
}

/** Sends every waiting scan, one at a time; answers how many were answered, credited, and their points. */
export async function flushScans(): Promise<{ sent: number; credited: number; points: number }> {
  const flushed = { sent: 0, credited: 0, points: 0 };
  for (const scan of read()) {
    const outcome = await sendScan(scan).catch(() => null);
    if (outcome?.kind === 'queued') break;
    if (outcome?.kind !== 'answer') continue;
    flushed.sent++;
    if (outcome.answer.result === 'success') {
      flushed.credited++;
      flushed.points += outcome.answer.points;
    }
  }
  return flushed;
}
