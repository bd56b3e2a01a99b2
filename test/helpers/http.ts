import { Agent, createServer, get, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given over a TCP socket and reads one response
 * (the request must ask for `Connection: close`). Unlike fetch, nothing
 * normalises or validates the request target on the way.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no complete response in time'));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split === -1 ? text.length : split).split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: split === -1 ? '' : text.slice(split + 4) });
    });
    socket.end(request);
  });
}

/** A GET over a raw socket for a target given verbatim. */
export function rawGet(port: number, target: string, extraHeaders = ''): Promise<RawResponse> {
  return rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}

export async function getJson<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: T }> {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, json: (await response.json()) as T };
}

/** Status of a GET on a connection of its own, so that a cluster can hand each to another worker. */
export function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

/** A server of the test's own on 127.0.0.1 and a free port, answering with `handler`. */
export async function listenLocally(handler: RequestListener): Promise<{ server: Server; port: number; origin: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Sweeps' connections: kept open between requests, at most as many as a sweep sends at once. */
const sweepAgent = new Agent({ keepAlive: true, maxSockets: 16 });

/** An answer as a sweep reads it: status, headers and the body's bytes. */
export interface SweepAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A GET for sweeps of tens of thousands of documents: through node:http
 * with kept connections, which costs the test about a third less CPU than
 * fetch per request, CPU the server under test shares on a machine of two
 * cores. Sent without compression unless asked for (it has tests of its
 * own, and would only slow a sweep): the body is the bytes as sent, not
 * decoded.
 */
export function sweepGet(url: string, acceptEncoding = 'identity'): Promise<SweepAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { agent: sweepAgent, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A sweep's GET whose answer is read as JSON (see sweepGet). */
export async function sweepJson<T>(url: string): Promise<{ status: number; json: T | undefined }> {
  const { status, body } = await sweepGet(url);
  return { status, json: status === 200 ? (JSON.parse(body.toString('utf8')) as T) : undefined };
}

/**
 * Runs `ask` again and again, one after the other, while `slow` runs: what
 * `slow` gave, how long it took from the call, and how long each `ask` took.
 * The times show whether the server answered other requests while it made
 * something slow, or only after.
 */
export async function timesBeside<T>(slow: () => Promise<T>, ask: () => Promise<void>): Promise<{ result: T; slowMs: number; waits: number[] }> {
  const started = performance.now();
  let done = false;
  const running = slow().finally(() => {
    done = true;
  });
  const waits: number[] = [];
  while (!done) {
    const asked = performance.now();
    await ask();
    waits.push(performance.now() - asked);
  }
  const result = await running;
  return { result, slowMs: performance.now() - started, waits };
}
