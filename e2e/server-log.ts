import os from 'node:os';
import path from 'node:path';

/**
 * The server's log (its stdout) of the run on `port`: the demo profile's SMS sender writes member
 * one-time codes there, which member-API browser tests read (tests/member-app.ts). Errors still
 * reach the runner through stderr.
 */
export const serverLog = (port: number) => path.join(os.tmpdir(), `at-e2e-server-${port}.log`);
