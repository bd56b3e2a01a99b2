import { gzipSync } from 'fflate';
import type { PackageFile } from './package-files.js';

/*
 * A package's tarball, made so that the same files always give the same
 * bytes, in every process, on every machine and with every version of Node:
 * a lockfile's `integrity` holds for good. The tar headers are written here
 * (ustar, as `npm pack` writes them: every entry under `package/`, mode
 * 0644, owner 0, and npm's fixed date), since npm's `tar` reads its entries
 * from the file system and stamps them with what it finds there. The gzip
 * is fflate's, in JavaScript: Node's zlib is a native library whose output
 * may change with its version or with the processor it runs on, and the
 * header fflate writes holds no time and names no operating system but Unix.
 */

const BLOCK = 512;
/** The date `npm pack` gives every entry, so that packing twice gives the same bytes. */
const NPM_PACK_MTIME = Date.UTC(1985, 9, 26, 8, 15) / 1000;
/** Compression level: zlib's default, as npm packs. */
const GZIP_LEVEL = 6;

/** A number as a tar header holds it: octal digits, zero-padded, then a NUL. */
function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** The ustar header of a regular file. */
function header(path: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(path) > 100) throw new Error(`tar entry name too long: ${path}`);
  block.write(path, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(NPM_PACK_MTIME, 12), 136, 'ascii');
  // The checksum is counted with its own field as eight spaces.
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** The files, in the order given, as an uncompressed tar archive. */
export function tarOf(files: readonly PackageFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(header(`package/${file.path}`, file.bytes.length), file.bytes);
    const padding = (BLOCK - (file.bytes.length % BLOCK)) % BLOCK;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  // Two empty blocks end the archive.
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** The files as a gzipped tarball, the same bytes for the same files. */
export function tarballOf(files: readonly PackageFile[]): Buffer {
  const tar = tarOf(files);
  const gzipped = gzipSync(tar, { level: GZIP_LEVEL, mtime: 0 });
  return Buffer.from(gzipped.buffer, gzipped.byteOffset, gzipped.byteLength);
}
