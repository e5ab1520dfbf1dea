import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../config';
import { contentDisposition } from '../lib/downloads';

/** The operations the file store needs from an S3-compatible bucket, each one documented S3 call. */
export interface Bucket {
  readonly name: string;
  /** The origin signed URLs point at (the pages' CSP lets the web app fetch from it). */
  readonly downloadOrigin: string;
  /** Writes `key` (one PUT, or a multipart upload for a stream past 8 MiB); answers what was sent. */
  put(
    key: string,
    content: Buffer | AsyncIterable<Buffer>,
    contentType: string,
  ): Promise<{ size: number; sha256: string }>;
  get(key: string): Promise<Readable>;
  remove(keys: string[]): Promise<void>;
  /** Every key under `prefix`, page by page. */
  keys(prefix: string): AsyncGenerator<string>;
  /** A GET URL signed for `signedUrlSeconds` that answers the file as an attachment named `name`. */
  signedDownload(key: string, download: { name: string; contentType: string }): Promise<string>;
  /** Throws when the bucket cannot be reached with these credentials. */
  check(): Promise<void>;
  destroy(): void;
}

const PART_BYTES = 8 * 1024 * 1024;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: R2, Google Cloud Storage and older MinIO refuse the
    // SDK's default trailing CRC32; each file's SHA-256 is kept and verified by us instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Where the SDK sends a request for the bucket: path style on the endpoint, or the bucket as a subdomain. */
export function bucketOrigin(config: S3Config): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

export function s3Bucket(config: S3Config): Bucket {
  const client = s3Client(config);
  const Bucket = config.bucket;
  return {
    name: Bucket,
    downloadOrigin: bucketOrigin(config),
    async put(key, content, contentType) {
      if (Buffer.isBuffer(content)) {
        // Bytes already in memory (uploads, thumbnails): one PUT of known length.
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: content, ContentType: contentType }),
        );
        return { size: content.length, sha256: createHash('sha256').update(content).digest('hex') };
      }
      const stream = content;
      const hash = createHash('sha256');
      let size = 0;
      async function* counted() {
        for await (const piece of stream) {
          hash.update(piece);
          size += piece.length;
          yield piece;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(counted()), ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 2,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size, sha256: hash.digest('hex') };
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return answer.Body as Readable;
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors?.[0];
        if (failed) throw new Error(`S3 refused to delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
    },
    async *keys(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    signedDownload(key, download) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: download.contentType,
          ResponseContentDisposition: contentDisposition(download.name),
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: config.signedUrlSeconds },
      );
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    destroy() {
      client.destroy();
    },
  };
}
