import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

/** One path for each endpoint, and the Last-Modified each must carry. */
const ENDPOINTS = [
  // The index is also the shadcn CLI's catalog, chosen by Accept among other things.
  { path: '/r/registry.json', label: 'index', vary: 'Accept-Encoding, Accept' },
  { path: '/r/mdi.json', label: 'pack', vary: 'Accept-Encoding' },
  { path: '/r/mdi/home.json', label: 'icon', vary: 'Accept-Encoding' },
];

/** What Node's fetch asks for, as the tests over a socket sent it. */
const FETCH = { 'accept-encoding': 'gzip, deflate' };

const site = inProcessSite({ cacheMaxAge: 600 });
/** A GET with fetch's Accept-Encoding and the given headers. */
const fetchLike = (path: string, headers: Record<string, string> = {}, method = 'GET') => site.request(path, { method, headers: { ...FETCH, ...headers } });

describe.each(ENDPOINTS)('HTTP behaviour of the $label endpoint', ({ path, vary }) => {
  it('sends JSON with a strong ETag, Last-Modified, Cache-Control, CORS and nosniff', async () => {
    const response = await fetchLike(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // fetch asks for gzip: the ETag is the gzip representation's.
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}-gz"$/);
    expect(response.headers.vary).toBe(vary);
    expect(response.headers['last-modified']).toMatch(/GMT$/);
    expect(response.headers['cache-control']).toBe('public, max-age=600');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    JSON.parse(response.text());
  });

  it('answers 304 to a matching If-None-Match (single, listed, weak or *), 200 otherwise', async () => {
    const etag = (await fetchLike(path)).headers.etag as string;
    for (const header of [etag, `"nope", ${etag}`, `W/${etag}`, '*']) {
      const response = await fetchLike(path, { 'if-none-match': header });
      expect(response.status, header).toBe(304);
      expect(response.headers.etag).toBe(etag);
      expect(response.text()).toBe('');
    }
    expect((await fetchLike(path, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('answers 304 to If-Modified-Since that is Last-Modified, 200 to another date, and lets If-None-Match decide when both are sent', async () => {
    const lastModified = (await fetchLike(path)).headers['last-modified'] as string;
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    const later = new Date(Date.parse(lastModified) + 1000).toUTCString();
    expect((await fetchLike(path, { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await fetchLike(path, { 'if-modified-since': earlier })).status).toBe(200);
    expect((await fetchLike(path, { 'if-modified-since': later })).status).toBe(200);
    const both = await fetchLike(path, { 'if-modified-since': lastModified, 'if-none-match': '"other"' });
    expect(both.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body, in every coding', async () => {
    for (const coding of [{}, { 'Accept-Encoding': 'br' }, { 'Accept-Encoding': 'gzip' }] as Array<Record<string, string>>) {
      const get = await site.request(path, { headers: coding });
      const head = await site.request(path, { method: 'HEAD', headers: coding });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(Number(head.headers['content-length'])).toBe(get.body.length);
      for (const name of ['content-type', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'vary', 'access-control-allow-origin']) {
        expect(head.headers[name], name).toBe(get.headers[name]);
      }
    }
  });

  it('ignores the query string', async () => {
    const plain = await fetchLike(path);
    const withQuery = await fetchLike(`${path}?v=2&x=%zz&icons=home`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.etag).toBe(plain.headers.etag);
  });
});

describe('CORS preflight and errors', () => {
  it('answers OPTIONS with 204 and the allowed methods', async () => {
    const response = await site.request('/r/mdi/home.json', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.test', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['access-control-allow-headers']).toBe('if-none-match');
  });

  it('gives errors a short max-age (404) or no-store (other errors)', async () => {
    expect((await fetchLike('/r/nope.json')).headers['cache-control']).toBe('public, max-age=60');
    expect((await fetchLike('/r/%zz.json')).headers['cache-control']).toBe('no-store');
  });
});

describe('--base-path', () => {
  const prefixed = inProcessSite({ basePath: '/icons/' });

  it('serves the three endpoints under the prefix and nothing outside it', async () => {
    expect(prefixed.registry.basePath).toBe('/icons');
    for (const { path } of ENDPOINTS) expect((await prefixed.request(`/icons${path}`)).status).toBe(200);
    expect((await prefixed.request('/r/registry.json')).status).toBe(404);
    expect((await prefixed.request('/iconsr/registry.json')).status).toBe(404);
  });

  it('points a miss to the index under the prefix', async () => {
    for (const path of ['/nope', '/r/mdi/home/more.json', '/ui/app-000000000000.js']) {
      const response = await prefixed.request(`/icons${path}`);
      expect(response.status, path).toBe(404);
      expect(response.json<{ detail: string }>().detail, path).toBe('No resource at this path. See /icons/r/registry.json.');
    }
  });
});
