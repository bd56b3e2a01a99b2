import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { AccessControl } from '../../src/faces/access/access-control.js';
import { parseAccessFile } from '../../src/faces/access/access-file.js';
import { Catalog } from '../../src/data/catalog/catalog.js';
import type { RequestContext } from '../../src/http/answer.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { respond, type Responded } from '../../src/http/respond.js';
import { Registry } from '../../src/registry/registry.js';
import { FAST_CATALOG_DATA } from '../helpers/paths.js';

/*
 * The in-process tier: a Registry over the small catalog of
 * `npm run test:fast` (mdi, lucide, noto and the fixture packs as own packs),
 * answered by `respond`, the server's own path from request to bytes without
 * a socket. Tests of HTTP meaning run here in milliseconds; what needs a
 * socket, a process or the whole catalog stays with the CLI tier.
 */

export interface SiteOptions {
  /** Path prefix in front of /r/ (`--base-path`). */
  basePath?: string;
  /** Seconds a successful document may be cached (`--cache-max-age`, 3600 by default). */
  cacheMaxAge?: number;
  /** An access file's content (`--access`): private packs and the SHA-256 of their tokens. */
  access?: { packs: Record<string, string[]>; tokens: Record<string, string> };
}

export interface RequestInit {
  method?: string;
  headers?: Record<string, string>;
  /** The client's address (127.0.0.1 by default). */
  address?: string;
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
  /** A request as a client sends it: GET unless `method` says otherwise. */
  request(target: string, init?: RequestInit): Promise<SiteResponse>;
}

/** The small catalog, opened once per test file whatever the number of sites over it. */
let catalog: Catalog | undefined;
let users = 0;

function decode(response: Responded): Buffer {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body);
  if (coding === 'gzip') return gunzipSync(response.body);
  return response.body;
}

/**
 * A site over the small catalog for the tests of the calling file: made
 * before they run, closed after. Like a server, it keeps one registry (its
 * caches live across requests) and one access layer (its limits too).
 */
export function inProcessSite(options: SiteOptions = {}): Site {
  let registry: Registry | undefined;
  let access: AccessControl | undefined;
  const lines = new HeaderLines(options.cacheMaxAge ?? 3600);
  const errors: Site['errors'] = [];
  beforeAll(() => {
    users++;
    catalog ??= new Catalog([join(FAST_CATALOG_DATA, 'catalog.db')]);
    registry = new Registry(catalog, { basePath: options.basePath, version: '0.0.0-test' });
    if (options.access) access = new AccessControl(parseAccessFile(JSON.stringify(options.access)).policy);
  });
  afterAll(() => {
    if (--users === 0) {
      catalog?.close();
      catalog = undefined;
    }
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
        { method: init.method ?? 'GET', target, headers: init.headers, address: init.address },
        { access, lines, onError: (error, context) => errors.push({ error, context }) },
      );
      let decoded: Buffer | undefined;
      return {
        ...responded,
        decoded: () => (decoded ??= decode(responded)),
        text: () => (decoded ??= decode(responded)).toString('utf8'),
        json: <T>() => JSON.parse((decoded ??= decode(responded)).toString('utf8')) as T,
      };
    },
  };
  return site;
}
