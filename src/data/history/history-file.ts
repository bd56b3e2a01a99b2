import { join } from 'node:path';
import { RevisionHistory } from './revision-history.js';

/** The history of a data directory: beside the catalog, kept across rebuilds of it. */
export const HISTORY_FILE = 'history.db';

export function historyPath(dataDir: string): string {
  return join(dataDir, HISTORY_FILE);
}

/** Opens (creating it if need be) the history of a data directory, to record revisions. */
export function openHistory(dataDir: string): RevisionHistory {
  return new RevisionHistory(historyPath(dataDir));
}
