// The worker's entry in the compiled server (build.mjs bundles it as dist/read-xlsx.worker.mjs);
// from source, read-xlsx.worker.mjs loads the same two readers through tsx.
import { readXlsx } from './read-xlsx';
import { streamXlsx } from './stream-xlsx';

export default readXlsx;
export { streamXlsx };
