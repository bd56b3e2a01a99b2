import type { Catalog } from '../../catalog/catalog.js';
import type { CatalogDatabase } from '../../catalog/catalog-database.js';
import type { SortedNames } from './closest-stored-names.js';

/**
 * Names in order, held as the one string the catalog joins them into (a
 * newline after each but the last) and where each begins: a read finds its
 * bound by halving, comparing in place, and cuts out only the names it
 * returns. A statement per read cost tens of microseconds, so that the reads
 * of one miss took milliseconds, the most of them on the first miss of each
 * pack; held, a read costs a few microseconds.
 */
class NameList {
  /** Where each name begins, and one past the end of the last, as if a newline followed it. */
  private readonly starts: Int32Array;

  constructor(private readonly joined: string) {
    let count = joined.length === 0 ? 0 : 1;
    for (let at = joined.indexOf('\n'); at >= 0; at = joined.indexOf('\n', at + 1)) count++;
    this.starts = new Int32Array(count + 1);
    let name = 0;
    if (count > 0) this.starts[name++] = 0;
    for (let at = joined.indexOf('\n'); at >= 0; at = joined.indexOf('\n', at + 1)) this.starts[name++] = at + 1;
    this.starts[count] = joined.length + 1;
  }

  get length(): number {
    return this.starts.length - 1;
  }

  /** Up to `count` names at or after `bound`, in order. */
  from(bound: string, count: number): string[] {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.before(middle, bound)) low = middle + 1;
      else high = middle;
    }
    const end = Math.min(this.length, low + count);
    const names: string[] = [];
    for (let i = low; i < end; i++) names.push(this.joined.slice(this.starts[i]!, this.starts[i + 1]! - 1));
    return names;
  }

  /** Whether name `i` sorts before `bound`, as the catalog sorts (code units: names are ASCII). */
  private before(i: number, bound: string): boolean {
    const start = this.starts[i]!;
    const length = this.starts[i + 1]! - 1 - start;
    const shared = Math.min(length, bound.length);
    for (let k = 0; k < shared; k++) {
      const difference = this.joined.charCodeAt(start + k) - bound.charCodeAt(k);
      if (difference !== 0) return difference < 0;
    }
    return length < bound.length;
  }
}

/** One pack's names from either end. */
class PackNameLists implements SortedNames {
  private readonly names: NameList;
  private readonly backwards: NameList;

  constructor(lists: { names: string; backwards: string }) {
    this.names = new NameList(lists.names);
    this.backwards = new NameList(lists.backwards);
  }

  from(bound: string, count: number): string[] {
    return this.names.from(bound, count);
  }

  backwardsFrom(bound: string, count: number): string[] {
    return this.backwards.from(bound, count);
  }
}

const NO_NAMES: SortedNames = { from: () => [], backwardsFrom: () => [] };

/** Each database's packs' names, read once per database where a miss's suggestions are searched, and kept while it is open. */
const namesOfDatabase = new WeakMap<CatalogDatabase, Map<string, SortedNames>>();

/** The names of every pack of `database`, read now unless they were already. */
export function storedNamesOf(database: CatalogDatabase): ReadonlyMap<string, SortedNames> {
  let names = namesOfDatabase.get(database);
  if (!names) {
    names = new Map();
    for (const [pack, lists] of database.sortedNameLists()) names.set(pack, new PackNameLists(lists));
    namesOfDatabase.set(database, names);
  }
  return names;
}

/** The names of `pack` as the database serving it holds them; none for a pack the catalog lacks. */
export function sortedNamesOf(catalog: Catalog, pack: string): SortedNames {
  const database = catalog.database(pack);
  return (database && storedNamesOf(database).get(pack)) ?? NO_NAMES;
}
