import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../../src/http/answer.js';
import { clientErrorAnswer } from '../../src/http/client-errors.js';
import { negotiateEncoding } from '../../src/http/content-coding.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { dispatch } from '../../src/http/routes.js';
import type { Registry } from '../../src/registry/registry.js';

/** What dispatch reads of the registry to answer a method it refuses or a preflight: only where the MCP server's path is. */
const NO_REGISTRY = { basePath: '' } as Registry;
import { StreamBudget } from '../../src/http/prepare.js';
import { sendAnswer } from '../../src/http/send-answer.js';
import { documentResource, problemResource } from '../../src/core/resource.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.6', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity;q=0, br;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0.1', 'gzip'],
    ['*;q=0', 'identity'],
    ['br;q=1.5', 'identity'],
    ['br;q=-1, gzip;q=0.3', 'gzip'],
    ['br;q=NaN, gzip;q=0.3', 'gzip'],
    ['br;q=0.0001, gzip;q=0.3', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
  ] as const)('%s gives %s', (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding);
  });
});

/** The part of node's ServerResponse the writer uses, recording what it is handed. */
class RecordingResponse {
  status?: number;
  headers?: string[];
  body?: Buffer;
  writeHead(status: number, headers: string[]): this {
    this.status = status;
    this.headers = headers;
    return this;
  }
  end(body?: Buffer): this {
    this.body = body;
    return this;
  }
  setTimeout(): this {
    return this;
  }
}
const recordingResponse = () => new RecordingResponse() as RecordingResponse & ServerResponse;

const request = (headers: RequestContext['headers'] = {}, method = 'GET'): RequestContext => ({
  id: 'id-1',
  method,
  target: '/r/x.json',
  headers,
  address: '127.0.0.1',
});
const headerMap = (lines: string[] | undefined) =>
  Object.fromEntries(Array.from({ length: (lines?.length ?? 0) / 2 }, (_, i) => [lines?.[2 * i], lines?.[2 * i + 1]]));

/**
 * The ETag of src/util/etag.ts, written out here rather than taken from the
 * server, as a shell computes it: the SHA-256 of the bytes in base64 with
 * the URL-safe alphabet, its first 22 characters, quoted; a compressed
 * coding appends `-br` or `-gz` inside the quotes (docs/api.md, Headers).
 */
function expectedEtag(identityBytes: Buffer, coding: '' | '-br' | '-gz' = ''): string {
  const base64 = createHash('sha256').update(identityBytes).digest().toString('base64');
  return `"${base64.replaceAll('+', '-').replaceAll('/', '_').slice(0, 22)}${coding}"`;
}

describe('the ETag scheme as the tests compute it', () => {
  it("gives, for {\"a\":1}, what `openssl dgst -sha256 -binary | base64 | tr '+/' '-_' | cut -c1-22` prints", () => {
    expect(expectedEtag(Buffer.from('{"a":1}'))).toBe('"AVq9f1zFei3ZS3WQ8ErYCE"');
  });
});

describe('sendAnswer: the headers of every answer', () => {
  const body = Buffer.from('{"a":1}');
  const document = documentResource(body, Date.UTC(2025, 0, 1));

  it('gives a document the common headers, its own, its length, and the request id last', () => {
    const response = recordingResponse();
    sendAnswer(response, { status: 200, resource: document }, request(), new HeaderLines(600), new StreamBudget());
    expect(response.status).toBe(200);
    expect(headerMap(response.headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag, Link, X-Request-Id',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json; charset=utf-8',
      etag: '"AVq9f1zFei3ZS3WQ8ErYCE"',
      'cache-control': 'public, max-age=600',
      vary: 'Accept-Encoding',
      'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
      'content-length': '7',
      'x-request-id': 'id-1',
    });
    expect(response.body?.toString()).toBe('{"a":1}');
  });

  it('answers a matching If-None-Match with 304 and no length, and HEAD with the length but no body', () => {
    const notModified = recordingResponse();
    sendAnswer(
      notModified,
      { status: 200, resource: document },
      request({ 'if-none-match': '"AVq9f1zFei3ZS3WQ8ErYCE"' }),
      new HeaderLines(600),
      new StreamBudget(),
    );
    expect(notModified.status).toBe(304);
    expect(headerMap(notModified.headers)['content-length']).toBeUndefined();
    const head = recordingResponse();
    sendAnswer(head, { status: 200, resource: document }, request({}, 'HEAD'), new HeaderLines(600), new StreamBudget());
    expect(headerMap(head.headers)['content-length']).toBe('7');
    expect(head.body).toBeUndefined();
  });

  it('tags each coding with the tag of the identity bytes, -br or -gz appended, and sends bytes that decompress to them', () => {
    const codings = [
      ['br', '-br', brotliDecompressSync],
      ['gzip', '-gz', gunzipSync],
    ] as const;
    for (const [coding, suffix, decompress] of codings) {
      const response = recordingResponse();
      sendAnswer(response, { status: 200, resource: document }, request({ 'accept-encoding': coding }), new HeaderLines(600), new StreamBudget());
      const headers = headerMap(response.headers);
      expect(headers.etag, coding).toBe(`"AVq9f1zFei3ZS3WQ8ErYCE${suffix}"`);
      expect(headers.etag, coding).toBe(expectedEtag(body, suffix));
      expect(headers['content-encoding'], coding).toBe(coding);
      expect(headers['content-length'], coding).toBe(String(response.body?.length));
      expect(decompress(response.body as Buffer).toString(), coding).toBe('{"a":1}');
    }
  });

  it('answers 304 to the tag of any coding, weak or in a list, and 200 to another tag', () => {
    const notModified = recordingResponse();
    const listed = request({ 'if-none-match': '"elsewhere", W/"AVq9f1zFei3ZS3WQ8ErYCE-gz"', 'accept-encoding': 'br' });
    sendAnswer(notModified, { status: 200, resource: document }, listed, new HeaderLines(600), new StreamBudget());
    expect(notModified.status).toBe(304);
    expect(headerMap(notModified.headers).etag).toBe('"AVq9f1zFei3ZS3WQ8ErYCE-br"');
    expect(notModified.body).toBeUndefined();
    const changed = recordingResponse();
    sendAnswer(
      changed,
      { status: 200, resource: document },
      request({ 'if-none-match': '"AVq9f1zFei3ZS3WQ8ErYCF"' }),
      new HeaderLines(600),
      new StreamBudget(),
    );
    expect(changed.status).toBe(200);
    expect(changed.body?.toString()).toBe('{"a":1}');
  });

  it('sends problems no-store (404s for a minute) with their own headers', async () => {
    const response = recordingResponse();
    sendAnswer(response, await dispatch(request({}, 'PUT'), NO_REGISTRY), request({}, 'PUT'), new HeaderLines(600), new StreamBudget());
    const headers = headerMap(response.headers);
    expect(response.status).toBe(405);
    expect(headers).toMatchObject({
      'content-type': 'application/problem+json',
      'cache-control': 'no-store',
      allow: 'GET, HEAD, OPTIONS',
      'x-request-id': 'id-1',
    });
    const missing = recordingResponse();
    sendAnswer(
      missing,
      { status: 404, resource: problemResource({ status: 404, code: 'not_found', detail: 'x' }) },
      request(),
      new HeaderLines(600),
      new StreamBudget(),
    );
    expect(headerMap(missing.headers)['cache-control']).toBe('public, max-age=60');
    expect(headerMap(missing.headers).etag).toBe(expectedEtag(missing.body as Buffer));
  });

  it('answers a preflight 204 with the common headers and the methods', async () => {
    const response = recordingResponse();
    const preflight = request({ 'access-control-request-headers': 'If-None-Match, X-Custom' }, 'OPTIONS');
    sendAnswer(response, await dispatch(preflight, NO_REGISTRY), preflight, new HeaderLines(600), new StreamBudget());
    expect(response.status).toBe(204);
    expect(headerMap(response.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'If-None-Match, X-Custom',
      'x-request-id': 'id-1',
    });
  });
});

describe('clientErrorAnswer', () => {
  const refused = (code: string, packet: string) => Object.assign(new Error(code), { code, rawPacket: Buffer.from(packet, 'latin1') });

  it('tells each refusal apart', () => {
    expect(clientErrorAnswer(refused('HPE_INVALID_METHOD', 'BREW /r/x.json HTTP/1.1\r\n')).status).toBe(405);
    expect(clientErrorAnswer(refused('HPE_INVALID_METHOD', 'get /r/x.json HTTP/1.1\r\n')).status).toBe(405);
    expect(clientErrorAnswer(refused('HPE_INVALID_METHOD', '\x16\x03\x01 not http')).status).toBe(400);
    expect(clientErrorAnswer(refused('HPE_INVALID_VERSION', 'GET / HTTP/9.9\r\n')).status).toBe(400);
    expect(clientErrorAnswer(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })).status).toBe(408);
  });

  it('blames a header overflow on the target when the request line is what overflowed', () => {
    expect(clientErrorAnswer(refused('HPE_HEADER_OVERFLOW', `GET /r/${'a'.repeat(20_000)}.json HTTP/1.1\r\nHost: x\r\n`)).status).toBe(414);
    expect(clientErrorAnswer(refused('HPE_HEADER_OVERFLOW', 'a'.repeat(30_000))).status).toBe(414);
    expect(clientErrorAnswer(refused('HPE_HEADER_OVERFLOW', `GET /r/x.json HTTP/1.1\r\nX-Filler: ${'a'.repeat(20_000)}`)).status).toBe(431);
    expect(clientErrorAnswer(refused('HPE_HEADER_OVERFLOW', `X-Filler: ${'a'.repeat(20_000)}`)).status).toBe(431);
  });
});
