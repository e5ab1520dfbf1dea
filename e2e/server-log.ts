import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, test } from '@playwright/test';

/**
 * The server's log (its stdout) of the run on `port`: the demo profile's SMS sender writes member
 * one-time codes there, which member-API browser tests read. Errors still reach the runner through
 * stderr.
 */
export const serverLog = (port: number) => path.join(os.tmpdir(), `at-e2e-server-${port}.log`);

/** The log of the app the running test's project talks to (the specs are split over two apps). */
export const testServerLog = () => serverLog(Number(new URL(test.info().project.use.baseURL ?? '').port));

const codesIn = (mobile: string) => {
  const file = testServerLog();
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return [...text.matchAll(new RegExp(`SMS to ${mobile}: \\D*(\\d{6})`, 'g'))].map((m) => m[1]!);
};

/** Every SMS text the demo server of this run "sent" to `mobile`, oldest first. */
export function loggedTexts(mobile: string): string[] {
  const file = testServerLog();
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return [...text.matchAll(new RegExp(`SMS to ${mobile}: (.*)`, 'g'))].map((m) => m[1]!);
}

/**
 * The newest one-time code the demo server of this run "sent" to `mobile`, once the log holds more
 * than `before` of them: a demo member signed in by an earlier spec has older codes in the log, and
 * the new line reaches the file a moment after the server's answer, so without `before` the old code
 * could be read (and refused: "Wrong code").
 */
export async function loggedCode(mobile: string, before = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const codes = codesIn(mobile);
    if (codes.length > before) return codes.at(-1)!;
    // The server's stdout reaches the file a moment after its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no new code logged for ${mobile}`);
}

/**
 * Asks the member API for a one-time code for `mobile` and answers the code the demo server sent: the
 * codes logged before the request are counted first, so a demo member signed in earlier (older codes
 * in the log) never gets one of those back.
 */
export async function requestCode(request: APIRequestContext, mobile: string): Promise<string> {
  const before = codesIn(mobile).length;
  const sent = await request.post('/api/app/otp', { data: { mobile } });
  if (!sent.ok()) throw new Error(`otp: ${sent.status()} ${await sent.text()}`);
  return loggedCode(mobile, before);
}
