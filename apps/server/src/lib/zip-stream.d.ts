/** The part of zip-stream 4 (archiver's zip writer, compress-commons underneath) this server uses. */
declare module 'zip-stream' {
  import type { Readable, Transform } from 'node:stream';
  import type { ZlibOptions } from 'node:zlib';

  interface EntryData {
    name: string;
    date?: Date;
    store?: boolean;
  }
  class ZipStream extends Transform {
    constructor(options?: { zlib?: ZlibOptions; store?: boolean; forceZip64?: boolean });
    /** One entry at a time: the callback says this one is written and the next may start. */
    entry(
      source: Buffer | string | Readable,
      data: EntryData,
      callback: (error?: Error | null) => void,
    ): this;
    finalize(): void;
  }
  export default ZipStream;
}
