import { type FSWatcher, readdirSync, watch } from 'node:fs';
import { join } from 'node:path';

/**
 * Watches a folder and each folder directly in it (where own packs' sources
 * are: JSON files at the top, SVG files one folder down), and calls
 * `changed` at every change in either: a file written, added, removed or
 * renamed, however it was saved. Node's recursive watch on Linux watches
 * each file, and loses a file once an editor has saved it by renaming
 * another over it (as `sed -i`, vim and most editors do): watching folders,
 * never files, sees what happens to the names in them. The folders watched
 * follow those added, removed and renamed. Returns a function that stops
 * watching.
 */
export function watchFolderAndItsFolders(root: string, changed: () => void, failed: (error: NodeJS.ErrnoException) => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const watchOne = (path: string) => {
    try {
      const watcher = watch(path, changed);
      // A folder removed while watched: its watcher is closed at the next change of the root.
      watcher.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : failed(error)));
      watchers.set(path, watcher);
    } catch (error) {
      // Removed before it could be watched (an editor's temporary folder, a rename): the next change lists it again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed(error as NodeJS.ErrnoException);
    }
  };
  const followFolders = () => {
    let folders: Set<string>;
    try {
      folders = new Set(
        readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, entry.name)),
      );
    } catch (error) {
      failed(error as NodeJS.ErrnoException);
      return;
    }
    for (const [path, watcher] of watchers) {
      if (path !== root && !folders.has(path)) {
        watcher.close();
        watchers.delete(path);
      }
    }
    for (const path of folders) if (!watchers.has(path)) watchOne(path);
  };
  const rootWatcher = watch(root, () => {
    followFolders();
    changed();
  });
  rootWatcher.on('error', failed);
  watchers.set(root, rootWatcher);
  followFolders();
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
