import { linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Encoding } from '../compression.js';
import type { Resource } from '../registry/resource.js';

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

/** Whether the file at `path` holds exactly `bytes`. */
export function sameBytes(path: string, bytes: Buffer): boolean {
  try {
    return statSync(path).size === bytes.length && readFileSync(path).equals(bytes);
  } catch {
    return false;
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

  write(urlPath: string, resource: Resource, counts: WriteCounts): void {
    for (const [suffix, encoding] of codingsFor(this.compress)) {
      this.writeFile(`${urlPath}${suffix}`, resource.bytes(encoding), counts);
    }
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
