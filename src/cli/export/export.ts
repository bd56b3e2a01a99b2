import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { workPath } from '../../util/work-files.js';
import { openCatalog } from '../../data/catalog/ensure.js';
import { WorkerPool } from '../../data/catalog/worker-pool.js';
import { Registry } from '../../registry/registry.js';
import type { Resource } from '../../core/resource.js';
import { addCounts, codingsFor, emptyCounts, ExportWriter, sameBytes, type WriteCounts } from './files.js';
import { notFound } from '../../core/problem.js';
import { problemResource } from '../../core/resource.js';
import { MANIFEST_FILE, newManifest, ownDocumentPaths, type Manifest } from './manifest.js';
import { ZIP_DEFLATE } from '../../core/render/zip.js';
import { zipsRevision } from './pinned-files.js';
import { FRAMEWORKS } from '../../core/paths.js';
import { historyPath } from '../../data/history/history-file.js';
import { RevisionHistory } from '../../data/history/revision-history.js';
import type { ExportSetup, ExportTask } from './messages.js';
import type { PageAssets } from '../../core/page-assets.js';
import { pageFiles } from '../../faces/page/assets.js';
import { checkExportTarget, ExportRefused, removeAbandonedExports, WORK_MARKER } from './target.js';

export { ExportRefused };

export interface ExportOptions {
  /** Data directory of the catalog. */
  dataDir: string;
  outDir: string;
  basePath: string;
  /** Export only these packs (the index then lists only them). */
  onlyPacks: string[] | undefined;
  /** Packs never exported (private packs, unless asked for). */
  excludePacks?: ReadonlySet<string>;
  compress: boolean;
  /** Version of icon-registry: documents of an unchanged pack are reused only from an export by the same version. */
  version: string;
  /** The page to find and take icons, written at the base path; none when left out. */
  page?: PageAssets;
}

export interface ExportProgress extends WriteCounts {
  filesTotal: number;
  elapsedMs: number;
}

export interface ExportSummary extends WriteCounts {
  packs: number;
  seconds: number;
}

/** Icon documents per task: small enough to spread evenly over the workers. */
const TASK_SIZE = 500;
/** Icons of a pinned revision per task: each has a document per framework beside its own. */
const PINNED_TASK_SIZE = Math.ceil(TASK_SIZE / (1 + FRAMEWORKS.length));

/** How many pinned revisions an export holds. */
const revisionCount = (manifest: Manifest) => Object.values(manifest.pinned ?? {}).reduce((sum, revisions) => sum + Object.keys(revisions).length, 0);

/** The revisions a data directory keeps, read-only, or none before its first update. */
function openKeptHistory(dataDir: string): RevisionHistory | undefined {
  return existsSync(historyPath(dataDir)) ? new RevisionHistory(historyPath(dataDir), true) : undefined;
}

/**
 * Writes every document the registry serves as files under `outDir`, with
 * the same code that answers HTTP requests. The export is written to a new
 * directory and renamed into place at the end; files whose bytes did not
 * change are hard-linked from the previous export instead of written.
 */
export async function exportRegistry(options: ExportOptions, onProgress: (progress: ExportProgress) => void): Promise<ExportSummary> {
  const started = Date.now();
  // Before anything is written: what is at the target, and whether it may be replaced.
  const { dir: outDir, previous: previousManifest } = checkExportTarget(options.outDir);
  const catalog = openCatalog(options.dataDir);
  const history = openKeptHistory(options.dataDir);
  const closeData = () => {
    catalog.close();
    history?.close();
  };
  const excluded = options.excludePacks ?? new Set<string>();
  const only = options.onlyPacks || excluded.size ? new Set((options.onlyPacks ?? [...catalog.packs.keys()]).filter((id) => !excluded.has(id))) : undefined;
  const unknown = options.onlyPacks?.filter((id) => !catalog.packs.has(id)) ?? [];
  if (unknown.length) {
    closeData();
    throw new ExportRefused(`no such pack: ${unknown.join(', ')}`);
  }
  const registry = new Registry(catalog, { basePath: options.basePath, onlyPacks: only, version: options.version, history });
  const basePath = registry.basePath;

  const previous = previousManifest ? outDir : undefined;
  const reusable =
    previousManifest?.version === options.version &&
    previousManifest.basePath === basePath &&
    previousManifest.compress === options.compress &&
    previousManifest.zips === true &&
    previousManifest.zipDeflate === ZIP_DEFLATE;
  mkdirSync(dirname(outDir), { recursive: true });
  removeAbandonedExports(outDir);

  const pagePaths = options.page ? pageFiles(options.page).map(([file, resource]): [string, Resource] => [`${basePath}/${file}`, resource]) : [];
  const manifest = newManifest(
    options.version,
    basePath,
    options.compress,
    pagePaths.map(([path]) => path),
  );
  const tasks: ExportTask[] = [];
  let documents = 3 + pagePaths.length; // index, OpenAPI description, not-found problem, the page's files
  let zips = 0; // each pack's zip of its SVG files
  for (const id of registry.packs.keys()) {
    const etag = catalog.packDocumentInfo(id)?.etag ?? '';
    const names = registry.iconNames(id);
    documents += names.length + 1;
    zips++;
    const earlier = reusable ? previousManifest.packs[id] : undefined;
    manifest.packs[id] = { etag, bytes: earlier?.etag === etag ? earlier.bytes : 0, names };
    if (earlier?.etag === etag) {
      tasks.push({ linkPack: id });
      continue;
    }
    tasks.push({ pack: id, document: true, names: names.slice(0, TASK_SIZE) });
    for (let i = TASK_SIZE; i < names.length; i += TASK_SIZE) tasks.push({ pack: id, document: false, names: names.slice(i, i + TASK_SIZE) });
  }
  // The pinned revisions of the exported packs, every one the server answers (the catalog's content of a pack no update
  // has touched included): each written once, then linked as it is by every later export into the same folder. The
  // catalog's revision is dated and named as the history records it at the pack's first update, so it stays linked then.
  const pinnedReusable = previousManifest?.basePath === basePath && previousManifest.compress === options.compress;
  for (const id of registry.packs.keys()) {
    for (const { revision, names } of registry.pinnableRevisions(id)) {
      const { version, recorded, source } = revision;
      const zip = zipsRevision(names.length);
      documents += 1 + names.length * (1 + FRAMEWORKS.length);
      if (zip) zips++;
      const earlier = pinnedReusable ? previousManifest.pinned?.[id]?.[version] : undefined;
      const written = earlier?.recorded === recorded && earlier.source === source;
      (manifest.pinned[id] ??= {})[version] = { recorded, source, bytes: written ? earlier.bytes : 0, names };
      if (written) {
        tasks.push({ linkPack: id, version, zip });
        continue;
      }
      tasks.push({ pack: id, version, document: true, names: names.slice(0, PINNED_TASK_SIZE) });
      for (let i = PINNED_TASK_SIZE; i < names.length; i += PINNED_TASK_SIZE) {
        tasks.push({ pack: id, version, document: false, names: names.slice(i, i + PINNED_TASK_SIZE) });
      }
    }
  }
  // A zip is one file (no compressed siblings); a pack or revision with more icons than a zip holds has none, which the count shows.
  const filesTotal = documents * (options.compress ? 3 : 1) + zips;
  const [indexPath, openApiPath, notFoundPath] = ownDocumentPaths(basePath) as [string, string, string];
  const smallDocuments: Array<[string, Resource]> = [
    [indexPath, registry.index],
    [openApiPath, registry.openApi],
    [notFoundPath, problemResource(notFound(basePath))],
    ...pagePaths,
  ];

  // Nothing changed at all: the export in place is already this one.
  const codings = codingsFor(options.compress);
  const unchanged =
    reusable &&
    tasks.every((task) => 'linkPack' in task) &&
    Object.keys(previousManifest.packs).length === registry.packs.size &&
    revisionCount(previousManifest) === revisionCount(manifest) &&
    JSON.stringify(previousManifest.pages ?? []) === JSON.stringify(manifest.pages) &&
    smallDocuments.every(([path, resource]) => codings.every(([suffix, encoding]) => sameBytes(join(outDir, `${path}${suffix}`), resource.bytes(encoding))));
  if (unchanged) {
    closeData();
    const pinned = Object.values(manifest.pinned).flatMap((revisions) => Object.values(revisions));
    const bytes = [...Object.values(manifest.packs), ...pinned].reduce((sum, files) => sum + files.bytes, 0);
    const result = { files: filesTotal, bytes, written: 0, kept: filesTotal };
    onProgress({ ...result, filesTotal, elapsedMs: Date.now() - started });
    return { ...result, packs: registry.packs.size, seconds: (Date.now() - started) / 1000 };
  }

  const building = workPath(outDir, 'exporting');
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  writeFileSync(join(building, WORK_MARKER), '');
  const totals = emptyCounts();
  const report = () => onProgress({ ...totals, filesTotal, elapsedMs: Date.now() - started });
  const writer = new ExportWriter(building, previous, options.compress);
  for (const [path, resource] of smallDocuments) writer.write(path, resource, totals);

  const setup: ExportSetup = {
    dataDir: options.dataDir,
    basePath,
    onlyPacks: only ? [...only] : undefined,
    root: building,
    previous,
    compress: options.compress,
    version: options.version,
  };
  const pool = new WorkerPool<ExportTask, WriteCounts>(new URL('./export-worker.js', import.meta.url), { workerData: setup });
  try {
    await Promise.all(
      tasks.map(async (task) => {
        const counts = await pool.run(task);
        const id = 'pack' in task ? task.pack : task.linkPack;
        const files = (task.version === undefined ? manifest.packs[id] : manifest.pinned[id]?.[task.version]) as { bytes: number };
        if ('pack' in task) files.bytes += counts.bytes;
        else counts.bytes = files.bytes;
        addCounts(totals, counts);
        report();
      }),
    );
    writeFileSync(join(building, MANIFEST_FILE), JSON.stringify(manifest));
    rmSync(join(building, WORK_MARKER));
  } catch (error) {
    // Stop every worker before removing what they were writing into.
    await pool.close();
    rmSync(building, { recursive: true, force: true });
    throw error;
  } finally {
    await pool.close();
    closeData();
  }

  // Swap: the old export stays complete until the new one takes its name.
  const replaced = workPath(outDir, 'replaced');
  const hadPrevious = existsSync(outDir);
  if (hadPrevious) renameSync(outDir, replaced);
  renameSync(building, outDir);
  // The promise-based rm removes entries concurrently on libuv's thread pool: much faster for a million files.
  if (hadPrevious) await rm(replaced, { recursive: true, force: true });
  report();
  return { ...totals, packs: registry.packs.size, seconds: (Date.now() - started) / 1000 };
}
