import { get, type IncomingMessage } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

/*
 * One SIGTERM to a server sending the 100 MB pack to two clients: one reads
 * it at once and gets it whole, the other reads one chunk and then nothing,
 * and is cut at the stop's 10 s cap.
 */

/** A download of the 100 MB pack, uncompressed: its announced length, what the client read, and its connection's close. */
interface Download {
  response: IncomingMessage;
  length: number;
  received: number;
  closed: Promise<void>;
}

/** Starts reading the pack; resolves with the download once its first chunk has come. */
function download(base: string, slow: boolean): Promise<Download> {
  return new Promise((resolve) => {
    get(`${base}/r/fluent-emoji.json`, { headers: { 'accept-encoding': 'identity' } }, (response) => {
      // The close is awaited from the start: a download read whole may end, and its response let go of its socket,
      // before the test asks for its end.
      const closed = new Promise<void>((closes) => response.socket.once('close', () => closes()));
      response.on('error', () => undefined);
      const started: Download = { response, length: Number(response.headers['content-length']), received: 0, closed };
      response.once('data', (chunk: Buffer) => {
        started.received += chunk.length;
        if (slow) response.pause();
        else response.on('data', (more: Buffer) => (started.received += more.length));
        resolve(started);
      });
    });
  });
}

/** The end of a download: once its connection closes, what the client read in all. */
async function finished(download: Download): Promise<number> {
  await download.closed;
  return download.received;
}

let server: TestServer;
let stop: { code: number | null; elapsed: number; quick: Download; quickRead: number; slow: Download; slowRead: number };
beforeAll(async () => {
  server = await startTestServer();
  const [quick, slow] = await Promise.all([download(server.base, false), download(server.base, true)]);
  const quickEnded = finished(quick);
  const started = Date.now();
  const code = await server.close();
  const elapsed = Date.now() - started;
  // Now the slow client reads on: what the server had sent, then the end of a cut connection.
  const slowEnded = finished(slow);
  slow.response.on('data', (chunk: Buffer) => (slow.received += chunk.length));
  slow.response.resume();
  stop = { code, elapsed, quick, quickRead: await quickEnded, slow, slowRead: await slowEnded };
}, 60_000);

describe('the graceful stop', () => {
  it('on SIGTERM finishes the requests in flight, then exits 0', () => {
    expect(stop.quick.response.statusCode).toBe(200);
    expect(stop.quickRead).toBe(stop.quick.length);
    expect(stop.quick.length).toBeGreaterThan(100_000_000);
    expect(stop.code).toBe(0);
    expect(server.logs.some((line) => line.msg === 'stopping' && line.signal === 'SIGTERM')).toBe(true);
  });

  it('cuts a download still running at the 10 s cap, logs it, and exits 0 within 10 s', () => {
    expect(stop.code).toBe(0);
    expect(stop.elapsed).toBeLessThan(10_000);
    expect(stop.slow.length).toBeGreaterThan(100_000_000);
    expect(stop.slowRead).toBeLessThan(stop.slow.length);
    // Only the slow download was cut: the other was sent whole before the cap.
    expect(server.logs.find((line) => line.msg === 'answers still being sent at the end of the graceful stop were cut')).toMatchObject({ cut: 1 });
  });
});
