import type { BuildObserver, BuildSummary } from '../data/catalog/build.js';
import { ensureUpdatesCatalog, updatesCatalogIsCurrent } from '../data/catalog/ensure.js';
import { openHistory } from '../data/history/history-file.js';
import type { RevisionHistory } from '../data/history/revision-history.js';
import { logUnloggedLines, servedByUpdates, updatedRevisionName } from './unlogged-serving.js';
import { finishAbandonedUpdates } from './update-undo.js';
import { oneUpdateAtATime } from './update-lock.js';

/**
 * Builds the updates' database again from the updates folder when it is not
 * what this version of icon-registry makes of it: one built by a version of
 * another catalog format, which this one must not read as its own (the
 * default and own packs' databases are rebuilt alike). Done as an update
 * does it, holding the update lock, so that it waits for an update that is
 * writing the folder and then finds the database current.
 */
export async function rebuildStaleUpdates(dataDir: string, observer: BuildObserver): Promise<BuildSummary | undefined> {
  if (updatesCatalogIsCurrent(dataDir)) return undefined;
  return oneUpdateAtATime(
    dataDir,
    (pid) => process.stderr.write(`waiting for the update that is running${pid === undefined ? '' : ` (process ${pid})`} to end\n`),
    async () => {
      finishAbandonedUpdates(dataDir);
      const history = openHistory(dataDir);
      try {
        for (const line of logUnloggedLines(dataDir, history)) process.stderr.write(`${line}\n`);
        return await rebuildUpdates(dataDir, history, observer);
      } finally {
        history.close();
      }
    },
  );
}

/**
 * The updates' database, built again if it is not current, each pack at the
 * revision the history says it serves (see updatedRevisionName; what an
 * interrupted update did not log, logged first); within the update lock.
 */
export function rebuildUpdates(dataDir: string, history: RevisionHistory, observer: BuildObserver): Promise<BuildSummary | undefined> {
  const before = servedByUpdates(dataDir)?.versions;
  return ensureUpdatesCatalog(dataDir, observer, (pack) => updatedRevisionName(history, pack, before));
}
