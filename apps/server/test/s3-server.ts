import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config';

/**
 * A local S3-compatible server (s3rver: PUT, GET, HEAD, DELETE, multi-object delete, multipart and
 * presigned GETs, expiry checked) on a loopback port, its objects in a temporary directory, with one
 * bucket. It checks no signature: the tests prove expiry and permissions, not AWS's cryptography.
 */
export async function startS3Server(
  bucket = 'loyalty-files',
): Promise<{ config: S3Config; directory: string; close: () => Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'at-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      signedUrlSeconds: 60,
    },
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
