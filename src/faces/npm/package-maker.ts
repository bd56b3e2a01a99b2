import { packageContents } from './package-files.js';
import { tarballOf } from './tarball.js';

/** A package to make: the pack, the npm version it is made at, and the pack document it is made from. */
export interface PackageRequest {
  pack: string;
  version: string;
  /** The pack document's JSON, as UTF-8. */
  documentJson: Uint8Array;
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
  const json = Buffer.from(request.documentJson.buffer, request.documentJson.byteOffset, request.documentJson.byteLength).toString('utf8');
  const { manifest, files } = packageContents(request.pack, request.version, json);
  return {
    tarball: tarballOf(files),
    manifest,
    fileCount: files.length,
    unpackedSize: files.reduce((sum, file) => sum + file.bytes.length, 0),
  };
}
