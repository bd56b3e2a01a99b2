import { copyFileSync, mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../src/data/catalog/catalog.js';
import type { SearchJob, SearchJobResult, SearchScope } from '../src/data/search/thread/search-jobs.js';
import { FAST_CATALOG_DATA, ROOT } from './helpers/paths.js';

/*
 * The search thread as `serve` runs it, told by the serving thread that a
 * catalog's database was closed (an own pack reloaded, a past moment's
 * catalog dropped) while jobs sent for it still wait. Its worker is a
 * JavaScript file, so the thread and the catalogs it is sent are the build's
 * (`npm test` builds first); the databases are copies of the small catalog.
 */

interface Runner {
  run(job: SearchJob, scope: SearchScope): Promise<SearchJobResult>;
  release(serials: readonly number[]): void;
  close(): Promise<void>;
}

const built = (path: string) => import(pathToFileURL(join(ROOT, 'dist', path)).href);
const folder = mkdtempSync(join(tmpdir(), 'search-release-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A copy of the small catalog's database of default packs, opened as `serve` opens it. */
async function copiedCatalog(name: string): Promise<{ catalog: Catalog; path: string }> {
  const { Catalog: BuiltCatalog } = await built('data/catalog/catalog.js');
  const path = join(folder, name);
  copyFileSync(join(FAST_CATALOG_DATA, 'catalog.db'), path);
  return { catalog: new BuiltCatalog([path]) as Catalog, path };
}

/** What a registry sends with a job: the catalog and the packs it serves (the search itself is made in the thread). */
function scopeOf(catalog: Catalog): SearchScope {
  return {
    catalog,
    served: [...catalog.packs.keys()],
    source: () => {
      throw new Error('searched in the thread, not here');
    },
  };
}

describe('the search thread, told a catalog was closed', () => {
  it('answers the jobs sent for it before from the database they were sent for, then closes it', async () => {
    const { SearchThread } = await built('data/search/thread/search-thread-runner.js');
    const thread = new SearchThread() as Runner;
    const opened: Catalog[] = [];
    try {
      const busy = await copiedCatalog('busy.db');
      opened.push(busy.catalog);
      const closed = await copiedCatalog('closed.db');
      opened.push(closed.catalog);
      const search: SearchJob = { kind: 'meaning', q: 'home', limit: 24, offset: 0 };
      // The thread opens the database and answers from it, as for any request before a reload.
      const before = await thread.run(search, scopeOf(closed.catalog));
      // Preparing another catalog's search holds the thread while a search for the first waits behind it and the
      // serving thread, having closed the first, says so and the file goes.
      const preparing = thread.run({ kind: 'prepare' }, scopeOf(busy.catalog));
      const waiting = thread.run(search, scopeOf(closed.catalog));
      thread.release(closed.catalog.databases.map((database) => database.serial));
      closed.catalog.close();
      unlinkSync(closed.path);
      expect(await waiting).toEqual(before);
      await preparing;
      // Once no job names it, the thread has closed it: a search sent for it now opens the file, which is gone.
      await expect(thread.run(search, scopeOf(closed.catalog))).rejects.toThrow(/unable to open database file/);
    } finally {
      await thread.close();
      for (const catalog of opened) catalog.close();
    }
  });
});
