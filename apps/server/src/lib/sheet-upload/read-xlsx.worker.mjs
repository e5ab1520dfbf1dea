// The worker's entry: the reader is TypeScript and a worker thread starts without any loader. tsx's
// CommonJS hook is registered for this thread alone; its ESM hook would start a hooks thread for
// every worker (about 0.2 s before the first row is read).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('tsx/cjs/api').register();
const { readXlsx } = require('./read-xlsx.ts');
const { streamXlsx } = require('./stream-xlsx.ts');

export default readXlsx;
export { streamXlsx };
