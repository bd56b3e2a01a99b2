import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { MAX_STREAMED_ANSWERS } from '../../src/http/prepare.js';
import { respond } from '../../src/http/respond.js';
import { startServer, type RunningServer } from '../../src/http/server.js';
import { Registry } from '../../src/registry/registry.js';
import { rawRequest } from '../helpers/http.js';
import { FAST_CATALOG_DATA, FAST_DEFAULT_PACKS, FIXTURE_PACKS, TRANSFORM_PACKS } from '../helpers/paths.js';
import { allNames, readDefaultPack, readSourcePack, sweptInFastTier } from '../helpers/sources.js';
import { goldenSvgs } from '../helpers/svg-golden.js';
import { expectedSvgOf } from '../helpers/svg-oracle.js';

let catalog: Catalog;
let registry: Registry;
let server: RunningServer;
let origin: string;
beforeAll(async () => {
  catalog = new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
  registry = new Registry(catalog);
  server = await startServer({ registry: { current: registry }, host: '127.0.0.1', port: 0, cacheMaxAge: 3600, logLevel: 'silent' });
  origin = server.url;
});
afterAll(async () => {
  await server.close(Date.now() + 1000);
  catalog.close();
});

describe('the server in process, on the small catalog', () => {
  it('serves every mdi icon (a seeded sample under test:fast), and every icon of the fixture and transforms packs, with the svg rendered independently from the source', async () => {
    const packs = [
      readDefaultPack('mdi'),
      readSourcePack(join(FIXTURE_PACKS, 'fixture-shapes.json')),
      readSourcePack(join(TRANSFORM_PACKS, 'fixture-transforms.json')),
    ];
    for (const pack of packs) {
      const names = sweptInFastTier(allNames(pack), `rendered ${pack.prefix}`, 1000);
      for (let i = 0; i < names.length; i += 64) {
        await Promise.all(
          names.slice(i, i + 64).map(async (name) => {
            // Through respond(), the server's own path without a socket: what is checked is the document, not the transport.
            const response = await respond(registry, { method: 'GET', target: `/r/${pack.prefix}/${name}.json` });
            expect(response.status, name).toBe(200);
            const document = JSON.parse(response.body.toString('utf8')) as { svg: string };
            expect(document.svg, `${pack.prefix}:${name}`).toBe(expectedSvgOf(pack, name).svg);
          }),
        );
      }
    }
    // Every document of a large pack on cores other tests share: the limit only guards against a hang.
  }, 120_000);

  it('serves the icons of the golden sample that this catalog holds with their stored svg, byte for byte', async () => {
    const served = new Set([...FAST_DEFAULT_PACKS, 'fixture-shapes', 'fixture-transforms']);
    const golden = [...goldenSvgs()].filter(([id]) => served.has(id.slice(0, id.indexOf(':'))));
    expect(golden.length).toBeGreaterThanOrEqual(25);
    for (const [id, svg] of golden) {
      const response = await fetch(`${origin}/r/${id.replace(':', '/')}.json`);
      expect(((await response.json()) as { svg: string }).svg, id).toBe(svg);
    }
  });

  it('answers the index, a pack, a miss with suggestions, and a 405 through the one writer', async () => {
    const index = await fetch(`${origin}/r/registry.json`);
    expect(((await index.json()) as Array<{ id: string }>).map((entry) => entry.id)).toContain('lucide');
    const pack = await fetch(`${origin}/r/lucide.json`, { headers: { 'accept-encoding': 'br' } });
    expect(pack.headers.get('content-encoding')).toBe('br');
    const miss = await fetch(`${origin}/r/mdi/hoem.json`);
    expect(miss.status).toBe(404);
    expect(((await miss.json()) as { suggestions: string[] }).suggestions[0]).toBe('mdi:home');
    const put = await fetch(`${origin}/r/mdi.json`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(put.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a pack larger than what is held whole in chunks, byte for byte, and HEAD without reading it', async () => {
    const expected = catalog.packDocumentBytes('noto', 'identity');
    expect(expected.length).toBeGreaterThan(4 * 1024 * 1024);
    const response = await fetch(`${origin}/r/noto.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
    const head = await fetch(`${origin}/r/noto.json`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(Number(head.headers.get('content-length'))).toBe(expected.length);
  });

  it('sends at most MAX_STREAMED_ANSWERS large documents at once, answers 503 with Retry-After beyond, and serves again after', async () => {
    const port = Number(new URL(origin).port);
    const readers = await Promise.all(
      Array.from(
        { length: MAX_STREAMED_ANSWERS },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(port, '127.0.0.1');
            socket.once('data', () => {
              socket.pause();
              resolve(socket);
            });
            socket.write('GET /r/noto.json HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n');
          }),
      ),
    );
    const busy = await fetch(`${origin}/r/noto.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(((await busy.json()) as { code: string }).code).toBe('too_busy');
    expect((await fetch(`${origin}/r/mdi/home.json`)).status).toBe(200);
    for (const reader of readers) reader.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await fetch(`${origin}/r/noto.json`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(again.status).toBe(200);
    const whole = await fetch(`${origin}/r/noto.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(whole.status).toBe(200);
    await whole.arrayBuffer();
  });

  it('sends the whole of a chunked document to clients that half-close once their request is sent', async () => {
    const expected = catalog.packDocumentBytes('noto', 'identity');
    const request = 'GET /r/noto.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const answers = await Promise.all([1, 2, 3].map(() => rawRequest(Number(new URL(origin).port), request, 30_000)));
    for (const answer of answers) expect(Buffer.from(answer.body, 'latin1').equals(expected)).toBe(true);
  });
});
