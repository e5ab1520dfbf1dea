import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { moveFiles } from '../operations/file-move';
import { s3Bucket } from '../plugins/s3-bucket';
import { prepareDatabase, prepareOptions } from '../prepare';

/**
 * `npm run files:move -- --to s3|postgres`: moves every stored file between the database and
 * S3_BUCKET (see operations/file-move.ts). Run it again after an interruption; it goes on.
 * Set FILE_STORAGE to the destination first, so that new files are not written behind it.
 */
const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3' && values.to !== 'postgres') {
  console.error('Usage: npm run files:move -- --to s3|postgres');
  process.exit(2);
}
const config = loadConfig();
if (!config.files.s3) {
  console.error('S3_BUCKET is required to move files (with S3_REGION, S3_ENDPOINT and the credentials)');
  process.exit(2);
}
const database = await openDatabase(config.database);
const bucket = s3Bucket(config.files.s3);
try {
  await prepareDatabase(database, prepareOptions(config));
  const report = await moveFiles(database, bucket, values.to, {
    onMoved: (_id, done) => {
      if (done % 100 === 0) console.log(`${done} files moved`);
    },
  });
  console.log(
    `${report.moved} files moved to ${values.to === 's3' ? `bucket ${bucket.name}` : 'PostgreSQL'}; ${report.swept} stray objects deleted; ${report.refused.length} refused`,
  );
  for (const { id, reason } of report.refused) console.error(`file ${id} not moved: ${reason}`);
  process.exitCode = report.refused.length > 0 ? 1 : 0;
} finally {
  bucket.destroy();
  await database.close();
}
