import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the test server (SMS_OUTBOX_FILE) writes member text messages, one JSON line each. */
export const smsOutboxFile = (port: number) => path.join(os.tmpdir(), `at-e2e-sms-${port}.jsonl`);

/** The latest one-time code sent to `mobile` by the server on `port`. */
export function lastCode(port: number, mobile: string): string {
  const file = smsOutboxFile(port);
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
  for (const line of lines.reverse()) {
    const m = JSON.parse(line) as { mobile: string; text: string };
    const code = m.mobile === mobile ? /\b(\d{6})\b/.exec(m.text)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(`no code sent to ${mobile}`);
}
