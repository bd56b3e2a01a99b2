import { closeSync, linkSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Encoding } from '../../util/compression.js';
import type { Resource } from '../../core/resource.js';

/** File name suffix of each stored coding, as nginx's gzip_static and brotli_static expect. */
export const CODINGS: ReadonlyArray<[suffix: string, encoding: Encoding]> = [
  ['', 'identity'],
  ['.br', 'br'],
  ['.gz', 'gzip'],
];

/** The codings an export writes: all three, or the identity file only. */
export function codingsFor(compress: boolean): ReadonlyArray<[suffix: string, encoding: Encoding]> {
  return compress ? CODINGS : CODINGS.filter(([, encoding]) => encoding === 'identity');
}

export interface WriteCounts {
  files: number;
  bytes: number;
  /** Files written anew. */
  written: number;
  /** Files whose bytes were unchanged, linked from the previous export. */
  kept: number;
}

export function emptyCounts(): WriteCounts {
  return { files: 0, bytes: 0, written: 0, kept: 0 };
}

export function addCounts(total: WriteCounts, part: WriteCounts): void {
  total.files += part.files;
  total.bytes += part.bytes;
  total.written += part.written;
  total.kept += part.kept;
}

/**
 * The size of the file at `path`, undefined when there is none: asked of
 * every file an export writes where an earlier export may have one, so an
 * absent file is an answer, not an error (which costs far more to make).
 */
function sizeOf(path: string): number | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false })?.size;
  } catch {
    return undefined;
  }
}

/** Whether the file at `path` holds exactly `bytes`. */
export function sameBytes(path: string, bytes: Buffer): boolean {
  if (sizeOf(path) !== bytes.length) return false;
  try {
    return readFileSync(path).equals(bytes);
  } catch {
    return false;
  }
}

/** Whether two files hold the same `length` bytes, read a piece at a time. */
function sameFiles(a: string, b: string, length: number): boolean {
  if (sizeOf(a) !== length) return false;
  const [left, right] = [openSync(a, 'r'), openSync(b, 'r')];
  const [one, other] = [Buffer.alloc(1024 * 1024), Buffer.alloc(1024 * 1024)];
  try {
    for (let at = 0; at < length; ) {
      const read = readSync(left, one, 0, one.length, at);
      if (read === 0 || readSync(right, other, 0, read, at) !== read || !one.subarray(0, read).equals(other.subarray(0, read))) return false;
      at += read;
    }
    return true;
  } finally {
    closeSync(left);
    closeSync(right);
  }
}

/**
 * Writes a document and its compressed siblings under `root` at the URL path
 * `urlPath`. A file whose bytes equal those of the previous export is
 * hard-linked from it instead of written again.
 */
export class ExportWriter {
  private readonly madeDirs = new Set<string>();

  constructor(
    private readonly root: string,
    private readonly previous: string | undefined,
    private readonly compress: boolean,
  ) {}

  /** A resource sent as it is (a zip) has its identity file only. */
  write(urlPath: string, resource: Resource, counts: WriteCounts): void {
    for (const [suffix, encoding] of codingsFor(this.compress && !resource.identityOnly)) {
      this.writeFile(`${urlPath}${suffix}`, resource.bytes(encoding), counts);
    }
  }

  /**
   * A resource made as it is sent (a whole pack as a zip), written chunk by
   * chunk as the server sends it, never held whole; linked from the
   * previous export when its bytes are the same.
   */
  writeChunks(relativePath: string, chunks: Iterator<Buffer>, counts: WriteCounts): void {
    const target = join(this.root, relativePath);
    this.ensureDir(dirname(target));
    const file = openSync(target, 'w');
    let bytes = 0;
    try {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        writeSync(file, next.value);
        bytes += next.value.length;
      }
    } finally {
      closeSync(file);
    }
    const earlier = this.previous && join(this.previous, relativePath);
    if (earlier && sameFiles(earlier, target, bytes)) {
      rmSync(target);
      linkSync(earlier, target);
      counts.kept++;
    } else counts.written++;
    counts.files++;
    counts.bytes += bytes;
  }

  writeFile(relativePath: string, bytes: Buffer, counts: WriteCounts): void {
    const target = join(this.root, relativePath);
    this.ensureDir(dirname(target));
    const earlier = this.previous && join(this.previous, relativePath);
    if (earlier && sameBytes(earlier, bytes)) {
      linkSync(earlier, target);
      counts.kept++;
    } else {
      writeFileSync(target, bytes);
      counts.written++;
    }
    counts.files++;
    counts.bytes += bytes.length;
  }

  /** Links a file of the previous export as it is (its source has not changed); the caller counts its bytes. */
  linkFile(relativePath: string, counts: WriteCounts): void {
    const target = join(this.root, relativePath);
    this.ensureDir(dirname(target));
    linkSync(join(this.previous as string, relativePath), target);
    counts.files++;
    counts.kept++;
  }

  private ensureDir(dir: string): void {
    if (this.madeDirs.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.madeDirs.add(dir);
  }
}
