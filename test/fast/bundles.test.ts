import type { IconifyJSON } from '@iconify/types';
import { unzipSync } from 'fflate';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessControl } from '../../src/faces/access/access-control.js';
import { parseAccessFile } from '../../src/faces/access/access-file.js';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { MAX_PACK_ZIPS } from '../../src/core/bundle-limits.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { timesBeside } from '../helpers/http.js';
import { Registry } from '../../src/registry/registry.js';
import { tokenHash } from '../helpers/access-file.js';
import { FAST_CATALOG_DATA, FIXTURE_PACKS, TRANSFORM_PACKS } from '../helpers/paths.js';
import { allNames, readDefaultPack, readSourcePack, sampleIcons, seededRandom, testSeed } from '../helpers/sources.js';
import { expectedSvgOf } from '../helpers/svg-oracle.js';

/*
 * Many icons at once, in process on the small catalog: bundles of icons of
 * several packs as IconifyJSON, a sprite and zips, each file checked
 * against the icon documents and an SVG renderer of the tests' own; whole
 * packs as zips; unknown and private ids; the bounds; caching and
 * compression as on every other answer.
 */

const PRIVATE = 'fixture-repairs';
const TOKEN = 'bundles-token-0123456789abcdefghij';
const PACKS: Array<[string, IconifyJSON]> = [
  ['mdi', readDefaultPack('mdi')],
  ['lucide', readDefaultPack('lucide')],
  ['noto', readDefaultPack('noto')],
  ['fixture-shapes', readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json'))],
  ['fixture-transforms', readSourcePack(join(TRANSFORM_PACKS, 'fixture-transforms.json'))],
];
const SOURCES = new Map(PACKS);

let catalog: Catalog;
let server: RunningServer;
let origin: string;
beforeAll(async () => {
  catalog = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
  const access = new AccessControl(parseAccessFile(JSON.stringify({ packs: { [PRIVATE]: ['design'] }, tokens: { design: tokenHash(TOKEN) } })).policy);
  server = await startServer({ registry: { current: new Registry(catalog) }, host: '127.0.0.1', port: 0, cacheMaxAge: 3600, logLevel: 'silent', access });
  origin = server.url;
});
afterAll(async () => {
  await server.close(Date.now() + 1000);
  catalog.close();
});

interface IconDocument {
  body: string;
  svg: string;
  react: string;
}

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${origin}${path}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const json = (bytes: Buffer) => JSON.parse(bytes.toString('utf8'));
const withToken = { authorization: `Bearer ${TOKEN}` };

async function documentOf(id: string, headers: Record<string, string> = {}): Promise<IconDocument> {
  const answer = await get(`/r/${id.replace(':', '/')}.json`, headers);
  expect(answer.status, id).toBe(200);
  return json(answer.bytes) as IconDocument;
}

/** The files of a zip, as text, by path. */
function filesOf(zip: Buffer): Map<string, string> {
  return new Map(Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, Buffer.from(bytes).toString('utf8')]));
}

/** Each `<symbol>` of a sprite by its id: its viewBox and what it holds. */
function symbolsOf(sprite: string): Map<string, { viewBox: string; body: string }> {
  const opening = /<symbol id="([^"]+)" viewBox="([^"]+)">/g;
  const starts = [...sprite.matchAll(opening)];
  const symbols = new Map<string, { viewBox: string; body: string }>();
  starts.forEach((match, i) => {
    const from = (match.index as number) + match[0].length;
    const to = i + 1 < starts.length ? (starts[i + 1]?.index as number) : sprite.length - '</svg>'.length;
    const inner = sprite.slice(from, to);
    expect(inner.endsWith('</symbol>'), match[1]).toBe(true);
    symbols.set(match[1] as string, { viewBox: match[2] as string, body: inner.slice(0, -'</symbol>'.length) });
  });
  return symbols;
}

const viewBoxOf = (svg: string) => /viewBox="([^"]+)"/.exec(svg)?.[1];

describe('a bundle of 50 icons from 5 packs', () => {
  const random = seededRandom(testSeed('bundle of 50 icons'));
  const ids = PACKS.flatMap(([id, pack]) => sampleIcons(new Map([[id, pack]]), 10, random).map(([, name]) => `${id}:${name}`));
  const query = `icons=${ids.join(',')}`;

  it('is a zip of {pack}/{name}.svg files, each the icon document svg and the svg rendered from the source, byte for byte', async () => {
    expect(ids).toHaveLength(50);
    const answer = await get(`/r/bundle.zip?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const files = filesOf(answer.bytes);
    expect([...files.keys()].sort()).toEqual(ids.map((id) => `${id.replace(':', '/')}.svg`).sort());
    for (const id of ids) {
      const [pack, name] = id.split(':') as [string, string];
      const svg = files.get(`${pack}/${name}.svg`);
      expect(svg, id).toBe((await documentOf(id)).svg);
      expect(svg, id).toBe(expectedSvgOf(SOURCES.get(pack) as IconifyJSON, name).svg);
    }
  });

  it('is a zip of {pack}/{name}.tsx files with format=react, each the icon document react, byte for byte', async () => {
    const files = filesOf((await get(`/r/bundle.zip?format=react&${query}`)).bytes);
    expect(files.size).toBe(50);
    for (const id of ids) expect(files.get(`${id.replace(':', '/')}.tsx`), id).toBe((await documentOf(id)).react);
  });

  it("is a zip of each framework's components with format=jsx|vue|svelte|solid, each its item's file, byte for byte", async () => {
    for (const [framework, extension] of [
      ['jsx', 'jsx'],
      ['vue', 'vue'],
      ['svelte', 'svelte'],
      ['solid', 'tsx'],
    ] as const) {
      const files = filesOf((await get(`/r/bundle.zip?format=${framework}&${query}`)).bytes);
      expect(files.size, framework).toBe(50);
      for (const id of ids.slice(0, 10)) {
        const item = json((await get(`/r/${framework}/${id.replace(':', '/')}.json`)).bytes) as { files: Array<{ content: string }> };
        expect(files.get(`${id.replace(':', '/')}.${extension}`), `${framework} ${id}`).toBe(item.files[0]?.content);
      }
    }
  });

  it('is a sprite of a symbol per icon, with the view box and body of its icon document, and no id twice', async () => {
    const answer = await get(`/r/bundle.svg?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const sprite = answer.bytes.toString('utf8');
    expect(sprite.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const symbols = symbolsOf(sprite);
    expect(symbols.size).toBe(50);
    for (const id of ids) {
      const symbolId = id.replace(':', '-');
      const symbol = symbols.get(symbolId);
      const document = await documentOf(id);
      expect(symbol?.viewBox, id).toBe(viewBoxOf(document.svg));
      // The body's own ids are the icon's, prefixed with its symbol id, so that two icons' gradients never clash.
      expect(symbol?.body.replaceAll(`${symbolId}--`, ''), id).toBe(document.body);
    }
    const idAttributes = [...sprite.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(idAttributes).size).toBe(idAttributes.length);
    expect(sprite.includes('xmlns:xlink=')).toBe(sprite.includes('xlink:href'));
  });

  it('is one IconifyJSON per pack, from which each icon renders to its icon document svg', async () => {
    const answer = json((await get(`/r/bundle.json?${query}`)).bytes) as { packs: Record<string, IconifyJSON>; missing: string[] };
    expect(answer.missing).toEqual([]);
    expect(Object.keys(answer.packs).sort()).toEqual(PACKS.map(([id]) => id).sort());
    for (const id of ids) {
      const [pack, name] = id.split(':') as [string, string];
      expect(answer.packs[pack]?.prefix).toBe(pack);
      expect(expectedSvgOf(answer.packs[pack] as IconifyJSON, name).svg, id).toBe((await documentOf(id)).svg);
    }
  });

  it('is the same answer for the same icons in any order, named twice or in several icons parameters', async () => {
    for (const format of ['json', 'svg', 'zip']) {
      const first = await get(`/r/bundle.${format}?${query}`);
      const shuffled = [...ids].reverse();
      const again = await get(`/r/bundle.${format}?icons=${shuffled.slice(0, 20).join(',')},${ids[0]}&icons=${shuffled.slice(20).join(',')}`);
      expect(again.headers.get('etag'), format).toBe(first.headers.get('etag'));
      expect(again.bytes.equals(first.bytes), format).toBe(true);
    }
  });
});

describe('ids a bundle does not serve', () => {
  const asked = 'icons=mdi:home,mdi:no-such-icon,no-such-pack:home,lucide:trash';
  const missing = ['mdi:no-such-icon', 'no-such-pack:home'];

  it('are named: in missing, in a comment of the sprite, in MISSING.txt of the zip', async () => {
    const answer = json((await get(`/r/bundle.json?${asked}`)).bytes) as { packs: Record<string, IconifyJSON>; missing: string[] };
    expect(answer.missing).toEqual(missing);
    expect(Object.keys(answer.packs.mdi?.icons ?? {})).toEqual(['home']);
    const sprite = (await get(`/r/bundle.svg?${asked}`)).bytes.toString('utf8');
    expect(sprite).toContain(`<!-- missing: ${missing.join(' ')} -->`);
    expect([...symbolsOf(sprite).keys()]).toEqual(['lucide-trash', 'mdi-home']);
    const files = filesOf((await get(`/r/bundle.zip?${asked}`)).bytes);
    expect([...files.keys()].sort()).toEqual(['MISSING.txt', 'lucide/trash.svg', 'mdi/home.svg']);
    expect(files.get('MISSING.txt')).toBe(`${missing.join('\n')}\n`);
  });

  it('are all that a bundle of ids it lacks holds, answered 200', async () => {
    const answer = await get('/r/bundle.json?icons=no-such-pack:a,mdi:zzz-none');
    expect(answer.status).toBe(200);
    expect(json(answer.bytes)).toEqual({ packs: {}, missing: ['mdi:zzz-none', 'no-such-pack:a'] });
  });
});

describe('ids of a private pack', () => {
  // One letter from the private pack's id, so that the packs close to it are the same.
  const unknownPack = 'fixture-rupairs';
  const asked = (pack: string) => `icons=${pack}:good,mdi:home`;

  it('are missing without its token, exactly as ids of a pack that does not exist', async () => {
    for (const format of ['json', 'svg']) {
      const hidden = await get(`/r/bundle.${format}?${asked(PRIVATE)}`);
      const unknown = await get(`/r/bundle.${format}?${asked(unknownPack)}`);
      expect(hidden.status).toBe(200);
      expect(hidden.bytes.toString('utf8').replaceAll(PRIVATE, unknownPack), format).toBe(unknown.bytes.toString('utf8'));
      expect(hidden.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    const files = filesOf((await get(`/r/bundle.zip?${asked(PRIVATE)}`)).bytes);
    expect([...files.keys()].sort()).toEqual(['MISSING.txt', 'mdi/home.svg']);
    expect(files.get('MISSING.txt')).toBe(`${PRIVATE}:good\n`);
    const zip = await get(`/r/${PRIVATE}.zip`);
    const unknownZip = await get(`/r/${unknownPack}.zip`);
    expect(zip.status).toBe(404);
    expect(zip.bytes.toString('utf8').replaceAll(PRIVATE, unknownPack)).toBe(unknownZip.bytes.toString('utf8'));
  });

  it('are served with its token, in answers no shared cache keeps', async () => {
    const document = await documentOf(`${PRIVATE}:good`, withToken);
    const answer = await get(`/r/bundle.zip?${asked(PRIVATE)}`, withToken);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const files = filesOf(answer.bytes);
    expect([...files.keys()].sort()).toEqual([`${PRIVATE}/good.svg`, 'mdi/home.svg']);
    expect(files.get(`${PRIVATE}/good.svg`)).toBe(document.svg);
    const zip = await get(`/r/${PRIVATE}.zip`, withToken);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('cache-control')).toBe('private, no-store');
    expect(filesOf(zip.bytes).get(`${PRIVATE}/good.svg`)).toBe(document.svg);
    // A token that is no token is refused, as on every route.
    expect((await get(`/r/bundle.json?${asked(PRIVATE)}`, { authorization: 'Bearer nope' })).status).toBe(401);
  });
});

describe('the bounds of a bundle', () => {
  const problemOf = async (path: string) => {
    const answer = await get(path);
    expect(answer.headers.get('content-type'), path).toBe('application/problem+json');
    return { status: answer.status, ...(json(answer.bytes) as { code: string; detail: string }) };
  };

  it('takes 200 ids, and answers one more with a 400 too_many_icons', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => `zz:i${i}`);
    const most = await get(`/r/bundle.json?icons=${ids.slice(0, 200).join(',')}`);
    expect(most.status).toBe(200);
    expect((json(most.bytes) as { missing: string[] }).missing).toHaveLength(200);
    expect(await problemOf(`/r/bundle.json?icons=${ids.join(',')}`)).toMatchObject({
      status: 400,
      code: 'too_many_icons',
      detail: 'A bundle names at most 200 icons; split the list into several requests.',
    });
    // The same id again is not one more.
    expect((await get(`/r/bundle.json?icons=${ids.slice(0, 200).join(',')},zz:i0`)).status).toBe(200);
  });

  it('answers what is no list of ids, and a format no zip has, with a 400 that says what is wrong', async () => {
    const cases: Array<[string, string]> = [
      ['/r/bundle.json', "A bundle needs icons: 'icons=mdi:home,lucide:trash' (at most 200 ids)."],
      ['/r/bundle.json?icons=', "A bundle needs icons: 'icons=mdi:home,lucide:trash' (at most 200 ids)."],
      ['/r/bundle.svg?icons=mdi', "'mdi' is not an icon id: ids are 'pack:name', as in 'mdi:home', separated by commas."],
      ['/r/bundle.zip?icons=mdi:Home', "'mdi:Home' is not an icon id: ids are 'pack:name', as in 'mdi:home', separated by commas."],
      ['/r/bundle.zip?icons=:home', "':home' is not an icon id: ids are 'pack:name', as in 'mdi:home', separated by commas."],
      ['/r/bundle.zip?icons=mdi:home&format=vue3', "There is no file format 'vue3': 'format' is one of svg, react, jsx, vue, svelte, solid."],
      ['/r/bundle.json?icons=mdi:home&format=react', "'format' chooses the files of a zip; 'bundle.json' has none."],
      ['/r/mdi.zip?format=tsx', "There is no file format 'tsx': 'format' is one of svg, react, jsx, vue, svelte, solid."],
      // A parameter the route does not take, or one given twice but for the list of icons, is refused rather than ignored.
      ['/r/bundle.json?icons=mdi:home&foo=1', "Unknown parameter 'foo'; /r/bundle.json takes icons, format."],
      ['/r/bundle.zip?icons=mdi:home&format=react&format=vue', 'The format parameter is given more than once; give it once.'],
      ['/r/mdi.zip?foo=1', "Unknown parameter 'foo'; /r/{pack}.zip takes format."],
    ];
    for (const [path, detail] of cases)
      expect(await problemOf(path), path).toEqual({ status: 400, code: 'bad_request', detail, type: 'about:blank', title: 'Bad Request' });
    expect((await problemOf('/r/bundle.txt?icons=mdi:home')).code).toBe('not_found');
    expect(await problemOf('/r/no-such-pack.zip')).toMatchObject({ status: 404, code: 'pack_not_found' });
  });
});

describe('a whole pack as a zip', () => {
  it('holds every icon and alias of the pack as {pack}/{name}.svg, each the svg rendered from the source', async () => {
    const answer = await get('/r/lucide.zip');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const files = filesOf(answer.bytes);
    const source = SOURCES.get('lucide') as IconifyJSON;
    const names = allNames(source);
    expect([...files.keys()].sort()).toEqual(names.map((name) => `lucide/${name}.svg`).sort());
    for (const name of names) expect(files.get(`lucide/${name}.svg`), name).toBe(expectedSvgOf(source, name).svg);
  });

  it('holds each icon document react as {pack}/{name}.tsx with format=react', async () => {
    const files = filesOf((await get('/r/fixture-transforms.zip?format=react')).bytes);
    const names = allNames(SOURCES.get('fixture-transforms') as IconifyJSON);
    expect(files.size).toBe(names.length);
    for (const name of names) expect(files.get(`fixture-transforms/${name}.tsx`), name).toBe((await documentOf(`fixture-transforms:${name}`)).react);
  });

  it('is sent chunked, the same bytes each time, with an ETag that gives 304, and HEAD makes no zip', async () => {
    const first = await get('/r/fixture-shapes.zip', { 'accept-encoding': 'br, gzip' });
    expect(first.headers.get('content-encoding')).toBeNull();
    expect(first.headers.get('content-length')).toBeNull();
    expect(first.headers.get('transfer-encoding')).toBe('chunked');
    const again = await get('/r/fixture-shapes.zip');
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const etag = first.headers.get('etag') as string;
    expect((await get('/r/fixture-shapes.zip', { 'if-none-match': etag })).status).toBe(304);
    const head = await fetch(`${origin}/r/fixture-shapes.zip`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });

  it('leaves the server answering other requests while it makes a whole pack for a client that takes it at once', async () => {
    const {
      result: zip,
      slowMs: zipMs,
      waits,
    } = await timesBeside(
      () => get('/r/mdi.zip'),
      async () => expect((await get('/r/mdi/home.json')).status).toBe(200),
    );
    expect(zip.status).toBe(200);
    // Answered between the zip's chunks: each in a small part of the zip's time, not after all of it was made.
    console.log(`mdi.zip made in ${zipMs.toFixed(0)} ms; ${waits.length} documents answered meanwhile, the slowest in ${Math.max(...waits).toFixed(1)} ms`);
    expect(waits.length).toBeGreaterThan(4);
    expect(Math.max(...waits)).toBeLessThan(zipMs / 4);
  });

  it(`is made for at most ${MAX_PACK_ZIPS} clients at once, 503 with Retry-After beyond, while HEAD and other answers go on`, async () => {
    const port = Number(new URL(origin).port);
    const readers = await Promise.all(
      Array.from(
        { length: MAX_PACK_ZIPS },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            socket.once('data', () => {
              socket.pause();
              resolve(socket);
            });
            socket.write('GET /r/noto.zip HTTP/1.1\r\nHost: x\r\n\r\n');
          }),
      ),
    );
    const busy = await get('/r/mdi.zip');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect((json(busy.bytes) as { code: string }).code).toBe('too_busy');
    expect((await fetch(`${origin}/r/mdi.zip`, { method: 'HEAD' })).status).toBe(200);
    expect((await get('/r/bundle.zip?icons=mdi:home')).status).toBe(200);
    for (const reader of readers) reader.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await get('/r/fixture-shapes.zip')).status).toBe(200);
  });
});

describe('a whole pack as a zip whose catalog is closed while it is sent', () => {
  it('is cut short, and the server goes on answering', async () => {
    const own = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
    const other = await startServer({ registry: { current: new Registry(own) }, host: '127.0.0.1', port: 0, cacheMaxAge: 3600, logLevel: 'silent' });
    try {
      const socket = connect(Number(new URL(other.url).port), '127.0.0.1');
      let received = 0;
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      await new Promise<void>((resolve) => {
        socket.once('data', (chunk: Buffer) => {
          received += chunk.length;
          socket.pause();
          resolve();
        });
        socket.write('GET /r/noto.zip HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      // As a reload of own packs closes the replaced catalog: the next chunk cannot be read.
      own.close();
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.resume();
      await ended;
      expect(received).toBeLessThan(10 * 1024 * 1024);
      expect((await fetch(`${other.url}/r/registry.json`)).status).toBe(200);
    } finally {
      await other.close(Date.now() + 1000);
    }
  });
});

describe('caching and compression of bundles', () => {
  it('compresses the JSON and the sprite as negotiated, never the zip, and answers If-None-Match with 304 on each', async () => {
    const cases: Array<[string, string | null]> = [
      ['/r/bundle.json?icons=mdi:home,lucide:trash', 'br'],
      ['/r/bundle.svg?icons=mdi:home,lucide:trash', 'br'],
      ['/r/bundle.zip?icons=mdi:home,lucide:trash', null],
    ];
    for (const [path, coding] of cases) {
      const plain = await get(path, { 'accept-encoding': 'identity' });
      const compressed = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(compressed.headers.get('content-encoding'), path).toBe(coding);
      expect(compressed.headers.get('vary'), path).toBe('Accept-Encoding');
      // fetch decodes what it is sent: the same bytes either way.
      expect(compressed.bytes.equals(plain.bytes), path).toBe(true);
      if (coding === null) expect(Number(compressed.headers.get('content-length')), path).toBe(plain.bytes.length);
      const etag = compressed.headers.get('etag') as string;
      if (coding) expect(etag, path).toMatch(/-br"$/);
      else expect(etag, path).toBe(plain.headers.get('etag'));
      expect((await get(path, { 'accept-encoding': 'br, gzip', 'if-none-match': etag })).status, path).toBe(304);
      expect((await get(path, { 'if-none-match': plain.headers.get('etag') as string })).status, path).toBe(304);
    }
  });
});
