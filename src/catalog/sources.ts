import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** One file the catalog is built from. */
export interface SourceFile {
  /** Absolute path: used in log lines so an operator can find the file. */
  path: string;
  /** 'default' for @iconify/json, 'own' for the operator's packs directory. */
  origin: 'default' | 'own';
  size: number;
  mtimeMs: number;
}

export interface Sources {
  /** Version of the @iconify/json package that provides the default catalog. */
  defaultCatalogVersion: string;
  files: SourceFile[];
}

function describe(path: string, origin: SourceFile['origin']): SourceFile {
  const stat = statSync(path);
  return { path, origin, size: stat.size, mtimeMs: Math.trunc(stat.mtimeMs) };
}

function jsonFilesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort();
}

/** Where the @iconify/json package keeps its icon sets, and its version. */
export function locateDefaultCatalog(): { dir: string; version: string } {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@iconify/json/package.json');
  const version = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
  return { dir: join(dirname(packageJson), 'json'), version };
}

/**
 * Lists every file the catalog is built from: all icon sets of @iconify/json,
 * then the IconifyJSON files of the operator's packs directory (when given).
 */
export function listSources(packsDir: string | undefined): Sources {
  const defaults = locateDefaultCatalog();
  const files = jsonFilesIn(defaults.dir).map((name) => describe(join(defaults.dir, name), 'default'));
  if (packsDir !== undefined) {
    // Absolute paths, so './packs' and '/srv/app/packs' fingerprint alike.
    const dir = resolve(packsDir);
    for (const name of jsonFilesIn(dir)) files.push(describe(join(dir, name), 'own'));
  }
  return { defaultCatalogVersion: defaults.version, files };
}
