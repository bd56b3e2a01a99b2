import { join } from 'node:path';
import type { ServeOptions } from '../../src/cli/options.js';
import type { Responded } from '../../src/http/respond.js';
import { ROOT } from './paths.js';

/*
 * What `icon-registry serve` answers over a data directory, in the test's
 * own process: the registry `serve` opens from the same command line (its
 * version, its page, its revisions kept), answered by `respond`, the
 * server's own path from request to bytes without a socket. The built
 * server's modules, as the command line runs them: the page is found beside
 * them. What a static export wrote is compared with it; a new one is opened
 * after an update, as a server started then would read the data.
 */

export interface ServedInProcess {
  /** A GET without compression, as a client that asks for none sends it. */
  get(target: string): Promise<Responded>;
  close(): Promise<void>;
}

const built = <T>(path: string): Promise<T> => import(join(ROOT, 'dist', path)) as Promise<T>;

/** The server of `icon-registry serve <args>` (e.g. `--data DIR --packs DIR`), opened in this process. */
export async function servedInProcess(args: string[]): Promise<ServedInProcess> {
  const [{ CloseStack }, { parseServeOptions }, { openServedRegistry }, { packageVersion }, { inThisThread }, { HeaderLines }, { respond }] = await Promise.all(
    [
      built<typeof import('../../src/cli/close-stack.js')>('cli/close-stack.js'),
      built<typeof import('../../src/cli/options.js')>('cli/options.js'),
      built<typeof import('../../src/cli/served-registry.js')>('cli/served-registry.js'),
      built<typeof import('../../src/cli/package-version.js')>('cli/package-version.js'),
      built<typeof import('../../src/data/search/thread/search-jobs.js')>('data/search/thread/search-jobs.js'),
      built<typeof import('../../src/http/header-lines.js')>('http/header-lines.js'),
      built<typeof import('../../src/http/respond.js')>('http/respond.js'),
    ],
  );
  const options = parseServeOptions(args, { env: {}, warn: () => undefined }) as ServeOptions;
  const opened = new CloseStack();
  const served = openServedRegistry(options, opened, inThisThread, packageVersion());
  const lines = new HeaderLines(options.cacheMaxAge);
  return {
    get: (target) => respond(served.current, { method: 'GET', target, headers: { 'accept-encoding': 'identity' } }, { lines }),
    close: () => opened.close(),
  };
}
