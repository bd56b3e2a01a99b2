import { createHash } from 'node:crypto';
import type { SourceFile } from './sources.js';

/**
 * Bumped whenever the database layout or what the build stores changes, so
 * that a catalog built by an older version is rebuilt rather than misread.
 */
export const CATALOG_FORMAT = 26;

/**
 * Identifies the exact inputs of a catalog: format, what the sources are
 * (`header`, e.g. the @iconify/json version), and each source's path and
 * signature. Reading the files' contents would cost seconds on every start;
 * sizes and mtimes cost milliseconds.
 */
export function fingerprintOf(header: string, files: readonly SourceFile[]): string {
  const hash = createHash('sha256');
  hash.update(`format ${CATALOG_FORMAT}\n${header}\n`);
  for (const file of files) hash.update(`${file.origin} ${file.kind} ${file.path} ${file.signature}\n`);
  return hash.digest('hex');
}
