import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MAX_JSON_PACK_BYTES } from './source-file.js';

/** One file or folder a catalog is built from. */
export interface SourceFile {
  /** Absolute path: used in log lines so an operator can find the file. */
  path: string;
  /** 'default' for @iconify/json, 'own' for the operator's packs directory. */
  origin: 'default' | 'own';
  /** 'json' for an IconifyJSON file, 'svg-folder' for a folder of SVG files (one pack). */
  kind: 'json' | 'svg-folder';
  /** Bytes of the file, or of a folder's files: large packs are prepared first. */
  size: number;
  /**
   * Changes whenever the content may have: size and modification time of the
   * file, or of every file of a folder (so adding, removing or renaming one counts).
   */
  signature: string;
}

export interface DefaultSources {
  /** Version of the @iconify/json package that provides the default catalog. */
  version: string;
  files: SourceFile[];
}

/**
 * Names a folder laid out as the @iconify/json package (package.json,
 * collections.json, json/) to serve in its place: the tests serve a seeded
 * sample of every pack from one, so that a run builds its catalog in seconds.
 */
export const ICONIFY_JSON_VARIABLE = 'ICON_REGISTRY_ICONIFY_JSON';

/** Where the @iconify/json package keeps its icon sets, and its version. */
export function locateDefaultCatalog(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const replacement = process.env[ICONIFY_JSON_VARIABLE];
  const packageJson = replacement ? join(resolve(replacement), 'package.json') : require.resolve('@iconify/json/package.json');
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  return { dir: join(dirname(packageJson), 'json'), version };
}

function fileSource(path: string, origin: SourceFile['origin']): SourceFile {
  // lstat: an own file is never followed through a link (listOwnSources refuses links before this).
  const stat = origin === 'own' ? lstatSync(path) : statSync(path);
  return { path, origin, kind: 'json', size: stat.size, signature: `${stat.size} ${Math.trunc(stat.mtimeMs)}` };
}

/** A folder of SVG files, or undefined when it holds none. */
function folderSource(path: string): SourceFile | undefined {
  const entries = readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  if (!entries.some((name) => name.toLowerCase().endsWith('.svg'))) return undefined;
  const hash = createHash('sha256');
  let size = 0;
  for (const name of entries) {
    const stat = statSync(join(path, name));
    size += stat.size;
    hash.update(`${name} ${stat.size} ${Math.trunc(stat.mtimeMs)}\n`);
  }
  return { path, origin: 'own', kind: 'svg-folder', size, signature: hash.digest('hex') };
}

/** Every icon set of @iconify/json. */
export function listDefaultSources(): DefaultSources {
  const { dir, version } = locateDefaultCatalog();
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => fileSource(join(dir, entry.name), 'default'))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return { version, files };
}

/**
 * The sets in @iconify/json's own order (its collections.json, most used
 * first): the Iconify API ranks search results by it. Read only to build the
 * catalog (parsing the file at every start would grow the heap).
 */
export function defaultSetOrder(): string[] {
  const { dir } = locateDefaultCatalog();
  return Object.keys(JSON.parse(readFileSync(join(dir, '..', 'collections.json'), 'utf8')) as Record<string, unknown>);
}

/**
 * The operator's packs, in name order: every IconifyJSON file (`*.json`) and
 * every sub-folder holding `.svg` files. Hidden entries (`.name`) are left out,
 * as are the temporary files of editors. Symbolic links and special files
 * (FIFOs, sockets, devices) are never followed or read: each is reported to
 * `refused` with the reason, as is a JSON file over MAX_JSON_PACK_BYTES.
 */
export function listOwnSources(packsDir: string | undefined, refused: (path: string, reason: string) => void = () => undefined): SourceFile[] {
  if (packsDir === undefined) return [];
  // Absolute paths, so './packs' and '/srv/app/packs' fingerprint alike.
  const dir = resolve(packsDir);
  const sources: SourceFile[] = [];
  const entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.'));
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      refused(path, 'a symbolic link: not followed');
      continue;
    }
    if (!entry.isFile() && !entry.isDirectory()) {
      refused(path, 'not a regular file or a folder');
      continue;
    }
    try {
      const source = entry.isFile() && entry.name.endsWith('.json') ? fileSource(path, 'own') : entry.isDirectory() ? folderSource(path) : undefined;
      if (source?.kind === 'json' && source.size > MAX_JSON_PACK_BYTES) {
        refused(path, `larger than ${MAX_JSON_PACK_BYTES / (1024 * 1024)} MB`);
        continue;
      }
      if (source) sources.push(source);
    } catch (error) {
      // Removed while being listed (an editor saving, a folder being renamed): the next change event lists it again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return sources;
}

/**
 * The packs of a folder the registry writes itself (the updated packs, the
 * packs of a past moment): each was checked and prepared when it was kept,
 * so, like the default packs, they are read whole, whatever their size
 * (noto's and fluent-emoji's are larger than an own file may be).
 */
/** The pack of a kept source: its file is named by the pack's id. */
export function packOfKeptSource(file: SourceFile): string {
  return basename(file.path, '.json');
}

export function listKeptSources(dir: string): SourceFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => fileSource(join(dir, name), 'default'));
}
