import { statSync } from 'node:fs';
import type { Logger } from 'pino';
import { updatesCatalogPath } from '../data/catalog/ensure.js';

/** How often a server looks for a new database of updated packs: an update is served within a few of these. */
export const UPDATES_POLL_MS = 1000;

/** What tells one file from the next: `update` renames a new file into place, so its inode and time change together. */
function stamp(path: string): string {
  try {
    const { ino, mtimeMs, size } = statSync(path);
    return `${ino}:${mtimeMs}:${size}`;
  } catch {
    return 'none';
  }
}

/**
 * Looks every UPDATES_POLL_MS for a new database of updated packs, written by
 * `icon-registry update` beside the catalog, and calls `changed` when one has
 * taken the old one's place, so that the server reloads the catalog (which
 * resolves once the new one serves). A poll rather than a watch: a stat a
 * second costs nothing, and it sees a file that another machine's update
 * wrote to a shared disk. Returns a function that stops looking.
 */
export function watchUpdates(dataDir: string, log: Logger, changed: () => Promise<void>): () => void {
  const path = updatesCatalogPath(dataDir);
  let seen = stamp(path);
  const timer = setInterval(() => {
    const now = stamp(path);
    if (now === seen) return;
    seen = now;
    const started = performance.now();
    changed().then(
      () => log.info({ file: path, ms: Math.round(performance.now() - started) }, 'updated packs reloaded'),
      (error: unknown) => log.error({ err: error, file: path }, 'reloading updated packs failed; still serving the previous ones'),
    );
  }, UPDATES_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
