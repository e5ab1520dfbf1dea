// The worker's entry: the reader is TypeScript, so the worker registers tsx before loading it
// (the server itself runs under tsx; a worker thread starts without any loader).
import { register } from 'tsx/esm/api';

register();
const { readXlsx } = await import('./read-xlsx.ts');

export default readXlsx;
