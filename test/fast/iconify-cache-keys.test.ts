import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IconifyRoute } from '../../src/core/paths.js';
import { isProblem, parseTarget } from '../../src/core/target.js';
import { Catalog } from '../../src/data/catalog/catalog.js';
import * as params from '../../src/faces/iconify/params.js';
import { respond } from '../../src/http/respond.js';
import { Registry } from '../../src/registry/registry.js';
import { RegistryCaches } from '../../src/registry/registry-caches.js';
import { FAST_CATALOG_DATA } from '../helpers/paths.js';

/*
 * The Iconify API's answers are cached under a key made from the parsed
 * parameters, not from the target as written: targets that mean the same
 * share one answer and one entry, and targets that mean something else never
 * share a key.
 */

let catalog: Catalog;
let caches: RegistryCaches;
let registry: Registry;
beforeAll(() => {
  catalog = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
  caches = new RegistryCaches(32 * 1024 * 1024);
  registry = new Registry(catalog, { caches, version: '0.0.0-test' });
});
afterAll(() => catalog.close());

const PARSERS: { [K in IconifyRoute['kind']]: (query: URLSearchParams, route: Extract<IconifyRoute, { kind: K }>) => params.IconifyParams } = {
  'iconify-icons': params.iconsJsonParams,
  'iconify-svg': params.iconSvgParams,
  'iconify-css': params.iconsCssParams,
  'iconify-collections': params.collectionsParams,
  'iconify-collection': params.collectionParams,
  'iconify-list-icons': params.listIconsParams,
  'iconify-last-modified': params.lastModifiedParams,
  'iconify-search': params.searchParams,
  'iconify-keywords': params.keywordsParams,
};

/** The cache key of a target, as the face parses it. */
function keyOf(target: string): string {
  const route = parseTarget(target, '');
  if (isProblem(route) || !(route.kind in PARSERS)) throw new Error(`${target} is no Iconify route`);
  const parse = PARSERS[route.kind as IconifyRoute['kind']] as (query: URLSearchParams, route: IconifyRoute) => params.IconifyParams;
  const start = target.indexOf('?');
  return params.cacheKeyOf(parse(new URLSearchParams(start === -1 ? '' : target.slice(start + 1)), route as IconifyRoute));
}

/** Each group: targets written differently that mean the same request. */
const SAME_MEANING: string[][] = [
  [
    '/mdi.json?icons=home,account',
    '/mdi.json?foo=1&icons=home&icons=account',
    '/mdi/icons.json?icons=%68ome%2Caccount',
    '/mdi.json?pretty=&icons=home,account',
  ],
  ['/mdi.js?icons=home&callback=cb', '/mdi/icons.js?callback=cb&icons=home&callback=other', '/mdi.js?icons=home&callback=%63b&utm_source=x'],
  ['/mdi.json?icons=home&callback=not-valid', '/mdi.json?icons=home&callback=cb'],
  [
    '/mdi/home.svg?width=24&rotate=90deg&flip=horizontal',
    '/mdi:home.svg?flip=horizontal,horizontal&rotate=1&width=24&x=1',
    '/mdi-home.svg?rotate=25%25&width=%2224%22&flip=horizontal',
  ],
  ['/mdi/home.svg?download=1&color=red', '/mdi/home.svg?color=red&box=&height='],
  ['/mdi.css?icons=home,account&format=compact', '/mdi.css?format=compact&icons=home,account&color=&mode=other&icons=ignored'],
  ['/collections?prefixes=mdi,lucide', '/collections?prefixes=lucide,mdi,mdi&pretty=', '/collections?prefix=&prefixes=lucide%2Cmdi'],
  ['/collection?prefix=mdi&info=1', '/collection?info=true&prefix=mdi&chars='],
  ['/list-icons?prefix=lucide&aliases=1', '/list-icons?aliases=yes&prefixes=mdi&prefix=lucide'],
  ['/last-modified?prefixes=mdi,lucide&callback=cb', '/last-modified?callback=cb&prefixes=lucide,mdi'],
  ['/search?query=home&limit=64', '/search?query=%68ome&limit=64', '/search?query=home&limit=6%34'],
  ['/keywords?keyword=arrow', '/keywords?keyword=%61rrow'],
];

/** Pairs that differ in what they ask for, or in what their answer shows. */
const DIFFERENT_MEANING: Array<[string, string]> = [
  // The names show in the answer in the order asked.
  ['/mdi.json?icons=home,account', '/mdi.json?icons=account,home'],
  // One `icons` is split at commas; repeated ones are names each.
  ['/mdi.json?icons=home,account&icons=abacus', '/mdi.json?icons=home&icons=account,abacus'],
  ['/mdi.json?icons=home', '/mdi.json?icons=home&pretty=1'],
  ['/mdi.json?icons=home', '/mdi.js?icons=home'],
  ['/mdi.json?icons=home', '/lucide.json?icons=home'],
  ['/mdi/home.svg?width=24', '/mdi/home.svg?width=48'],
  ['/mdi/home.svg?rotate=1', '/mdi/home.svg?rotate=2'],
  ['/mdi/home.svg', '/mdi/account.svg'],
  ['/mdi.css?icons=home', '/mdi.css?icons=home&format=compact'],
  ['/list-icons?prefix=mdi', '/list-icons-categorized?prefix=mdi'],
  ['/collections?prefixes=mdi', '/last-modified?prefixes=mdi'],
  // A search's answer repeats its query, parameter by parameter in order.
  ['/search?query=home&limit=64', '/search?limit=64&query=home'],
  ['/search?query=home', '/keywords?query=home'],
];

describe('the cache keys of the Iconify API', () => {
  it('are one for targets that mean the same, whose answers are byte-identical and kept once', async () => {
    for (const group of SAME_MEANING) {
      expect(new Set(group.map(keyOf)).size, group.join(' | ')).toBe(1);
      const before = caches.documents.size;
      const answers = [];
      for (const target of group) answers.push(await respond(registry, { method: 'GET', target }));
      const [first, ...others] = answers;
      expect(first?.status, group[0]).not.toBe(500);
      for (const [i, other] of others.entries()) {
        expect(other.body.equals(first?.body as Buffer), group[i + 1]).toBe(true);
        expect(other.headers['content-type'], group[i + 1]).toBe(first?.headers['content-type']);
        expect(other.headers.etag, group[i + 1]).toBe(first?.headers.etag);
      }
      expect(caches.documents.size - before, group.join(' | ')).toBe(1);
    }
  });

  it('differ for targets that mean something else, and so do their answers', async () => {
    for (const [one, other] of DIFFERENT_MEANING) {
      expect(keyOf(one), `${one} | ${other}`).not.toBe(keyOf(other));
      const [a, b] = [await respond(registry, { method: 'GET', target: one }), await respond(registry, { method: 'GET', target: other })];
      expect(a.body.equals(b.body), `${one} | ${other}`).toBe(false);
    }
  });

  it('leave out the file name of a download, a header of the answer and not its bytes', async () => {
    expect(keyOf('/mdi/home.svg?download=1')).toBe(keyOf('/mdi/home.svg'));
    const download = await respond(registry, { method: 'GET', target: '/mdi/home.svg?download=1' });
    expect(download.headers['content-disposition']).toBe('attachment; filename="home.svg"');
    expect((await respond(registry, { method: 'GET', target: '/mdi/home.svg' })).headers['content-disposition']).toBeUndefined();
  });
});
