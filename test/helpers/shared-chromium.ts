import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Download } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumOptions } from './browser.js';
import { listenLocally } from './http.js';
import { ROOT, TEST_TMP } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's endpoint, started once for the run by the global setup (see sharedChromium). */
    chromiumEndpoint: string;
  }
}

/** The host the hostile corpus links to, resolved by the shared Chromium to a collector on 127.0.0.1 (see startSharedChromium). */
export const FOREIGN_HOST = 'evil.test';
/** What the collector was asked, one request a line (`METHOD host/path`). */
const FOREIGN_REQUESTS = join(TEST_TMP, 'foreign-requests.log');

/**
 * One Chromium for the whole run, started by the global setup: the files
 * that drive a browser connect to it (sharedChromium) rather than each
 * starting its own. FOREIGN_HOST and its subdomains resolve to a collector
 * on 127.0.0.1 that answers every request with an empty style sheet and
 * writes it down (foreignRequests), so that a page that reaches for another
 * host is seen doing so.
 */
export async function startSharedChromium(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  writeFileSync(FOREIGN_REQUESTS, '');
  const collector = await listenLocally((request, response) => {
    appendFileSync(FOREIGN_REQUESTS, `${request.method} ${request.headers.host}${request.url}\n`);
    response.writeHead(200, { 'content-type': 'text/css' }).end('');
  });
  const rules = `MAP ${FOREIGN_HOST} 127.0.0.1:${collector.port}, MAP *.${FOREIGN_HOST} 127.0.0.1:${collector.port}`;
  const server = await chromium.launchServer(chromiumOptions(rules, ROOT));
  return {
    endpoint: server.wsEndpoint(),
    stop: async () => {
      await server.close();
      await collector.close();
    },
  };
}

/** A connection to the run's shared Chromium; closing it closes the contexts and pages it made, not the browser. */
export function sharedChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'));
}

/** Every request the collector of FOREIGN_HOST has had in this run (its log is made by startSharedChromium: missing, this throws). */
export function foreignRequests(): string[] {
  return readFileSync(FOREIGN_REQUESTS, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/** The bytes of a finished download (read through Playwright: a connected browser's downloads have no local path). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
