import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';

const site = inProcessSite();

function get(path: string, acceptEncoding?: string) {
  return site.request(path, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
}

describe('content coding', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['*;q=0', undefined],
    [undefined, undefined],
    // Listed codings come before an unlisted identity, whatever their weight.
    ['br;q=0.5, gzip;q=0.6', 'gzip'],
    ['gzip;q=0.001', 'gzip'],
    // A q-value that is not a weight makes its coding unlisted (RFC 9110 12.4.2).
    ['br;q=1.5, gzip;q=0.5', 'gzip'],
    ['br;q=-1, gzip;q=0.2', 'gzip'],
    ['br;q=NaN', undefined],
    ['gzip;q=0.5000, br;q=0.4', 'br'],
  ])('Accept-Encoding %s gives %s', async (accept, expected) => {
    const response = await get('/r/mdi/home.json', accept);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers.vary).toBe('Accept-Encoding');
  });

  it('sends the same document in every coding, with a right Content-Length and an ETag per coding', async () => {
    for (const path of ['/r/registry.json', '/r/mdi.json', '/r/mdi/home.json', '/r/nope.json']) {
      const identity = await get(path);
      const etags = new Set<string>();
      for (const coding of ['br', 'gzip']) {
        const response = await get(path, coding);
        expect(response.headers['content-encoding'], path).toBe(coding);
        expect(Number(response.headers['content-length'])).toBe(response.body.length);
        expect(response.decoded().equals(identity.body), `${path} ${coding}`).toBe(true);
        etags.add(response.headers.etag as string);
      }
      etags.add(identity.headers.etag as string);
      expect(etags.size).toBe(3);
      expect(identity.body.length).toBe(Number(identity.headers['content-length']));
    }
  });

  it('answers If-None-Match with the ETag of any coding by 304', async () => {
    const br = await get('/r/mdi/home.json', 'br');
    const response = await site.request('/r/mdi/home.json', { headers: { 'If-None-Match': br.headers.etag as string } });
    expect(response.status).toBe(304);
  });
});
