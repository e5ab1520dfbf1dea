import { Writable } from 'node:stream';

/** A log destination for a test app: every line the app writes, kept in `lines` to be searched. */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}
