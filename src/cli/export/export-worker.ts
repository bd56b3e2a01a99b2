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

/**
 * Answers export tasks with the same Registry code that answers HTTP
 * requests, writing what it returns; one instance per core.
 */
const setup = workerData as ExportSetup;
const catalog = openCatalog(setup.dataDir);
// Each document is written once: a small cache is enough for the index and name lists.
const registry = new Registry(catalog, {
  basePath: setup.basePath,
  version: setup.version,
  cacheBytes: 8 * 1024 * 1024,
  onlyPacks: setup.onlyPacks ? new Set(setup.onlyPacks) : undefined,
});
const writer = new ExportWriter(setup.root, setup.previous, setup.compress);

function run(task: ExportTask): WriteCounts {
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

parentPort?.on('message', (task: ExportTask) => parentPort?.postMessage(run(task)));
