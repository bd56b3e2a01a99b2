import { describe, expect, it } from 'vitest';
import { PackError, preparePack } from '../../src/data/catalog/prepare-pack.js';
import { packDefaultsOf, resolveIcon, type StoredEntry } from '../../src/core/resolve-icon.js';
import { isNotModified } from '../../src/http/conditional.js';
import { ByteBoundedCache } from '../../src/registry/byte-bounded-cache.js';
import { closestNames, editDistance } from '../../src/util/edit-distance.js';
import { normaliseBasePath, pathOf, RESERVED_PACK_IDS, type Route } from '../../src/core/paths.js';
import { parseTarget } from '../../src/core/target.js';
import { componentName } from '../../src/core/render/react.js';

describe('parseTarget', () => {
  it('routes the three endpoints and ignores the query', () => {
    expect(parseTarget('/r/registry.json', '')).toEqual({ kind: 'index' });
    expect(parseTarget('/r/mdi.json?x=1', '')).toEqual({ kind: 'pack', pack: 'mdi' });
    expect(parseTarget('/r/mdi/home.json', '')).toEqual({ kind: 'icon', pack: 'mdi', name: 'home' });
    expect(parseTarget('/icons/r/mdi/home.json', '/icons')).toEqual({ kind: 'icon', pack: 'mdi', name: 'home' });
  });

  it('keeps an encoded slash inside its segment', () => {
    expect(parseTarget('/r/mdi%2Fhome.json', '')).toEqual({ kind: 'pack', pack: 'mdi/home' });
    expect(parseTarget('/r/..%2F..%2Fx/y.json', '')).toEqual({ kind: 'icon', pack: '../../x', name: 'y' });
  });

  it('rejects what no valid target contains', () => {
    expect(parseTarget('/r/%zz.json', '')).toMatchObject({ status: 400 });
    expect(parseTarget('/r/a%00.json', '')).toMatchObject({ status: 400 });
    expect(parseTarget('/r/a b.json', '')).toMatchObject({ status: 400 });
    expect(parseTarget(`/r/${'a'.repeat(2049)}.json`, '')).toMatchObject({ status: 414 });
    expect(parseTarget('/r/a/b/c.json', '')).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('routes the feed of changes as Atom beside its JSON, and nothing else ending in .atom', () => {
    expect(parseTarget('/r/changes.json?since=2026-11-01', '')).toEqual({ kind: 'changes' });
    expect(parseTarget('/r/changes.atom?since=2026-11-01', '')).toEqual({ kind: 'changes-atom' });
    expect(parseTarget('/icons/r/changes.atom', '/icons')).toEqual({ kind: 'changes-atom' });
    for (const target of ['/changes.atom', '/r/lucide.atom', '/r/lucide/changes.atom', '/r/changes.atom', '/icons/changes.atom']) {
      expect(parseTarget(target, target === '/r/changes.atom' ? '/icons' : ''), target).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('routes a pack, pinned or not, as a zip, and prints each route where it parses from', () => {
    const cases: Array<[string, Route]> = [
      ['/r/lucide.zip', { kind: 'pack-zip', pack: 'lucide' }],
      ['/r/lucide@1.2.100.zip', { kind: 'pinned-zip', pack: 'lucide', version: '1.2.100' }],
      ['/r/lucide@%5E1.2.zip', { kind: 'pinned-zip', pack: 'lucide', version: '^1.2' }],
      ['/r/lucide@latest.zip?format=react', { kind: 'pinned-zip', pack: 'lucide', version: 'latest' }],
      ['/r/lucide@1.2.100.json', { kind: 'pinned', pack: 'lucide', version: '1.2.100' }],
    ];
    for (const [target, route] of cases) {
      expect(parseTarget(target, ''), target).toEqual(route);
      expect(pathOf(route, ''), target).toBe(target.split('?')[0]);
    }
    expect(parseTarget('/icons/r/lucide@1.2.100.zip', '/icons')).toEqual({ kind: 'pinned-zip', pack: 'lucide', version: '1.2.100' });
    // Nothing after the mark is a pin to an empty version (which names no revision); nothing before it is no pin.
    expect(parseTarget('/r/lucide@.zip', '')).toEqual({ kind: 'pinned-zip', pack: 'lucide', version: '' });
    expect(parseTarget('/r/lucide@.json', '')).toEqual({ kind: 'pinned', pack: 'lucide', version: '' });
    expect(parseTarget('/r/vue/lucide@/trash.json', '')).toEqual({ kind: 'pinned', pack: 'lucide', version: '', name: 'trash', framework: 'vue' });
    expect(parseTarget('/r/@1.zip', '')).toEqual({ kind: 'pack-zip', pack: '@1' });
  });

  it("routes an icon's raster preview beside its document, pinned too (answered that it has none), and prints it where it parses from", () => {
    expect(parseTarget('/r/mdi/home.png?size=64', '')).toEqual({ kind: 'preview', pack: 'mdi', name: 'home' });
    expect(parseTarget('/icons/r/mdi/home.png', '/icons')).toEqual({ kind: 'preview', pack: 'mdi', name: 'home' });
    expect(pathOf({ kind: 'preview', pack: 'mdi', name: 'home' }, '/icons')).toBe('/icons/r/mdi/home.png');
    expect(parseTarget('/r/mdi@1/home.png', '')).toEqual({ kind: 'preview', pack: 'mdi', name: 'home', version: '1' });
    expect(pathOf({ kind: 'preview', pack: 'mdi', name: 'home', version: '^1.2' }, '')).toBe('/r/mdi@%5E1.2/home.png');
    for (const target of ['/r/vue/mdi/home.png', '/r/mdi/.png', '/r//home.png', '/r/mdi.png', '/mdi/home.png']) {
      expect(parseTarget(target, ''), target).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('routes the previews of many icons under /r/, apart from the pack documents, and prints it where it parses from', () => {
    expect(parseTarget('/r/previews.json?icons=mdi:home', '')).toEqual({ kind: 'previews' });
    expect(parseTarget('/icons/r/previews.json', '/icons')).toEqual({ kind: 'previews' });
    expect(pathOf({ kind: 'previews' }, '/icons')).toBe('/icons/r/previews.json');
    // A pack of that id could never be addressed: the id is reserved, and its other forms are of no pack.
    expect(RESERVED_PACK_IDS.has('previews')).toBe(true);
    expect(parseTarget('/r/previews/home.json', '')).toEqual({ kind: 'icon', pack: 'previews', name: 'home' });
    expect(parseTarget('/r/previews.zip', '')).toEqual({ kind: 'pack-zip', pack: 'previews' });
    for (const target of ['/r/previews.png', '/previews.json/x', '/r/x/previews.json/y']) {
      expect(parseTarget(target, ''), target).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('normalises base paths', () => {
    expect(normaliseBasePath(undefined)).toBe('');
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('icons/')).toBe('/icons');
    expect(normaliseBasePath('/a/b')).toBe('/a/b');
  });
});

describe('the page in the URL layout', () => {
  it('is the base path itself and its hashed assets, and shadows no API route', () => {
    expect(parseTarget('/', '')).toEqual({ kind: 'page' });
    expect(parseTarget('/?pack=mdi&icon=home', '')).toEqual({ kind: 'page' });
    expect(parseTarget('/icons/', '/icons')).toEqual({ kind: 'page' });
    expect(parseTarget('/ui/app-0123456789ab.js', '')).toEqual({ kind: 'page-asset', file: 'app-0123456789ab.js' });
    expect(parseTarget('/icons/ui/app-0123456789ab.css', '/icons')).toEqual({ kind: 'page-asset', file: 'app-0123456789ab.css' });
    // A pack called `ui` keeps its Iconify routes.
    expect(parseTarget('/ui/icons.json?icons=home', '')).toEqual({ kind: 'iconify-icons', prefix: 'ui', script: false });
    expect(parseTarget('/ui/home.svg', '')).toEqual({ kind: 'iconify-svg', prefix: 'ui', name: 'home' });
    expect(parseTarget('/ui.json?icons=home', '')).toEqual({ kind: 'iconify-icons', prefix: 'ui', script: false });
    expect(parseTarget('/ui/app.js', '')).toMatchObject({ status: 404 });
    expect(parseTarget('/search', '')).toEqual({ kind: 'iconify-search' });
  });
});

describe('the Iconify API routes of the URL layout', () => {
  it('match no route for a path parameter over 100 characters, as the reference does', () => {
    expect(parseTarget(`/ab-${'c'.repeat(97)}.svg`, '')).toMatchObject({ kind: 'iconify-svg', prefix: 'ab' });
    expect(parseTarget(`/ab-${'c'.repeat(98)}.svg`, '')).toMatchObject({ status: 404, code: 'not_found' });
    expect(parseTarget(`/${'a'.repeat(100)}.json`, '')).toMatchObject({ kind: 'iconify-icons' });
    expect(parseTarget(`/${'a'.repeat(101)}.json`, '')).toMatchObject({ status: 404, code: 'not_found' });
    expect(parseTarget(`/mdi/${'a'.repeat(101)}.svg`, '')).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('suggestions', () => {
  it('counts a transposition as one edit and stops past the limit', () => {
    expect(editDistance('hoem', 'home', 3)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('ranks whole-name matches before prefix matches and bounds the work', () => {
    expect(closestNames('hoem', ['home-outline', 'home', 'house', 'account'])).toEqual(['home', 'home-outline']);
    // A query is cut to 48 characters: a longer name still finds what it starts with, at bounded cost.
    expect(closestNames(`${'x'.repeat(48)}yyyy`, ['x'.repeat(48), 'y'.repeat(52)])).toEqual(['x'.repeat(48)]);
    expect(closestNames('MDI', ['mdi', 'mdi-light'])).toEqual(['mdi', 'mdi-light']);
  });
});

describe('ByteBoundedCache', () => {
  it('evicts the least recently used entries to stay within its bound', () => {
    const cache = new ByteBoundedCache<string>(10, (value) => value.length);
    cache.set('a', 'xx');
    cache.set('b', 'xx');
    cache.set('c', 'xx');
    cache.get('a');
    cache.set('d', 'xx');
    cache.set('e', 'xx');
    cache.set('f', 'xx');
    expect(cache.bytes).toBeLessThanOrEqual(10);
    expect(cache.get('a')).toBe('xx');
    expect(cache.get('b')).toBeUndefined();
  });

  it('never keeps a value larger than a quarter of the bound', () => {
    const cache = new ByteBoundedCache<string>(10, (value) => value.length);
    cache.set('big', 'xxx');
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

describe('isNotModified', () => {
  const etag = ['"abc"', '"abc-br"'];
  it('follows If-None-Match when present, with weak comparison', () => {
    expect(isNotModified({ 'if-none-match': 'W/"abc"' }, etag, 0)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"x", "abc"' }, etag, 0)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc-br"' }, etag, 0)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"abc-gz"' }, etag, 0)).toBe(false);
    expect(isNotModified({ 'if-none-match': '"x"', 'if-modified-since': new Date(10_000).toUTCString() }, etag, 0)).toBe(false);
  });
  it('uses If-Modified-Since otherwise, only when it is the date the resource has, and ignores unparseable dates', () => {
    expect(isNotModified({ 'if-modified-since': new Date(10_000).toUTCString() }, etag, 10_000)).toBe(true);
    expect(isNotModified({ 'if-modified-since': new Date(9_000).toUTCString() }, etag, 10_000)).toBe(false);
    // A later date is not enough: what is served now may be dated earlier than what the cache holds (a pack held back).
    expect(isNotModified({ 'if-modified-since': new Date(11_000).toUTCString() }, etag, 10_000)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'yesterday' }, etag, 10_000)).toBe(false);
    expect(isNotModified({ 'if-modified-since': new Date(10_000).toUTCString() }, etag, undefined)).toBe(false);
  });
});

describe('preparePack', () => {
  it('refuses what is not an IconifyJSON pack', () => {
    expect(() => preparePack([])).toThrow(PackError);
    expect(() => preparePack({ prefix: 'Bad Prefix', icons: {} })).toThrow(/invalid or missing "prefix"/);
    expect(() => preparePack({ prefix: 'ok', icons: 'no' })).toThrow(/no "icons" object/);
    expect(() => preparePack({ prefix: 'registry', icons: {} })).toThrow(/reserved/);
    expect(() => preparePack({ prefix: 'previews', icons: {} })).toThrow(/reserved/);
    expect(() => preparePack({ prefix: 'a', icons: {} }, 'b')).toThrow(/does not match/);
  });

  it('resolves aliases through a chain and drops what cannot resolve, with a warning each', () => {
    const pack = preparePack({
      prefix: 'demo',
      icons: { base: { body: '<path d="M0 0"/>', width: 20 } },
      aliases: { turned: { parent: 'base', rotate: 1 }, twice: { parent: 'turned', hFlip: true }, lost: { parent: 'gone' } },
      height: 10,
    });
    // As the catalog stores them (verbatim rows), resolved as the catalog resolves them.
    const rows = new Map(pack.iconify.entries.map(([name, kind, data]) => [name, kind === 'char' ? { char: data } : { [kind]: JSON.parse(data) }]));
    const entryOf = (name: string) => rows.get(name) as StoredEntry | undefined;
    const defaults = packDefaultsOf(JSON.parse(pack.iconify.root) as Parameters<typeof packDefaultsOf>[0]);
    expect(resolveIcon('twice', entryOf, defaults)).toEqual({ body: '<path d="M0 0"/>', width: 20, height: 10, rotate: 1, hFlip: true });
    expect(resolveIcon('lost', entryOf, defaults)).toBeUndefined();
    expect(pack.warnings).toEqual(['dropped alias "lost": missing parent or loop']);
    expect(JSON.parse(pack.document)).toMatchObject({ prefix: 'demo', width: 16, height: 10, info: { name: 'demo', total: 1 } });
  });
});

describe('componentName', () => {
  it('is the PascalCase of pack and name, and always a valid identifier', () => {
    expect(componentName('mdi', 'home')).toBe('MdiHome');
    expect(componentName('fluent-emoji', '1st-place-medal')).toBe('FluentEmoji1stPlaceMedal');
    expect(componentName('42', 'x')).toBe('Icon42X');
  });
});
