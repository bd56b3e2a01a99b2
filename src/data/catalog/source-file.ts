import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { PackError } from './prepare-pack.js';

/** Largest own IconifyJSON file read (the largest packs of @iconify/json are larger, but own packs are untrusted). */
export const MAX_JSON_PACK_BYTES = 20 * 1024 * 1024;
/** Largest SVG file or `pack.json` read. */
export const MAX_SVG_BYTES = 1024 * 1024;

/**
 * Reads a file of the packs directory, which is untrusted: never through a
 * symbolic link (a link to a private file elsewhere would be published), only
 * a regular file (a FIFO would block the build forever, the zero device would
 * never end), and only up to `maxBytes` (checked before reading, so a sparse
 * 2 GB file costs nothing). The open never blocks. A UTF-8 byte-order mark
 * is dropped. Throws PackError saying why a file is refused.
 */
export function readSourceText(path: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new PackError('a symbolic link: not followed');
    throw new PackError(`cannot open: ${code ?? (error as Error).message}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new PackError('not a regular file');
    if (stat.size > maxBytes) throw new PackError(`larger than ${formatBytes(maxBytes)}`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < buffer.length) {
      const count = readSync(fd, buffer, read, buffer.length - read, read);
      if (count === 0) break;
      read += count;
    }
    const text = buffer.toString('utf8', 0, read);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    closeSync(fd);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
