import { type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';

/**
 * How often the watched folder itself is looked at: a watch follows the
 * folder it was set on, so one removed and made again, or replaced by a
 * rename (a deploy that swaps a link), is watched afresh.
 */
const ROOT_CHECK_MS = 2_000;

/** What tells a folder apart from one made later under the same name: its inode, which may be reused, and when it was made. */
function identityOf(path: string): string {
  const { ino, birthtimeMs } = statSync(path);
  return `${ino} ${birthtimeMs}`;
}

/**
 * Watches a folder and each folder directly in it (where own packs' sources
 * are: JSON files at the top, SVG files one folder down), and calls
 * `changed` at every change in either: a file written, added, removed or
 * renamed, however it was saved. Node's recursive watch on Linux watches
 * each file, and loses a file once an editor has saved it by renaming
 * another over it (as `sed -i`, vim and most editors do): watching folders,
 * never files, sees what happens to the names in them. A watch follows the
 * folder it was set on, not its name, so each folder is known by its inode
 * and birth time too: one replaced under the same name (deleted and made again, or another
 * renamed in its place) is watched afresh. `failed` hears of what cannot be
 * watched, once until it can be again. Returns a function that stops
 * watching.
 */
export function watchFolderAndItsFolders(root: string, changed: () => void, failed: (error: NodeJS.ErrnoException) => void): () => void {
  const watchers = new Map<string, { watcher: FSWatcher; identity: string }>();
  let rootIdentity: string | undefined;
  let failing = false;
  const fail = (error: NodeJS.ErrnoException) => {
    if (!failing) failed(error);
    failing = true;
  };
  const watchOne = (path: string, identity: string, onChange: () => void) => {
    try {
      const watcher = watch(path, onChange);
      // A folder removed while watched: its watcher is closed when the folders are next listed.
      watcher.on('error', () => undefined);
      watchers.set(path, { watcher, identity });
    } catch (error) {
      // Removed before it could be watched (an editor's temporary folder, a rename): the next change lists it again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') fail(error as NodeJS.ErrnoException);
    }
  };
  const unwatch = (path: string) => {
    watchers.get(path)?.watcher.close();
    watchers.delete(path);
  };
  const followFolders = () => {
    const folders = new Map<string, string>();
    try {
      for (const entry of readdirSync(root, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const path = join(root, entry.name);
        try {
          folders.set(path, identityOf(path));
        } catch {
          // Gone since the listing: not watched.
        }
      }
    } catch (error) {
      fail(error as NodeJS.ErrnoException);
      return;
    }
    for (const [path, kept] of watchers) {
      if (path !== root && folders.get(path) !== kept.identity) unwatch(path);
    }
    for (const [path, identity] of folders) if (!watchers.has(path)) watchOne(path, identity, changed);
  };
  const onRootChange = () => {
    followFolders();
    changed();
  };
  /** (Re)starts watching the root when it is there and is not the folder watched: true when it did. */
  const watchRoot = (): boolean => {
    let identity: string;
    try {
      identity = identityOf(root);
    } catch (error) {
      if (rootIdentity !== undefined) for (const path of [...watchers.keys()]) unwatch(path);
      rootIdentity = undefined;
      fail(error as NodeJS.ErrnoException);
      return false;
    }
    if (identity === rootIdentity && watchers.has(root)) return false;
    for (const path of [...watchers.keys()]) unwatch(path);
    rootIdentity = identity;
    watchOne(root, identity, onRootChange);
    // Not watched (the system's limit of watches reached, say): said once, tried again at the next look.
    if (!watchers.has(root)) return false;
    failing = false;
    followFolders();
    return true;
  };
  watchRoot();
  const check = setInterval(() => {
    if (watchRoot()) changed();
  }, ROOT_CHECK_MS);
  check.unref();
  return () => {
    clearInterval(check);
    for (const path of [...watchers.keys()]) unwatch(path);
  };
}
