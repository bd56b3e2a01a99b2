import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/** One path for each endpoint, and the Last-Modified each must carry. */
const ENDPOINTS = [
  // The index is also the shadcn CLI's catalog, chosen by Accept among other things.
  { path: '/r/registry.json', label: 'index', vary: 'Accept-Encoding, Accept' },
  { path: '/r/mdi.json', label: 'pack', vary: 'Accept-Encoding' },
  { path: '/r/mdi/home.json', label: 'icon', vary: 'Accept-Encoding' },
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ args: ['--cache-max-age', '600'] });
});
afterAll(async () => {
  await server.close();
});

describe.each(ENDPOINTS)('HTTP behaviour of the $label endpoint', ({ path, vary }) => {
  it('sends JSON with a strong ETag, Last-Modified, Cache-Control, CORS and nosniff', async () => {
    const response = await fetch(`${server.base}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // fetch asks for gzip: the ETag is the gzip representation's.
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{22}-gz"$/);
    expect(response.headers.get('vary')).toBe(vary);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    JSON.parse(await response.text());
  });

  it('answers 304 to a matching If-None-Match (single, listed, weak or *), 200 otherwise', async () => {
    const etag = (await fetch(`${server.base}${path}`)).headers.get('etag') as string;
    for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const response = await fetch(`${server.base}${path}`, { headers: { 'if-none-match': header } });
      expect(response.status, header).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    expect((await fetch(`${server.base}${path}`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, 200 before it, and lets If-None-Match decide when both are sent', async () => {
    const lastModified = (await fetch(`${server.base}${path}`)).headers.get('last-modified') as string;
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetch(`${server.base}${path}`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expect((await fetch(`${server.base}${path}`, { headers: { 'if-modified-since': earlier } })).status).toBe(200);
    const both = await fetch(`${server.base}${path}`, { headers: { 'if-modified-since': lastModified, 'if-none-match': '"other"' } });
    expect(both.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body, in every coding', async () => {
    for (const coding of ['', 'Accept-Encoding: br\r\n', 'Accept-Encoding: gzip\r\n']) {
      const get = await rawRequest(server.port, `GET ${path} HTTP/1.1\r\nHost: x\r\n${coding}Connection: close\r\n\r\n`);
      const head = await rawRequest(server.port, `HEAD ${path} HTTP/1.1\r\nHost: x\r\n${coding}Connection: close\r\n\r\n`);
      expect(head.status).toBe(200);
      expect(head.body).toBe('');
      expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.body, 'latin1'));
      for (const name of ['content-type', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary', 'access-control-allow-origin']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
    }
  });

  it('ignores the query string', async () => {
    const plain = await fetch(`${server.base}${path}`);
    const withQuery = await fetch(`${server.base}${path}?v=2&x=%zz&icons=home`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get('etag')).toBe(plain.headers.get('etag'));
  });
});

describe('CORS preflight and errors', () => {
  it('answers OPTIONS with 204 and the allowed methods', async () => {
    const response = await fetch(`${server.base}/r/mdi/home.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe('if-none-match');
  });

  it('gives errors a short max-age (404) or no-store (other errors)', async () => {
    expect((await fetch(`${server.base}/r/nope.json`)).headers.get('cache-control')).toBe('public, max-age=60');
    expect((await fetch(`${server.base}/r/%zz.json`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('keep-alive', () => {
  it('keeps an idle connection open well past the 5 s Node default, for proxies that reuse it', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const received: string[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk.toString('latin1')));
    const request = 'GET /r/mdi/home.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(socket.destroyed).toBe(false);
    socket.write(request);
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.destroy();
    expect(received.join('').match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });
});

describe('request log', () => {
  it('writes one JSON line per request carrying the id sent in X-Request-Id', async () => {
    const response = await fetch(`${server.base}/r/mdi/home.json?trace=1`);
    const id = response.headers.get('x-request-id');
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.logs.filter((line) => line.reqId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/r/mdi/home.json?trace=1', status: 200 });
  });
});

describe('--base-path', () => {
  let prefixed: TestServer;
  beforeAll(async () => {
    prefixed = await startTestServer({ args: ['--base-path', '/icons/'] });
  });
  afterAll(async () => {
    await prefixed.close();
  });

  it('serves the three endpoints under the prefix and nothing outside it', async () => {
    expect(prefixed.base).toMatch(/\/icons$/);
    for (const { path } of ENDPOINTS) expect((await fetch(`${prefixed.base}${path}`)).status).toBe(200);
    const origin = new URL(prefixed.base).origin;
    expect((await fetch(`${origin}/r/registry.json`)).status).toBe(404);
    expect((await fetch(`${origin}/iconsr/registry.json`)).status).toBe(404);
  });

  it('points a miss to the index under the prefix', async () => {
    for (const path of ['/nope', '/r/mdi/home/more.json', '/ui/app-000000000000.js']) {
      const response = await fetch(`${prefixed.base}${path}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { detail: string }).detail, path).toBe('No resource at this path. See /icons/r/registry.json.');
    }
  });
});
