import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { FAST_CATALOG_DATA } from '../helpers/paths.js';
import { DEFAULT_JSON_DIR } from '../helpers/sources.js';

/*
 * Reads of many icons at once in one read transaction of each database (as a
 * search's results are drawn): the same icons as read one by one, and the
 * catalog reads on as before once the reads are done, or have failed.
 */

let catalog: Catalog;
const mdi = JSON.parse(readFileSync(join(DEFAULT_JSON_DIR, 'mdi.json'), 'utf8')) as IconifyJSON;
beforeAll(() => {
  // The same file twice: a pack of the second replaces the first's, and both are in the transaction.
  catalog = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db'), join(FAST_CATALOG_DATA, 'catalog.db')]);
});
afterAll(() => catalog.close());

describe('reading icons together', () => {
  it('reads icons and aliases as the pack holds them, and answers what the read answers', () => {
    const read = catalog.readTogether(() => ['home', 'delete', '123'].map((name) => catalog.icon('mdi', name)));
    expect(read.map((icon) => icon?.body)).toEqual([mdi.icons.home?.body, mdi.icons.delete?.body, mdi.icons.numeric?.body]);
    expect(read.map((icon) => [icon?.width, icon?.height])).toEqual([
      [24, 24],
      [24, 24],
      [24, 24],
    ]);
    expect(catalog.readTogether(() => catalog.icon('mdi', 'no-such-icon'))).toBeUndefined();
  });

  it('nests, and leaves the catalog reading once a read inside has failed', () => {
    const nested = catalog.readTogether(() => catalog.readTogether(() => catalog.icon('mdi', 'home')?.body));
    expect(nested).toBe(mdi.icons.home?.body);
    expect(() =>
      catalog.readTogether(() => {
        catalog.icon('mdi', 'home');
        throw new Error('failed while drawing');
      }),
    ).toThrow('failed while drawing');
    expect(catalog.icon('mdi', 'delete')?.body).toBe(mdi.icons.delete?.body);
    expect(catalog.readTogether(() => catalog.icon('mdi', 'home')?.body)).toBe(mdi.icons.home?.body);
  });
});
