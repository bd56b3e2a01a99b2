import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { notFoundPath, pathOf } from '../../core/paths.js';
import { ZIP_DEFLATE } from '../../core/render/zip.js';
import { codingsFor } from './files.js';
import { pinnedFilePath, pinnedIconRoutes, zipsRevision } from './pinned-files.js';

/** Written last into every export: it says which tool made it and names every file it wrote. */
export const MANIFEST_FILE = '.icon-registry-export.json';
const TOOL = 'icon-registry';

/** What an export was made from, and the files it wrote. */
export interface Manifest {
  tool: typeof TOOL;
  version: string;
  basePath: string;
  compress: boolean;
  /**
   * Each pack's document ETag (equal means every file of the pack is
   * unchanged), the bytes of its files (so linking them needs no stat), and
   * the names of its icon documents.
   */
  packs: Record<string, { etag: string; bytes: number; names: string[] }>;
  /** Paths of the page's files (index.html and its assets), when the export has the page. */
  pages?: string[];
  /** Whether each pack's zip (`r/{pack}.zip`) was written: files of an earlier export without them are not linked. */
  zips?: boolean;
  /** How its zips were deflated, and by which zlib (ZIP_DEFLATE): files of an earlier export deflated otherwise are not linked. */
  zipDeflate?: string;
  /** The pinned revisions written, by pack and version (see pinned-files.ts). */
  pinned?: Record<string, Record<string, PinnedRevisionFiles>>;
}

/**
 * A pinned revision as an export wrote it: when the registry recorded it
 * and where from (a revision recorded alike is the same revision, whose
 * files are linked as they are by every later export), the bytes of its
 * files, and the names of its icon documents.
 */
export interface PinnedRevisionFiles {
  recorded: number;
  source: string;
  bytes: number;
  names: string[];
}

export function newManifest(version: string, basePath: string, compress: boolean, pages: string[] = []): Manifest & Required<Pick<Manifest, 'pinned'>> {
  return { tool: TOOL, version, basePath, compress, packs: {}, pages, zips: true, zipDeflate: ZIP_DEFLATE, pinned: {} };
}

/** The registry's own documents of an export at `basePath`, besides packs and icons. */
export function ownDocumentPaths(basePath: string): string[] {
  return [pathOf({ kind: 'index' }, basePath), pathOf({ kind: 'openapi' }, basePath), notFoundPath(basePath)];
}

/** Every file an export wrote, as paths relative to its directory ('r/mdi.json.br', ...). */
export function filesOf(manifest: Manifest): Set<string> {
  const files = new Set<string>([MANIFEST_FILE]);
  const documents = [...ownDocumentPaths(manifest.basePath), ...(manifest.pages ?? [])];
  for (const [pack, { names }] of Object.entries(manifest.packs)) {
    documents.push(pathOf({ kind: 'pack', pack }, manifest.basePath));
    for (const name of names) documents.push(pathOf({ kind: 'icon', pack, name }, manifest.basePath));
  }
  const zips = manifest.zips ? Object.keys(manifest.packs).map((pack) => pathOf({ kind: 'pack-zip', pack }, manifest.basePath)) : [];
  for (const [pack, revisions] of Object.entries(manifest.pinned ?? {})) {
    for (const [version, { names }] of Object.entries(revisions)) {
      documents.push(pinnedFilePath({ kind: 'pinned', pack, version }, manifest.basePath));
      for (const name of names) for (const route of pinnedIconRoutes(pack, version, name)) documents.push(pinnedFilePath(route, manifest.basePath));
      if (zipsRevision(names.length)) zips.push(pinnedFilePath({ kind: 'pinned-zip', pack, version }, manifest.basePath));
    }
  }
  for (const path of documents) for (const [suffix] of codingsFor(manifest.compress)) files.add(`${path.slice(1)}${suffix}`);
  // A zip has no compressed siblings (and a pack with more icons than a zip holds has none at all).
  for (const path of zips) files.add(path.slice(1));
  return files;
}

/** The manifest of the export in `dir`, or undefined when `dir` holds none that this tool wrote. */
export function readManifest(dir: string): Manifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  return isManifest(parsed) ? parsed : undefined;
}

function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as Partial<Manifest>;
  if (manifest.tool !== TOOL || typeof manifest.version !== 'string' || typeof manifest.basePath !== 'string' || typeof manifest.compress !== 'boolean') {
    return false;
  }
  if (typeof manifest.packs !== 'object' || manifest.packs === null) return false;
  if (manifest.pages !== undefined && !(Array.isArray(manifest.pages) && manifest.pages.every((path) => typeof path === 'string'))) return false;
  if (manifest.zips !== undefined && typeof manifest.zips !== 'boolean') return false;
  if (manifest.zipDeflate !== undefined && typeof manifest.zipDeflate !== 'string') return false;
  const pinned = manifest.pinned === undefined ? [] : typeof manifest.pinned === 'object' && manifest.pinned !== null ? Object.values(manifest.pinned) : [null];
  const revisions = pinned.flatMap((revisions) => (typeof revisions === 'object' && revisions !== null ? Object.values(revisions) : [null]));
  return (
    Object.values(manifest.packs).every((pack) => typeof pack?.etag === 'string' && typeof pack.bytes === 'number' && isNameList(pack.names)) &&
    revisions.every(
      (revision) =>
        typeof revision?.recorded === 'number' && typeof revision.source === 'string' && typeof revision.bytes === 'number' && isNameList(revision.names),
    )
  );
}

const isNameList = (names: unknown): names is string[] => Array.isArray(names) && names.every((name) => typeof name === 'string');
