import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { openCatalog } from '../../data/catalog/ensure.js';
import { packZipResource } from '../../faces/bundle/bundle.js';
import { MAX_ZIP_FILES } from '../../core/bundle-limits.js';
import { Registry } from '../../registry/registry.js';
import { codingsFor, emptyCounts, ExportWriter, type WriteCounts } from './files.js';
import { packFolderPath, pathOf, type DocumentRoute } from '../../core/paths.js';
import type { ExportSetup, ExportTask } from './messages.js';
import { pinnedFilePath, pinnedFolders, pinnedIconRoutes } from './pinned-files.js';
import { pinnedZipResource } from '../../faces/bundle/pinned-zip.js';
import { historyPath } from '../../data/history/history-file.js';
import { RevisionHistory } from '../../data/history/revision-history.js';

/**
 * Answers export tasks with the same Registry code that answers HTTP
 * requests, writing what it returns; one instance per core.
 */
const setup = workerData as ExportSetup;
const catalog = openCatalog(setup.dataDir);
// The revisions the data directory keeps, for the pinned revisions' files: read as the server reads them.
const history = existsSync(historyPath(setup.dataDir)) ? new RevisionHistory(historyPath(setup.dataDir), true) : undefined;
// Each document is written once: a small cache is enough for the index and name lists.
const registry = new Registry(catalog, {
  basePath: setup.basePath,
  version: setup.version,
  cacheBytes: 8 * 1024 * 1024,
  onlyPacks: setup.onlyPacks ? new Set(setup.onlyPacks) : undefined,
  history,
});
const writer = new ExportWriter(setup.root, setup.previous, setup.compress);

function run(task: ExportTask): WriteCounts {
  if (task.version !== undefined) return 'names' in task ? writePinned(task, task.version) : linkPinned(task.linkPack, task.version, task.zip);
  const counts = emptyCounts();
  if ('names' in task) {
    const routes: DocumentRoute[] = task.names.map((name) => ({ kind: 'icon', pack: task.pack, name }));
    if (task.document) routes.unshift({ kind: 'pack', pack: task.pack });
    for (const route of routes) {
      const path = pathOf(route, registry.basePath);
      const resource = registry.respond(route);
      // Only what exists is exported: a miss (which answers later, with its suggestions) is a fault.
      if (resource instanceof Promise || resource.status !== 200)
        throw new Error(`export: ${path} answered ${resource instanceof Promise ? 404 : resource.status}`);
      writer.write(path, resource, counts);
    }
    if (task.document) writePackZip(task.pack, counts);
    return counts;
  }
  // An unchanged pack: its document and every icon file are linked as they are.
  const documentPath = pathOf({ kind: 'pack', pack: task.linkPack }, registry.basePath);
  const iconDirectory = packFolderPath(registry.basePath, task.linkPack);
  const previousIcons = join(setup.previous as string, iconDirectory);
  // A pack without icons (there is one in @iconify/json) has no directory.
  const names = existsSync(previousIcons) ? readdirSync(previousIcons) : [];
  for (const name of names) writer.linkFile(`${iconDirectory}/${name}`, counts);
  for (const [suffix] of codingsFor(setup.compress)) writer.linkFile(`${documentPath}${suffix}`, counts);
  if (zipsPack(task.linkPack)) writer.linkFile(pathOf({ kind: 'pack-zip', pack: task.linkPack }, registry.basePath), counts);
  return counts;
}

/** Whether a pack has a zip: every pack but those with more icons than a zip holds. */
function zipsPack(pack: string): boolean {
  return (registry.packs.get(pack)?.entry.total ?? 0) <= MAX_ZIP_FILES && registry.iconNames(pack).length <= MAX_ZIP_FILES;
}

/** The whole pack as a zip of its SVG files, made chunk by chunk as the server sends it. */
function writePackZip(pack: string, counts: WriteCounts): void {
  const resource = packZipResource(registry, pack, 'svg');
  if (!('bytes' in resource)) return;
  const chunks = resource.chunks?.('identity');
  if (!chunks) throw new Error(`export: the zip of ${pack} is not made in chunks`);
  writer.writeChunks(pathOf({ kind: 'pack-zip', pack }, registry.basePath), chunks, counts);
}

/** Documents of a pinned revision (its pack document and zip when `document`, and these icons' documents for every framework), as the server answers them. */
function writePinned(task: Extract<ExportTask, { names: string[] }>, version: string): WriteCounts {
  const counts = emptyCounts();
  const routes = task.names.flatMap((name) => pinnedIconRoutes(task.pack, version, name));
  if (task.document) routes.unshift({ kind: 'pinned', pack: task.pack, version });
  for (const route of routes) {
    const path = pinnedFilePath(route, registry.basePath);
    const answer = registry.pinned(route);
    // An exact revision the registry answers pinned answers each of its names: anything else is a fault.
    if (!('resource' in answer) || answer.resource.status !== 200) {
      throw new Error(`export: ${path} answered ${'resource' in answer ? answer.resource.status : 'redirect' in answer ? 302 : answer.problem.status}`);
    }
    writer.write(path, answer.resource, counts);
  }
  if (task.document) writePinnedZip(task.pack, version, counts);
  return counts;
}

/** The revision as a zip of its SVG files, made chunk by chunk as the server sends it. */
function writePinnedZip(pack: string, version: string, counts: WriteCounts): void {
  const found = registry.pinnedPack(pack, version);
  if (!('pack' in found)) throw new Error(`export: ${pack}@${version} is not a revision the registry answers pinned`);
  const resource = pinnedZipResource(found.pack, 'svg', registry.version);
  if (!('bytes' in resource)) return;
  const chunks = resource.chunks?.('identity');
  if (!chunks) throw new Error(`export: the zip of ${pack}@${version} is not made in chunks`);
  writer.writeChunks(pinnedFilePath({ kind: 'pinned-zip', pack, version }, registry.basePath), chunks, counts);
}

/**
 * A pinned revision the previous export wrote: every file of it linked as it
 * is, never made again (nor read: whether it has a zip comes with the task).
 */
function linkPinned(pack: string, version: string, zip: boolean): WriteCounts {
  const counts = emptyCounts();
  const previous = setup.previous as string;
  for (const folder of pinnedFolders(pack, version, registry.basePath)) {
    const names = existsSync(join(previous, folder)) ? readdirSync(join(previous, folder)) : [];
    for (const name of names) writer.linkFile(`${folder}/${name}`, counts);
  }
  const documentPath = pinnedFilePath({ kind: 'pinned', pack, version }, registry.basePath);
  for (const [suffix] of codingsFor(setup.compress)) writer.linkFile(`${documentPath}${suffix}`, counts);
  if (zip) writer.linkFile(pinnedFilePath({ kind: 'pinned-zip', pack, version }, registry.basePath), counts);
  return counts;
}

// A task's documents are made in one read of the data: reads of many documents then share the cost of taking each file's lock.
parentPort?.on('message', (task: ExportTask) => parentPort?.postMessage(registry.readTogether(() => run(task))));
