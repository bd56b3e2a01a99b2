import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openDefaultCatalog, reopenOwnCatalog } from '../data/catalog/ensure.js';
import { historyPath } from '../data/history/history-file.js';
import { RevisionHistory } from '../data/history/revision-history.js';
import type { SearchRunner } from '../data/search/thread/search-jobs.js';
import { loadPageAssets } from '../faces/page/assets.js';
import { Registry } from '../registry/registry.js';
import { RegistryCaches } from '../registry/registry-caches.js';
import { KEPT_FILE_WORK, KeptFiles, keptFilesPath } from '../registry/kept-files.js';
import { MOMENT_WORK, MOMENTS_FOLDER } from '../data/history/moment-catalog.js';
import { removeWorkOfEndedProcesses } from '../util/work-files.js';
import { keptDocumentsPath } from '../registry/revision-documents.js';
import { PastMoments } from '../registry/past-moments.js';
import { ReplacedRegistries } from './replaced-registries.js';
import type { Catalog } from '../data/catalog/catalog.js';
import type { CloseStack } from './close-stack.js';
import type { ServeOptions } from './options.js';

/** The registry a server answers from, replaced as a whole when the own packs or the updated packs change. */
export interface ServedRegistry {
  readonly current: Registry;
  /**
   * Opens the own and updated packs' files again and prepares their search
   * while the current registry still answers, then puts the new registry in
   * its place: the server stays ready throughout, and the first search after
   * the swap reads nothing first. Reloads run one at a time, in the order
   * asked, so that an earlier one never replaces a later. Rejects, and keeps
   * the current registry, when the new one's search cannot be prepared.
   */
  reload(): Promise<void>;
}

/**
 * Opens the catalog to serve; `opened` closes the catalogs of the registry
 * serving at the stop. Searches run where `searchRunner` runs them. Its
 * search is not prepared yet: see Registry.prepareSearch.
 */
export function openServedRegistry(
  options: ServeOptions,
  opened: CloseStack,
  searchRunner: SearchRunner,
  version: string,
  /** Told of a kept file that could not be written (see KeptFiles), to log it. */
  keptFileNotWritten: (path: string, error: unknown) => void = () => {},
): ServedRegistry {
  // One set of caches for the registries that replace each other at reloads.
  const registryOptions = {
    searchRunner,
    basePath: options.basePath,
    version,
    caches: new RegistryCaches(options.cacheMb * 1024 * 1024),
    // npm packages, made once from a pack's content and written beside the catalog, so that their bytes outlive a restart.
    keptFiles: new KeptFiles(keptFilesPath(options.dataDir), (options.cacheMb * 1024 * 1024) / 2, keptFileNotWritten),
    // Revisions' whole pack documents, made once in a thread and written beside the catalog in each coding.
    keptDocuments: new KeptFiles(keptDocumentsPath(options.dataDir), (options.cacheMb * 1024 * 1024) / 4, keptFileNotWritten),
    page: options.ui ? loadPageAssets() : undefined,
  };
  // The default packs' database is opened once and closed at the stop; each reload opens only the own and updated packs'.
  // What processes that ended mid-write left (a thread killed writing a kept file, building a moment): never finished, never read.
  for (const folder of [keptFilesPath(options.dataDir), keptDocumentsPath(options.dataDir)]) removeWorkOfEndedProcesses(folder, KEPT_FILE_WORK);
  removeWorkOfEndedProcesses(join(options.dataDir, MOMENTS_FOLDER), MOMENT_WORK);
  const defaultCatalog = openDefaultCatalog(options.dataDir);
  opened.defer(() => defaultCatalog.close());
  // The history of revisions, read-only: `icon-registry update` writes it from another process, and its first update creates it.
  const history = keptHistory(options.dataDir, opened);
  /**
   * The registry over the catalog as served now, with its past over that
   * catalog, in steps of a few milliseconds each: a reload takes one per turn
   * of the event loop, so that the requests that come meanwhile are answered
   * between them rather than after them all.
   */
  function* opening(): Generator<void, Registry> {
    const kept = history();
    const pastMoments = new PastMoments(kept, options.dataDir, firstServed(defaultCatalog, kept), (serials) => {
      searchRunner.release(serials);
      registryOptions.caches.forgetDatabases(serials);
    });
    yield;
    const catalog = reopenOwnCatalog(options.dataDir, defaultCatalog);
    yield;
    return new Registry(catalog, { ...registryOptions, history: kept, pastMoments });
  }
  let current = openAtOnce(opening());
  opened.defer(() => closeRegistry(current));
  // A request is answered by one registry, old or new, never a mix, and wholly: a replaced one is closed, with what
  // the search thread read of it and what the caches kept of it since the swap, once nothing reads it (see ReplacedRegistries).
  const replaced = new ReplacedRegistries((previous) => {
    searchRunner.release(previous.catalog.ownedSerials);
    previous.release();
    closeRegistry(previous);
  });

  const reloadOnce = async () => {
    const next = await openInTurns(opening());
    try {
      await next.prepareSearch();
    } catch (error) {
      searchRunner.release(next.catalog.ownedSerials);
      closeRegistry(next);
      throw error;
    }
    const previous = current;
    current = next;
    // What the old registry kept is of no more use: released now, not when its catalog closes.
    previous.release();
    replaced.add(previous);
  };
  let reloads: Promise<void> = Promise.resolve();
  return {
    get current() {
      return current;
    },
    reload() {
      const reloaded = reloads.then(reloadOnce, reloadOnce);
      reloads = reloaded;
      return reloaded;
    },
  };
}

/** What `opening` makes, every step at once (at the start, before anything is answered). */
function openAtOnce(steps: Generator<void, Registry>): Registry {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** What `opening` makes, a step per turn of the event loop. */
async function openInTurns(steps: Generator<void, Registry>): Promise<Registry> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** Closes what a registry opened: its catalogs and the databases of its past moments. */
function closeRegistry(registry: Registry): void {
  registry.pastMoments?.close();
  registry.catalog.close();
}

/** When the registry first served anything: the default catalog's build, or the first revision the history logged if earlier. */
function firstServed(defaults: Catalog, history: RevisionHistory | undefined): number {
  const built = defaults.databases[0]?.builtAt() ?? Date.now();
  return Math.min(built, history?.firstServed() ?? built);
}

/** The data directory's history, opened read-only once it exists (an update creates it); `opened` closes it. */
function keptHistory(dataDir: string, opened: CloseStack): () => RevisionHistory | undefined {
  let history: RevisionHistory | undefined;
  return () => {
    if (!history && existsSync(historyPath(dataDir))) {
      const kept = new RevisionHistory(historyPath(dataDir), true);
      opened.defer(() => kept.close());
      history = kept;
    }
    return history;
  };
}
