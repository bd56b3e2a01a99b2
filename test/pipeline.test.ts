import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawResponse } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
/** A request whose headers never end, sent first: its 10 s run out while the other tests are answered. */
let unfinished: Promise<RawResponse>;
/** A connection kept open after one answer, opened first too: it is idle while the other tests run. */
let idle: { socket: Socket; received: () => string; answered: Promise<void>; since: number };
beforeAll(async () => {
  server = await startTestServer();
  unfinished = unfinishedHeaders(server.port);
  idle = keptAlive(server.port);
  await idle.answered;
});
afterAll(async () => {
  await server.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every header docs/api.md promises on every answer, and the problem document, with its log line. */
async function expectProblemWithEveryHeader(response: RawResponse, status: number, code: string): Promise<void> {
  expect(response.status, response.body).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json');
  expect(response.headers['access-control-allow-origin']).toBe('*');
  expect(response.headers['access-control-expose-headers']).toBe('ETag, Link, X-Request-Id');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.vary).toBe('Accept-Encoding');
  expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
  expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(response.body, 'latin1'));
  expect(response.headers['x-request-id']).toMatch(UUID);
  expect(JSON.parse(response.body)).toMatchObject({ type: 'about:blank', status, code });
  const line = await server.logLine((entry) => entry.reqId === response.headers['x-request-id']);
  expect(line).toMatchObject({ msg: 'request', status });
}

/** Sends the start of a request and never finishes its headers; resolves with what the server answers. */
function unfinishedHeaders(port: number): Promise<RawResponse> {
  return rawRequestKeptOpen(port, 'GET /r/mdi/home.json HTTP/1.1\r\nHost: x\r\nX-Slow: 1');
}

function rawRequestKeptOpen(port: number, bytes: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(bytes);
  });
}

const KEPT_ALIVE_REQUEST = 'GET /r/mdi/home.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const ANSWERED = /HTTP\/1\.1 200 OK/g;

/** A connection that sends one request and keeps reading; `answered` resolves once its first answer has come. */
function keptAlive(port: number): typeof idle {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  let first: () => void;
  const answered = new Promise<void>((resolve) => (first = resolve));
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
    if (text.match(ANSWERED)) first();
  });
  socket.write(KEPT_ALIVE_REQUEST);
  return { socket, received: () => text, answered, since: Date.now() };
}

describe('answers the HTTP parser refuses go through the one pipeline', () => {
  it('a bad request line: 400 bad_request', async () => {
    await expectProblemWithEveryHeader(await rawRequest(server.port, '\x16\x03\x01 not http\r\n\r\n'), 400, 'bad_request');
    await expectProblemWithEveryHeader(await rawRequest(server.port, 'GET /r/mdi.json HTTP/9.9\r\nHost: x\r\n\r\n'), 400, 'bad_request');
  });

  it('headers over 16 KB: 431 header_too_large', async () => {
    const response = await rawRequest(server.port, `GET /r/mdi.json HTTP/1.1\r\nX-Filler: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
    await expectProblemWithEveryHeader(response, 431, 'header_too_large');
  });

  it('a target over 2048 bytes: 414 uri_too_long, however long (also beyond the 16 KB header limit)', async () => {
    for (const length of [2049, 16_000, 17_000, 40_000]) {
      const response = await rawRequest(server.port, `GET /r/${'a'.repeat(length)}.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      await expectProblemWithEveryHeader(response, 414, 'uri_too_long');
    }
  });

  it('headers not finished in 10 s: 408 request_timeout', async () => {
    await expectProblemWithEveryHeader(await unfinished, 408, 'request_timeout');
  }, 30_000);

  it('CONNECT and methods Node does not know (BREW, a lower-case get): 405 method_not_allowed with Allow', async () => {
    for (const request of [
      'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n',
      'BREW /r/mdi.json HTTP/1.1\r\nHost: x\r\n\r\n',
      'get /r/mdi.json HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const response = await rawRequest(server.port, request);
      await expectProblemWithEveryHeader(response, 405, 'method_not_allowed');
      expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(JSON.parse(response.body).detail).toContain(`'${request.split(' ')[0]}'`);
    }
  });
});

describe('every route answers through the same writer', () => {
  it('/healthz, a preflight, a document and a 405 all carry the common headers and a log line', async () => {
    const requests = [
      ['GET', '/healthz', 200],
      ['OPTIONS', '/r/mdi.json', 204],
      ['GET', '/r/mdi/home.json', 200],
      ['DELETE', '/r/mdi.json', 405],
      ['GET', 'http://icons.example/r/mdi/home.json', 200],
    ] as const;
    for (const [method, target, status] of requests) {
      const response = await rawRequest(server.port, `${method} ${target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(response.status, `${method} ${target}`).toBe(status);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-expose-headers']).toBe('ETag, Link, X-Request-Id');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(UUID);
      const line = await server.logLine((entry) => entry.reqId === response.headers['x-request-id']);
      expect(line).toMatchObject({ method, url: target, status });
    }
  });
});

// Last, so that the connection has been idle through the other tests.
describe('keep-alive', () => {
  it('keeps an idle connection open well past the 5 s Node default, for proxies that reuse it', async () => {
    // Idle since its first request, for 7 s in all.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, idle.since + 7000 - Date.now())));
    expect(idle.socket.destroyed).toBe(false);
    // The second answer, or the connection's end if the server closed it meanwhile.
    const second = new Promise<void>((resolve) => {
      idle.socket.on('data', () => idle.received().match(ANSWERED)?.length === 2 && resolve());
      idle.socket.once('close', () => resolve());
    });
    idle.socket.write(KEPT_ALIVE_REQUEST);
    await second;
    idle.socket.destroy();
    expect(idle.received().match(ANSWERED)).toHaveLength(2);
  });
});
