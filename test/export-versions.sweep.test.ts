import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, type Stats, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICONIFY_JSON_VARIABLE } from '../src/data/catalog/sources.js';
import { historyPath } from '../src/data/history/history-file.js';
import { dataDirWithDefaultCatalog } from './helpers/data-dir.js';
import { type LucideSources, lucideSources } from './helpers/export-lucide.js';
import { comparedPaths, pinnedIconDraw } from './helpers/export-sample.js';
import { rawGet } from './helpers/http.js';
import { startNginx, type Nginx } from './helpers/nginx.js';
import { CLI, TEST_TMP } from './helpers/paths.js';
import { servedInProcess, type ServedInProcess } from './helpers/served-in-process.js';
import { allNames, CATALOG_REVISION, FULL_CATALOG, referenceSvg } from './helpers/sources.js';

/*
 * The static export of a pack's pinned revisions, on real data: the
 * catalog's lucide, which no update has touched, exported with the catalog's
 * revision that the server answers pinned; then @iconify-json/lucide 1.2.100
 * kept by `update --from` (its tarball from the npm registry), which records
 * that revision in the history, exported into the same folder; then 1.2.137,
 * and exported again. Every pinned file is byte for byte what the server on
 * the same data answers at its address (the registry `serve` opens, answered
 * in process); nginx with deploy/nginx.conf sends them cached for a year and
 * the rest for an hour; each export adds the new revision and leaves every
 * file of the revisions written before as it was. Under `npm run
 * test:catalog`, the catalog's lucide and the packages are whole, and every
 * file of a revision is compared with the server's answer; under `npm test`,
 * all three are cut to a seeded sample of lucide's icons (export-lucide.ts),
 * and a revision's pack document, its zip and every document of a seeded
 * sample of its icons are compared; every other property is checked on every
 * file in both.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
const EXPORT = join(TEST_TMP, 'export-versions-out');
const DATA = join(TEST_TMP, 'export-versions');
const FRAMEWORK_FOLDERS = ['', 'vue/', 'svelte/', 'solid/', 'jsx/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

const catalogRevision = CATALOG_REVISION;
/** Files a revision holds at least: those of a few hundred icons' documents under `npm test`, of lucide's whole under `npm run test:catalog`. */
const LEAST_FILES_OF_A_REVISION = FULL_CATALOG ? 8_000 : 2_500;

/** The catalog's lucide and the packages of the run's tier (see export-lucide.ts). */
let lucide: LucideSources;
/** The names each revision holds, read from its source here: the catalog's lucide, and the packages' icons.json. */
let NAMES: Record<string, string[]>;
/** The server on the export's data, in process: opened anew after an update, as a server started then. */
let served: ServedInProcess;
let nginx: Nginx;
/** The export of the catalog's lucide, before any update. */
let untouched: ExportCounts;
/** The export after the first update. */
let first: ExportCounts;
/** Each file of the catalog's revision as the export before any update wrote it. */
let catalogRevisionFiles: Map<string, Stats>;

interface ExportCounts {
  files: number;
  written: number;
  unchanged: number;
}

/** Runs the command line without blocking this process, in which nginx's start is awaited meanwhile. */
function cli(args: string[]): Promise<{ status: number | null; stderr: string }> {
  // Under `npm test`, the catalog is built from the cut lucide alone, and every command reads the same packs.
  const env = lucide.iconifyJson ? { ...process.env, [ICONIFY_JSON_VARIABLE]: lucide.iconifyJson } : process.env;
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stderr })));
}

async function update(version: string): Promise<void> {
  const run = await cli(['update', '--data', DATA, '--from', lucide.tarballs[version] as string]);
  expect(run.status, run.stderr).toBe(0);
}

async function exportLucide(): Promise<ExportCounts> {
  const result = await cli(['export', EXPORT, '--data', DATA, '--only-packs', 'lucide']);
  expect(result.status, result.stderr).toBe(0);
  const match = /^exported 1 packs: ([\d,]+) files \(([\d,]+) written, ([\d,]+) unchanged\)/m.exec(result.stderr);
  expect(match, result.stderr).not.toBeNull();
  const count = (text: string | undefined) => Number((text ?? '').replace(/,/g, ''));
  return { files: count(match?.[1]), written: count(match?.[2]), unchanged: count(match?.[3]) };
}

/** Every file of the export but its manifest, as URL paths. */
function exportedFiles(): string[] {
  return (readdirSync(EXPORT, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean }>)
    .filter((entry) => entry.isFile() && entry.name !== '.icon-registry-export.json')
    .map((entry) => `/${relative(EXPORT, join(entry.parentPath, entry.name))}`)
    .sort();
}

/** The identity files of a revision an export should hold, as URL paths: its pack document, each icon's documents and its zip. */
function revisionPaths(version: string): string[] {
  const names = NAMES[version] as string[];
  const icons = FRAMEWORK_FOLDERS.flatMap((folder) => names.map((name) => `/r/${folder}lucide@${version}/${name}.json`));
  return [`/r/lucide@${version}.json`, `/r/lucide@${version}.zip`, ...icons].sort();
}

/** The files of revisions as written (a document's compressed siblings with it; a zip has none). */
const filesOfRevisions = (versions: string[]) =>
  versions.flatMap(revisionPaths).flatMap((path) => (path.endsWith('.zip') ? [path] : [path, `${path}.br`, `${path}.gz`]));

/** Icons of a revision whose documents `npm test` compares with the server's answers (see export-sample.ts), drawn anew for each comparison. */
const COMPARED_ICONS = 300;
const drawIcons = pinnedIconDraw('pinned files compared with the server');

/** The files of a revision compared with the server's answers. */
const compared = (version: string) => comparedPaths(revisionPaths(version), drawIcons, COMPARED_ICONS);

const statsOf = (paths: string[]) => new Map(paths.map((path) => [path, statSync(join(EXPORT, path))]));

/** The files of `before` whose inode or modification time is no longer the same: linked as they were, none should be. */
function rewritten(before: Map<string, Stats>): string[] {
  return [...before]
    .filter(([path, stat]) => {
      const now = statSync(join(EXPORT, path));
      return now.ino !== stat.ino || now.mtimeMs !== stat.mtimeMs;
    })
    .map(([path]) => path);
}

const fileOf = (path: string) => readFileSync(join(EXPORT, path));

/** Compares each exported file with the server's answer at its path; returns the paths that differ. */
async function differingFromServer(paths: readonly string[]): Promise<string[]> {
  const differing: string[] = [];
  for (const path of paths) {
    const { status, body } = await served.get(path);
    if (status !== 200 || !body.equals(fileOf(path))) differing.push(`${path}: ${status}`);
  }
  return differing;
}

/** The server on the data as it is now. */
async function serveAnew(): Promise<void> {
  await served?.close();
  served = await servedInProcess(['--data', DATA]);
}

beforeAll(async () => {
  rmSync(EXPORT, { recursive: true, force: true });
  lucide = lucideSources([OLD, NEW], join(TEST_TMP, 'export-versions-sources'));
  NAMES = {
    [catalogRevision]: allNames(lucide.catalog),
    [OLD]: allNames(lucide.sets[OLD] as IconifyJSON),
    [NEW]: allNames(lucide.sets[NEW] as IconifyJSON),
  };
  // nginx starts while the catalog is built and exported: it serves the export's folder once there is one.
  const starting = startNginx(EXPORT, join(TEST_TMP, 'nginx-versions'));
  if (lucide.iconifyJson) {
    rmSync(DATA, { recursive: true, force: true });
    mkdirSync(DATA, { recursive: true });
    const built = await cli(['build', '--data', DATA]);
    expect(built.status, built.stderr).toBe(0);
  } else dataDirWithDefaultCatalog('export-versions');
  untouched = await exportLucide();
  await serveAnew();
  nginx = await starting;
}, 600_000);

afterAll(async () => {
  await nginx?.stop();
  await served?.close();
});

describe('icon-registry export of pinned revisions', () => {
  it('writes the revision of the catalog of a pack no update has touched, every file byte for byte as the server answers it pinned', async () => {
    // No update has run: the history keeps nothing, and the server answers the revision from the catalog.
    expect(existsSync(historyPath(DATA))).toBe(false);
    const files = exportedFiles();
    expect(untouched.files).toBe(files.length);
    const paths = revisionPaths(catalogRevision);
    expect(files.filter((path) => path.includes('@') && !/\.(br|gz)$/.test(path))).toEqual(paths);
    for (const path of paths.filter((path) => path.endsWith('.json'))) {
      expect(brotliDecompressSync(fileOf(`${path}.br`)).equals(fileOf(path)), path).toBe(true);
      expect(gunzipSync(fileOf(`${path}.gz`)).equals(fileOf(path)), path).toBe(true);
    }
    expect(paths.length).toBeGreaterThan(LEAST_FILES_OF_A_REVISION);
    expect(await differingFromServer(compared(catalogRevision))).toEqual([]);
    catalogRevisionFiles = statsOf(filesOfRevisions([catalogRevision]));
  });

  it('leaves it as it is at the next export, and linked as it was when the first update of the pack records it in the history', async () => {
    const again = await exportLucide();
    expect([again.files, again.written]).toEqual([untouched.files, 0]);
    expect(rewritten(catalogRevisionFiles)).toEqual([]);

    await update(OLD);
    expect(existsSync(historyPath(DATA))).toBe(true);
    // A server started now reads the revision from the history, where the update recorded it.
    await serveAnew();
    const folder = statSync(EXPORT).ino;
    first = await exportLucide();
    // A new tree took the folder's place (lucide's unpinned files changed, a revision came): the catalog's revision was linked into it, not made again.
    expect(statSync(EXPORT).ino).not.toBe(folder);
    expect(rewritten(catalogRevisionFiles)).toEqual([]);
    expect(await differingFromServer(compared(catalogRevision))).toEqual([]);
  }, 600_000);

  it("writes each revision the registry keeps of an exported pack: its pack document, its icons' and their components' documents, and its zip", () => {
    const files = exportedFiles();
    expect(first.files).toBe(files.length);
    for (const version of [catalogRevision, OLD]) {
      const paths = revisionPaths(version);
      // Every document has its compressed siblings; a zip has none.
      for (const path of paths.filter((path) => path.endsWith('.json'))) {
        expect(brotliDecompressSync(fileOf(`${path}.br`)).equals(fileOf(path)), path).toBe(true);
        expect(gunzipSync(fileOf(`${path}.gz`)).equals(fileOf(path)), path).toBe(true);
      }
      const pinned = files.filter((path) => path.includes(`lucide@${version}`) && !/\.(br|gz)$/.test(path));
      expect(pinned).toEqual(paths);
    }
    // No range is exported: a static server cannot redirect.
    expect(files.filter((path) => /lucide@(?!json-|1\.2\.100)/.test(path))).toEqual([]);
    const trash = JSON.parse(fileOf(`/r/lucide@${OLD}/trash.json`).toString()) as { svg: string };
    expect(trash.svg).toBe(referenceSvg(lucide.sets[OLD] as IconifyJSON, 'trash').svg);
  });

  it('writes every pinned file byte for byte as the server on the same data answers it', async () => {
    // The files of a package's revision; of the catalog's, made by the same code, its pack document, zip and trash icon.
    const ofCatalog = revisionPaths(catalogRevision).filter((path) => !/@[^/]+\//.test(path) || path.endsWith('/trash.json'));
    expect(revisionPaths(OLD).length + ofCatalog.length).toBeGreaterThan(LEAST_FILES_OF_A_REVISION);
    expect(await differingFromServer([...compared(OLD), ...ofCatalog])).toEqual([]);
  });

  it('is served by nginx with deploy/nginx.conf: pinned files cached for a year as the server sends them, the rest for an hour', async () => {
    const pinned = [`/r/lucide@${OLD}.json`, `/r/lucide@${OLD}/trash.json`, `/r/vue/lucide@${OLD}/trash.json`, `/r/lucide@${OLD}.zip`];
    for (const path of pinned) {
      const [fromNginx, fromServer] = await Promise.all([rawGet(nginx.port, path), served.get(path)]);
      expect([fromNginx.status, fromNginx.headers['cache-control']], path).toEqual([200, IMMUTABLE]);
      expect(fromServer.headers['cache-control'], path).toBe(IMMUTABLE);
      expect(fromNginx.headers['content-type'], path).toBe(fromServer.headers['content-type']);
      expect(Buffer.from(fromNginx.body, 'latin1').equals(fileOf(path)), path).toBe(true);
    }
    const gzipped = await rawGet(nginx.port, `/r/lucide@${OLD}/trash.json`, 'Accept-Encoding: gzip\r\n');
    expect([gzipped.headers['content-encoding'], gzipped.headers['cache-control']]).toEqual(['gzip', IMMUTABLE]);
    for (const path of ['/r/lucide.json', '/r/lucide/trash.json', '/r/lucide.zip', '/r/registry.json']) {
      const answer = await rawGet(nginx.port, path);
      expect([answer.status, answer.headers['cache-control']], path).toEqual([200, 'public, max-age=3600']);
    }
    // A range is the server's redirect, and a static server's missing path.
    expect((await served.get('/r/lucide@^1.json')).status).toBe(302);
    const range = await rawGet(nginx.port, '/r/lucide@^1.json');
    expect([range.status, (JSON.parse(range.body) as { code: string }).code]).toEqual([404, 'not_found']);
  });

  it('adds only the new revision at the next export into the same folder, every file of those it wrote left as it was', async () => {
    const before = statsOf(filesOfRevisions([catalogRevision, OLD]));
    await update(NEW);
    await serveAnew();
    const second = await exportLucide();
    expect(rewritten(before)).toEqual([]);
    expect(rewritten(catalogRevisionFiles)).toEqual([]);
    const added = revisionPaths(NEW);
    const files = exportedFiles();
    expect(second.files).toBe(files.length);
    expect(files.filter((path) => path.includes(`lucide@${NEW}`) && !/\.(br|gz)$/.test(path))).toEqual(added);
    expect(await differingFromServer(compared(NEW))).toEqual([]);
    // The unpinned documents, now the new revision's: every name, in more than one of the export's tasks, as the server answers them.
    const unpinned = (NAMES[NEW] as string[]).map((name) => `/r/lucide/${name}.json`).sort();
    // More than an export's task holds (500 names).
    expect(unpinned.length).toBeGreaterThan(500);
    expect(files.filter((path) => path.startsWith('/r/lucide/') && path.endsWith('.json'))).toEqual(unpinned);
    expect(await differingFromServer(unpinned)).toEqual([]);
    const [oldTrash, newTrash] = [OLD, NEW].map((version) => (JSON.parse(fileOf(`/r/lucide@${version}/trash.json`).toString()) as { svg: string }).svg);
    expect(oldTrash).toBe(referenceSvg(lucide.sets[OLD] as IconifyJSON, 'trash').svg);
    expect(newTrash).toBe(referenceSvg(lucide.sets[NEW] as IconifyJSON, 'trash').svg);
    expect((JSON.parse(fileOf('/r/lucide/trash.json').toString()) as { svg: string }).svg).toBe(newTrash);
  }, 600_000);
});
