import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's log (its stdout) of the run on `port`: the demo profile's SMS sender writes member
 * one-time codes there, which member-API browser tests read. Errors still reach the runner through
 * stderr.
 */
export const serverLog = (port: number) => path.join(os.tmpdir(), `at-e2e-server-${port}.log`);

/** The newest one-time code the demo server of this run "sent" to `mobile`. */
export async function loggedCode(mobile: string): Promise<string> {
  const file = serverLog(Number(process.env.E2E_PORT ?? 3100));
  for (let i = 0; i < 50; i++) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const code = [...text.matchAll(new RegExp(`SMS to ${mobile}: \\D*(\\d{6})`, 'g'))].at(-1)?.[1];
    if (code) return code;
    // The server's stdout reaches the file a moment after its answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code logged for ${mobile}`);
}
