import path from 'node:path';

/**
 * How a test starts `npm start`'s server in a child process: `node` on the compiled bundle, as
 * `npm start` runs it (the run's global setup makes it current). `spawn(process.execPath, SERVER_ARGS,
 * { cwd: SERVER_DIR })`.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const SERVER_ARGS = ['dist/server.mjs'];
