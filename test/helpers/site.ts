import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import { Catalog } from '../../src/data/catalog/catalog.js';
import { CATALOG_FILE, OWN_CATALOG_FILE, UPDATES_CATALOG_FILE } from '../../src/data/catalog/ensure.js';
import { historyPath } from '../../src/data/history/history-file.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { AccessControl } from '../../src/faces/access/access-control.js';
import { parseAccessFile } from '../../src/faces/access/access-file.js';
import type { RequestContext } from '../../src/http/answer.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { respond, type Responded } from '../../src/http/respond.js';
import { type RunningServer, startServer } from '../../src/http/server.js';
import { Registry } from '../../src/registry/registry.js';
import { CATALOG_DATA, FAST_CATALOG_DATA } from './paths.js';

/*
 * A site in the test's own process: a Registry over a catalog built by the
 * setup (and the revisions an update kept in its data directory), answered by `respond`, the server's own path from request to bytes
 * without a socket. The small catalog of `npm run test:fast` by default
 * (mdi, lucide, noto and the fixture packs as own packs), or the whole one
 * that the global setup of `npm test` built (every pack of @iconify/json and
 * the fixture packs). Where the socket matters, `listen()` serves the same
 * registry on 127.0.0.1 through the server's own code, and `both()` runs a
 * request each way and checks that they answer alike.
 */

export interface SiteOptions {
  /** The catalog's data directory: the small catalog by default, CATALOG_DATA for the whole one. */
  dataDir?: string;
  /** Path prefix in front of /r/ (`--base-path`). */
  basePath?: string;
  /** Seconds a successful document may be cached (`--cache-max-age`, 3600 by default). */
  cacheMaxAge?: number;
  /** An access file's content (`--access`): private packs and the SHA-256 of their tokens. */
  access?: { packs: Record<string, string[]>; tokens: Record<string, string> };
  /** The revisions kept, for pinned addresses and changes (none by default, as before a first update); the caller closes it. */
  history?: RevisionHistory;
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** The client's address (127.0.0.1 by default). */
  address?: string;
  /** A request body (a POST's). */
  body?: string | Buffer;
}

/** A response as a client receives it; `text` and `json` decode the content coding as fetch does. */
export interface SiteResponse extends Responded {
  /** The body with its content coding undone. */
  decoded(): Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface Site {
  /** The registry requests are answered from (the whole catalog's, not a view). */
  readonly registry: Registry;
  /** What went to the server's log as 'unexpected error', in order. */
  readonly errors: Array<{ error: unknown; context: RequestContext }>;
  /** A request as a client sends it, answered in process: GET unless `method` says otherwise. */
  request(target: string, init?: RequestInit): Promise<SiteResponse>;
  /**
   * The base address (origin and base path) of a real server on 127.0.0.1
   * over the same registry, started at the first call and stopped after the
   * file's tests: for the clients that need HTTP (CLIs, browsers, the
   * reference's comparisons) and what only a socket shows.
   */
  listen(): Promise<string>;
  /** A request answered in process and over the socket of `listen()`: both must answer alike; the in-process answer is returned. */
  both(target: string, init?: RequestInit): Promise<SiteResponse>;
}

/** Headers that belong to the connection or to one request, not to the answer: compared apart or not at all. */
const PER_CONNECTION = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The catalogs opened, one per data directory, whatever the number of sites of a file over each. */
const catalogs = new Map<string, { catalog: Catalog; users: number }>();

function openShared(dataDir: string): Catalog {
  let shared = catalogs.get(dataDir);
  if (!shared) {
    // The default packs and, when an update or the build made them, the updated packs' and the own packs' databases that replace them by id, as `serve` opens them.
    const files = [CATALOG_FILE, UPDATES_CATALOG_FILE, OWN_CATALOG_FILE].map((file) => join(dataDir, file)).filter((path) => existsSync(path));
    shared = { catalog: new Catalog(files), users: 0 };
    catalogs.set(dataDir, shared);
  }
  shared.users++;
  return shared.catalog;
}

function closeShared(dataDir: string): void {
  const shared = catalogs.get(dataDir);
  if (!shared || --shared.users > 0) return;
  shared.catalog.close();
  catalogs.delete(dataDir);
}

function decode(response: Responded): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

function asClientSees(responded: Responded): SiteResponse {
  let decoded: Buffer | undefined;
  return {
    ...responded,
    decoded: () => (decoded ??= decode(responded)),
    text: () => (decoded ??= decode(responded)).toString('utf8'),
    json: <T>() => JSON.parse((decoded ??= decode(responded)).toString('utf8')) as T,
  };
}

/** A request over a connection of its own, its body's bytes as sent (no coding undone). */
function overSocket(base: string, target: string, init: RequestInit): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path: target, headers: init.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = String(value);
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/**
 * A site for the tests of the calling file: made before they run, closed
 * after. Like a server, it keeps one registry (its caches live across
 * requests) and one access layer (its limits too).
 */
export function inProcessSite(options: SiteOptions = {}): Site {
  const dataDir = options.dataDir ?? FAST_CATALOG_DATA;
  let registry: Registry | undefined;
  let history: RevisionHistory | undefined;
  let access: AccessControl | undefined;
  let server: Promise<RunningServer> | undefined;
  const cacheMaxAge = options.cacheMaxAge ?? 3600;
  const lines = new HeaderLines(cacheMaxAge);
  const errors: Site['errors'] = [];
  beforeAll(() => {
    // The revisions an update kept, read-only, as `serve` reads them, unless the test gives a history of its own.
    if (!options.history && existsSync(historyPath(dataDir))) history = new RevisionHistory(historyPath(dataDir), true);
    registry = new Registry(openShared(dataDir), { basePath: options.basePath, version: '0.0.0-test', history: options.history ?? history });
    if (options.access) access = new AccessControl(parseAccessFile(JSON.stringify(options.access)).policy);
  });
  afterAll(async () => {
    if (server) await (await server).close(Date.now() + 5_000);
    closeShared(dataDir);
    history?.close();
  });
  const site: Site = {
    get registry() {
      if (!registry) throw new Error('the site is made in beforeAll: use it inside a test');
      return registry;
    },
    errors,
    async request(target, init = {}) {
      const responded = await respond(
        site.registry,
        { method: init.method ?? 'GET', target, headers: init.headers, address: init.address, body: init.body },
        { access, lines, onError: (error, context) => errors.push({ error, context }) },
      );
      return asClientSees(responded);
    },
    async listen() {
      server ??= startServer({ registry: { current: site.registry }, host: '127.0.0.1', port: 0, cacheMaxAge, logLevel: 'silent', access });
      return `${(await server).url}${site.registry.basePath}`;
    },
    async both(target, init = {}) {
      const base = await site.listen();
      const [inProcess, socket] = await Promise.all([site.request(target, init), overSocket(base, target, init)]);
      const answer = (response: { status: number; headers: Record<string, string>; body: Buffer }) => ({
        status: response.status,
        headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !PER_CONNECTION.has(name))),
        body: response.body.toString('latin1'),
      });
      expect(answer(socket), `${init.method ?? 'GET'} ${target} over a socket`).toEqual(answer(inProcess));
      expect(socket.headers['x-request-id'], target).toMatch(/^[0-9a-f-]{36}$/);
      return inProcess;
    },
  };
  return site;
}

/** The whole catalog the global setup of `npm test` built, as `serve` over it answers. */
export function catalogSite(options: Omit<SiteOptions, 'dataDir'> = {}): Site {
  return inProcessSite({ ...options, dataDir: CATALOG_DATA });
}
