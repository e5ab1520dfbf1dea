import fs from 'node:fs';
import { serverLog } from '../server-log';

/** The latest one-time code the demo server on `port` "sent" to `mobile` (its SMS sender logs it). */
export async function lastCode(port: number, mobile: string): Promise<string> {
  const file = serverLog(port);
  for (let i = 0; i < 50; i++) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const code = [...text.matchAll(new RegExp(`SMS to ${mobile}: \\D*(\\d{6})`, 'g'))].at(-1)?.[1];
    if (code) return code;
    // The server's stdout reaches the file a moment after the answer.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code sent to ${mobile}`);
}
