import { readdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { type BuildObserver, type PrepareWorkers, startPrepareWorkers } from '../data/catalog/build.js';
import { ensureOwnCatalog, type CatalogLocation } from '../data/catalog/ensure.js';
import { recordOwnRevisions } from '../data/history/own-revisions.js';
import { watchFolderAndItsFolders } from './watch-folders.js';

/** Changes are gathered until the directory has been quiet this long (an editor's save is several events). */
const QUIET_MS = 250;

/** Build output as log lines, each naming its file. */
function loggingObserver(log: Logger): BuildObserver {
  return {
    progress: () => undefined,
    skipped: (file, reason) => log.warn({ file }, `skipped: ${reason}`),
    warning: (file, message) => log.warn({ file }, message),
  };
}

/**
 * Watches the packs directory and, once it has settled after a change,
 * rebuilds the own packs' catalog (only the packs whose sources changed are
 * prepared again, the others are copied), then calls `rebuilt` so that the
 * servers reopen it. A source that breaks keeps its last good version (the
 * build says so in the log); `rebuilt` resolves once the rebuilt catalog
 * serves. One worker prepares the changed sources of every
 * rebuild, started with the watch (ready for SVG folders when the directory
 * holds one), so that a change is served in a fraction of a second rather
 * than after a worker's start. Returns a function that stops watching.
 */
export function watchOwnPacks(location: CatalogLocation & { packsDir: string }, log: Logger, rebuilt: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const holdsFolders = () => {
    try {
      return readdirSync(location.packsDir, { withFileTypes: true }).some((entry) => entry.isDirectory());
    } catch {
      return false;
    }
  };
  let workers: PrepareWorkers | undefined = startPrepareWorkers(1, holdsFolders());

  const rebuild = async () => {
    const started = Date.now();
    workers ??= startPrepareWorkers(1, holdsFolders());
    const summary = await ensureOwnCatalog(location, loggingObserver(log), false, undefined, workers);
    if (!summary) return;
    const kept = recordOwnRevisions(location.dataDir);
    try {
      await rebuilt();
    } catch (error) {
      log.error({ err: error }, 'reloading the catalog failed; still serving the previous one');
      return;
    }
    log.info({ packs: summary.packs, unchanged: summary.reused, skipped: summary.skipped, revisions: kept, ms: Date.now() - started }, 'own packs reloaded');
  };

  /** One rebuild at a time; changes during one cause one more afterwards. */
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = rebuild()
      .catch((error: unknown) => {
        log.error({ err: error }, 'rebuilding own packs failed; still serving the previous ones');
        // A worker that failed fails every task after it: the next rebuild starts a new one.
        void workers?.close();
        workers = undefined;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };

  const stopWatching = watchFolderAndItsFolders(
    location.packsDir,
    () => {
      clearTimeout(timer);
      timer = setTimeout(run, QUIET_MS);
    },
    (error) => log.error({ err: error }, 'watching the packs directory failed'),
  );
  return () => {
    clearTimeout(timer);
    stopWatching();
    void workers?.close();
    workers = undefined;
  };
}
