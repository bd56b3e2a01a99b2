import { Zip, type ZipInputFile } from 'fflate';
import { crc32, deflateRawSync } from 'node:zlib';

/** One file of a zip: its path inside the archive, its bytes, and when it last changed. */
export interface ZipEntry {
  path: string;
  bytes: Buffer;
  /** Seconds since the epoch (a pack's lastModified), or undefined for the zip format's first day. */
  modified: number | undefined;
}

/** The deflate method of the zip format (APPNOTE 4.4.5). */
const DEFLATE = 8;
/**
 * zlib's default level: on many small SVG files it is both faster and
 * smaller than fflate's own deflate at any level (measured on mdi's files),
 * so files are deflated by Node's zlib
 * and fflate writes the archive around them.
 */
const LEVEL = 6;
/**
 * A file this large (a multicolour drawing of hundreds of KB, larger still as
 * a React or Vue component) is deflated at LARGE_FILE_LEVEL: on such path data
 * the default level's lazy matching takes several times as long for a tenth
 * fewer bytes (bench/README.md), and a bundle of a few of them must stay
 * within its bound of CPU.
 */
const LARGE_FILE_BYTES = 64 * 1024;
const LARGE_FILE_LEVEL = 4;
/**
 * How files are deflated, and by which zlib: part of what a zip's bytes are made of, for ETags (and an export's
 * reuse of its zips) made from what a zip is made of rather than its bytes.
 */
export const ZIP_DEFLATE = `zlib ${process.versions.zlib} at ${LEVEL}, ${LARGE_FILE_LEVEL} from ${LARGE_FILE_BYTES} bytes`;
/** What a zip sent in chunks gathers before it hands a chunk over (less when ZIP_CHUNK_MS runs out first). */
export const ZIP_CHUNK_BYTES = 256 * 1024;
/**
 * Longest a chunk is made for once it holds something: the requests that
 * come meanwhile wait for it (a server answers them between chunks), and a
 * pack of small files can take far longer than this to fill a chunk.
 */
export const ZIP_CHUNK_MS = 10;

/**
 * The date a zip stores for a file: the zip format keeps a local date and
 * time without a zone, which fflate reads from a Date's local fields. The
 * UTC fields of `modified` are given as local ones, so the bytes are the
 * same in every time zone (a server and an export must agree); before 1980,
 * the format's first day.
 */
export function zipDateOf(modified: number | undefined): Date {
  const utc = new Date((modified ?? 0) * 1000);
  if (utc.getUTCFullYear() < 1980 || utc.getUTCFullYear() > 2099) return new Date(1980, 0, 1);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate(), utc.getUTCHours(), utc.getUTCMinutes(), utc.getUTCSeconds());
}

/**
 * A zip of `entries`, made as it is read: each `next()` deflates entries
 * until ZIP_CHUNK_BYTES of the archive are ready, or ZIP_CHUNK_MS went by
 * with some ready (or all of it is), so its memory is one chunk and one file
 * however many files it holds. The same entries always give the same bytes,
 * however they are cut into chunks.
 */
export function zipChunks(entries: Iterable<ZipEntry>): Iterator<Buffer> & { return(): IteratorResult<Buffer> } {
  const source = entries[Symbol.iterator]();
  let ready: Uint8Array[] = [];
  let readyBytes = 0;
  let ended = false;
  let failure: Error | undefined;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      readyBytes += chunk.length;
    }
  });
  const finish = (): IteratorResult<Buffer> => {
    ended = true;
    source.return?.();
    return { done: true, value: undefined };
  };
  return {
    next(): IteratorResult<Buffer> {
      if (ended && readyBytes === 0) return { done: true, value: undefined };
      const until = performance.now() + ZIP_CHUNK_MS;
      while (!ended && readyBytes < ZIP_CHUNK_BYTES && (readyBytes === 0 || performance.now() < until)) {
        const next = source.next();
        if (next.done) {
          ended = true;
          zip.end();
        } else addEntry(zip, next.value);
        if (failure) throw failure;
      }
      const chunk = Buffer.concat(ready, readyBytes);
      ready = [];
      readyBytes = 0;
      return { done: false, value: chunk };
    },
    return: finish,
  };
}

/** A whole zip of `entries`, for a bundle small enough to be held. */
export function zipBytes(entries: Iterable<ZipEntry>): Buffer {
  const chunks: Buffer[] = [];
  const reader = zipChunks(entries);
  for (let next = reader.next(); !next.done; next = reader.next()) chunks.push(next.value);
  return Buffer.concat(chunks);
}

/** Adds one file, deflated, to the archive (fflate writes its headers, data descriptor and central directory entry). */
function addEntry(zip: Zip, entry: ZipEntry): void {
  const file: ZipInputFile = {
    filename: entry.path,
    size: entry.bytes.length,
    crc: crc32(entry.bytes),
    compression: DEFLATE,
    mtime: zipDateOf(entry.modified),
  };
  zip.add(file);
  file.ondata?.(null, deflateRawSync(entry.bytes, { level: entry.bytes.length >= LARGE_FILE_BYTES ? LARGE_FILE_LEVEL : LEVEL }), true);
}
