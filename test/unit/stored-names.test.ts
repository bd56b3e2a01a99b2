import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { sortedNamesOf } from '../../src/data/search/thread/stored-names.js';
import { FAST_CATALOG_DATA } from '../helpers/paths.js';
import { seededRandom } from '../helpers/sources.js';

/*
 * A miss's suggestions read a pack's names in order from either end, a few at
 * a time. The search thread holds each pack's names, read once per database;
 * a read must give what the catalog's own sorted tables give for the same
 * bound: SQLite's ORDER BY over them, asked here directly.
 */

const file = join(FAST_CATALOG_DATA, 'catalog.db');
const catalog = new Catalog([file]);
const db = new Database(file, { readonly: true });
afterAll(() => {
  db.close();
  catalog.close();
});

const fromTable = (table: string, column: string) =>
  db.prepare<[string, string, number], string>(`SELECT ${column} FROM ${table} WHERE pack = ? AND ${column} >= ? ORDER BY ${column} LIMIT ?`).pluck();
const forwards = fromTable('pack_names', 'name');
const backwards = fromTable('pack_names_backwards', 'reversed');

/** Bounds a miss's search reads from: names, their beginnings and endings, a letter changed, and the ends of the alphabet. */
function boundsOf(names: readonly string[], random: () => number): string[] {
  const bounds = ['', '-', '0', 'a', 'zzzz', '\uffff', 'é'];
  for (let i = 0; i < 40 && names.length > 0; i++) {
    const name = names[Math.floor(random() * names.length)] as string;
    const cut = Math.floor(random() * (name.length + 1));
    const letter = String.fromCharCode(97 + Math.floor(random() * 26));
    bounds.push(name, name.slice(0, cut), name.slice(cut), `${name.slice(0, cut)}${letter}`, `${name}-`, `${name}\uffff`);
  }
  return bounds;
}

describe('the names a search thread holds for suggestions', () => {
  it('are read from any bound, either way, as the catalog orders them, in every pack', () => {
    const random = seededRandom(20_261_126);
    let reads = 0;
    for (const pack of catalog.packs.keys()) {
      const names = sortedNamesOf(catalog, pack);
      const all = forwards.all(pack, '', 1_000_000);
      for (const bound of boundsOf(all, random)) {
        for (const count of [1, 33]) {
          expect(names.from(bound, count), `${pack} from ${JSON.stringify(bound)}`).toEqual(forwards.all(pack, bound, count));
          expect(names.backwardsFrom(bound, count), `${pack} backwards from ${JSON.stringify(bound)}`).toEqual(backwards.all(pack, bound, count));
          reads += 2;
        }
      }
    }
    expect(reads).toBeGreaterThan(1000);
  });

  it('are none for a pack the catalog lacks', () => {
    expect(sortedNamesOf(catalog, 'no-such-pack').from('', 33)).toEqual([]);
    expect(sortedNamesOf(catalog, 'no-such-pack').backwardsFrom('', 33)).toEqual([]);
  });
});
