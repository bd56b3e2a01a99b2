import type { IconifyJSON } from '@iconify/types';
import { documentWithOwnVersion } from '../../data/catalog/info-version.js';
import { documentInHistoryFile } from '../../data/history/revision-document.js';
import type { PackageDocument } from '../../registry/package-versions.js';
import { packageContents } from './package-files.js';
import { tarballOf } from './tarball.js';
import { joinedChunks } from '../../util/job-thread.js';

/** A package to make: the pack, the npm version it is made at, and the pack document it is made from. */
export interface PackageRequest {
  pack: string;
  version: string;
  document: PackageDocument;
}

/** A package made: its tarball, and what a packument says of it beside its integrity. */
export interface MadePackage {
  tarball: Buffer;
  manifest: Record<string, unknown>;
  fileCount: number;
  unpackedSize: number;
}

/** Makes a package; the same request always gives the same bytes. */
export function makePackage(request: PackageRequest): MadePackage {
  const { manifest, files } = packageContents(request.pack, request.version, packDocumentOf(request.document));
  return {
    tarball: tarballOf(files),
    manifest,
    fileCount: files.length,
    unpackedSize: files.reduce((sum, file) => sum + file.bytes.length, 0),
  };
}

/**
 * The pack document a package is made from: a kept revision's read from the
 * history file, or the catalog's, its info naming the set's own version when
 * asked.
 */
function packDocumentOf(document: PackageDocument): IconifyJSON {
  if ('kept' in document) return documentInHistoryFile(document.kept);
  const { chunks, setVersion } = document;
  const set = JSON.parse(joinedChunks(chunks).toString('utf8')) as IconifyJSON;
  return setVersion ? documentWithOwnVersion(set, setVersion.own) : set;
}
