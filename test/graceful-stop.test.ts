import { get, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.js';

describe('the graceful stop', () => {
  it('cuts a download still running at the 10 s cap, logs it, and exits 0 within 10 s', async () => {
    const server = await startTestServer();
    // A client that reads the 100 MB pack slowly: one chunk, then nothing.
    let received = 0;
    let length = 0;
    const response = await new Promise<IncomingMessage>((reading) => {
      get(`${server.base}/r/fluent-emoji.json`, { headers: { 'accept-encoding': 'identity' } }, (response) => {
        length = Number(response.headers['content-length']);
        response.once('data', (chunk: Buffer) => {
          received += chunk.length;
          response.pause();
          reading(response);
        });
      });
    });
    const started = Date.now();
    const code = await server.close();
    const elapsed = Date.now() - started;
    // Now the client reads on: what the server had sent, then the end of a cut connection.
    const ended = new Promise((resolve) => response.socket.once('close', resolve));
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    response.on('error', () => undefined);
    response.resume();
    await ended;
    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(10_000);
    expect(length).toBeGreaterThan(100_000_000);
    expect(received).toBeLessThan(length);
    expect(server.logs.find((line) => line.msg === 'answers still being sent at the end of the graceful stop were cut')).toMatchObject({ cut: 1 });
  }, 30_000);
});
