import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * What only a process and its sockets show: connections kept alive, the
 * request log, and the address the CLI reports under --base-path. The HTTP
 * meaning of every answer is checked in process (test/fast/http-behaviour.test.ts).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ args: ['--cache-max-age', '600', '--base-path', '/icons/'] });
});
afterAll(async () => {
  await server.close();
});

describe('keep-alive', () => {
  it('keeps an idle connection open well past the 5 s Node default, for proxies that reuse it', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const received: string[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk.toString('latin1')));
    const request = 'GET /icons/r/mdi/home.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
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
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/icons/r/mdi/home.json?trace=1', status: 200 });
  });
});

describe('--base-path', () => {
  it('is in the address the CLI reports, and serves under it', async () => {
    expect(server.base).toMatch(/\/icons$/);
    expect((await fetch(`${server.base}/r/registry.json`)).status).toBe(200);
  });
});
