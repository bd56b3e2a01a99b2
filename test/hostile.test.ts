import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimit, rawRequest, type RawResponse } from './helpers/http.js';
import { startTestServer, type TestServer } from './helpers/server.js';

interface Case {
  name: string;
  request: string;
  /** The one status the request must get. */
  expect: number;
}

const request = (method: string, target: string, headers = '') => `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`;
const get = (target: string, headers = '') => request('GET', target, headers);

/*
 * What Node's HTTP parser sees before any request is made, and what needs a
 * connection: raw control characters, methods it does not know, oversized
 * targets and headers, bytes that are no HTTP/1.1, pipelining, and a client
 * that never finishes. Hostile targets, methods and headers that reach the
 * route table are answered in process (test/fast/hostile.test.ts).
 */
function parserCases(): Case[] {
  const cases: Case[] = [];
  for (const code of [0x00, 0x01, 0x08, 0x09, 0x0b, 0x0c, 0x1b, 0x7f]) {
    cases.push({ name: `raw 0x${code.toString(16)}`, request: get(`/r/mdi${String.fromCharCode(code)}.json`), expect: 400 });
  }
  cases.push({ name: 'CONNECT', request: 'CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n', expect: 405 });
  cases.push({ name: 'unknown method', request: request('BREW', '/r/mdi.json'), expect: 405 });
  cases.push({ name: 'GET', request: get('/r/mdi/home.json'), expect: 200 });
  cases.push({ name: 'path beyond the header limit', request: get(`/r/${'a'.repeat(20_000)}.json`), expect: 414 });
  cases.push({ name: '100 KB header value', request: get('/r/mdi.json', `X-Filler: ${'a'.repeat(100_000)}\r\n`), expect: 431 });
  cases.push({ name: '1,000 headers', request: get('/r/mdi/home.json', Array.from({ length: 1000 }, (_, i) => `X-H${i}: 1\r\n`).join('')), expect: 200 });
  cases.push({ name: 'no Host, HTTP/1.0', request: 'GET /r/mdi/home.json HTTP/1.0\r\n\r\n', expect: 200 });
  cases.push({ name: 'garbage', request: '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n', expect: 400 });
  cases.push({ name: 'bad version', request: 'GET /r/mdi.json HTTP/9.9\r\nHost: x\r\n\r\n', expect: 400 });
  cases.push({
    name: 'conflicting lengths',
    request: 'GET /r/mdi.json HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    expect: 400,
  });
  return cases;
}

let server: TestServer;
/** A client that never finishes its headers, connected first: its 10 s run out while the other tests are answered. */
let slowClient: { closed: Promise<{ data: string; ms: number }>; servedMeanwhile: number[] };
beforeAll(async () => {
  server = await startTestServer();
  const started = Date.now();
  const closed = new Promise<{ data: string; ms: number }>((resolve) => {
    const socket = connect(server.port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => resolve({ data, ms: Date.now() - started }));
    socket.on('error', () => undefined);
    socket.write('GET /r/mdi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  });
  // Others are served while it is connected.
  const servedMeanwhile: number[] = [];
  for (let i = 0; i < 5; i++) servedMeanwhile.push((await fetch(`${server.base}/r/mdi/home.json`)).status);
  slowClient = { closed, servedMeanwhile };
});
afterAll(async () => {
  await server.close();
});

/** The three endpoints, as a well-behaved client sees them. */
async function snapshot(): Promise<string[]> {
  return Promise.all(
    ['/r/registry.json', '/r/mdi.json', '/r/mdi/home.json'].map(async (path) => {
      const response = await fetch(`${server.base}${path}`);
      return `${response.status} ${response.headers.get('etag')} ${(await response.arrayBuffer()).byteLength}`;
    }),
  );
}

describe('hostile requests over raw sockets', () => {
  it('each get their expected status, and afterwards the server answers as before with no error logged', async () => {
    const before = await snapshot();
    const cases = parserCases();
    expect(cases.length).toBeGreaterThanOrEqual(18);
    const wrong: string[] = [];
    await mapLimit(cases, 8, async (testCase) => {
      let response: RawResponse;
      try {
        response = await rawRequest(server.port, testCase.request);
      } catch (error) {
        wrong.push(`${testCase.name}: ${(error as Error).message}`);
        return;
      }
      if (response.status !== testCase.expect) wrong.push(`${testCase.name}: ${response.status} ${response.body.slice(0, 120)}`);
      if (response.status >= 400 && !/^application\/problem\+json/.test(response.headers['content-type'] ?? ''))
        wrong.push(`${testCase.name}: not problem+json`);
      if (/\bat \S+ \(|\/work\/|node_modules/.test(response.body)) wrong.push(`${testCase.name}: leaks internals`);
    });
    console.log(`hostile: ${cases.length} requests sent`);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(server.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('answers pipelined requests in order', async () => {
    const pipelined = `${get('/r/mdi/home.json').replace('Connection: close\r\n', '')}${get('/r/nope.json').replace('Connection: close\r\n', '')}${get('/r/mdi.json')}`;
    const response = await rawRequest(server.port, pipelined);
    const statuses = [...`HTTP/1.1 ${response.status} \r\n${response.body}`.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 404, 200]);
  });

  it('drops a client that never finishes its headers, and serves others meanwhile', async () => {
    for (const status of slowClient.servedMeanwhile) expect(status).toBe(200);
    const { data, ms } = await slowClient.closed;
    expect(ms).toBeLessThan(15_000);
    expect(data).toMatch(/^HTTP\/1\.1 408 /);
  });
});
