import type { IconifyJSON } from '@iconify/types';
import { infoWithOwnVersion } from '../../data/catalog/info-version.js';
import type { PackageDocument } from '../../registry/package-versions.js';
import { packageContents } from './package-files.js';
import { tarballOf } from './tarball.js';

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

/** The pack document a package is made from, its info naming the set's own version when asked. */
function packDocumentOf({ chunks, setVersion }: PackageDocument): IconifyJSON {
  const json = Buffer.concat(chunks.map((chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)));
  const set = JSON.parse(json.toString('utf8')) as IconifyJSON;
  return setVersion && set.info ? { ...set, info: infoWithOwnVersion(set.info, setVersion.own) } : set;
}
