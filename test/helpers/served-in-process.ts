import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CloseStack } from '../../src/cli/close-stack.js';
import { parseServeOptions, type ServeOptions } from '../../src/cli/options.js';
import { openServedRegistry } from '../../src/cli/served-registry.js';
import { inThisThread } from '../../src/data/search/thread/search-jobs.js';
import { HeaderLines } from '../../src/http/header-lines.js';
import { respond, type Responded } from '../../src/http/respond.js';
import { ROOT } from './paths.js';

/*
 * What `icon-registry serve` answers over a data directory, in the test's
 * own process: the registry `serve` opens from the same command line (its
 * version, its page, its revisions kept), answered by `respond`, the
 * server's own path from request to bytes without a socket. What a static
 * export wrote is compared with it; a new one is opened after an update, as
 * a server started then would read the data.
 */

export interface ServedInProcess {
  /** A GET without compression, as a client that asks for none sends it. */
  get(target: string): Promise<Responded>;
  close(): Promise<void>;
}

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** The server of `icon-registry serve <args>` (e.g. `--data DIR --packs DIR`), opened in this process. */
export function servedInProcess(args: string[]): ServedInProcess {
  const options = parseServeOptions(args, { env: {}, warn: () => undefined }) as ServeOptions;
  const opened = new CloseStack();
  const served = openServedRegistry(options, opened, inThisThread, VERSION);
  const lines = new HeaderLines(options.cacheMaxAge);
  return {
    get: (target) => respond(served.current, { method: 'GET', target, headers: { 'accept-encoding': 'identity' } }, { lines }),
    close: () => opened.close(),
  };
}
