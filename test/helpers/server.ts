import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CATALOG_DATA, CLI, FIXTURE_PACKS } from './paths.js';

export interface TestServer {
  /** Origin plus base path, e.g. http://127.0.0.1:41234 or http://127.0.0.1:41234/icons */
  base: string;
  port: number;
  /** Every JSON log line the server has written so far. */
  logs: Array<Record<string, unknown>>;
  /** What the server has written to stderr so far (the lines of the catalog build it ran at start). */
  stderr(): string;
  /** The first log line that matches, once it is written (log lines may follow the response they describe); rejects after `timeoutMs`. */
  logLine(matches: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  process: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  close(): Promise<number | null>;
}

export interface TestServerOptions {
  /** Catalog directory (default: the test catalog). */
  dataDir?: string;
  /** Packs directory, or null for none (default: the fixture packs). */
  packsDir?: string | null;
  /** Further command-line flags. */
  args?: string[];
  /** Further environment variables. */
  env?: NodeJS.ProcessEnv;
  /** The log line to wait for: 'serving' (ready, the default) or 'listening' (answering documents, its search being prepared). */
  until?: 'serving' | 'listening';
}

/**
 * Starts the real server (`icon-registry serve`, the built CLI) in its own
 * process on 127.0.0.1 and a free port, over the test catalog, and waits
 * until it reports that it is serving (or, with `until`, listening).
 */
export function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const packs = options.packsDir === null ? [] : ['--packs', options.packsDir ?? FIXTURE_PACKS];
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--data', options.dataDir ?? CATALOG_DATA, ...packs, '--host', '127.0.0.1', '--port', '0', ...(options.args ?? [])],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
  );
  const logs: Array<Record<string, unknown>> = [];
  const waiting = new Set<(line: Record<string, unknown>) => void>();
  const logLine = (matches: (line: Record<string, unknown>) => boolean, timeoutMs = 5_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = logs.find(matches);
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no such log line within ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (line: Record<string, unknown>) => {
        if (!matches(line)) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve(line);
      };
      waiting.add(check);
    });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${stderr}`)), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before serving:\n${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        entry = { unparsed: line };
      }
      logs.push(entry);
      for (const check of [...waiting]) check(entry);
      if (entry.msg === (options.until ?? 'serving') && typeof entry.url === 'string') {
        clearTimeout(timer);
        const url = new URL(entry.url);
        const base = `${url.origin}${url.pathname.replace(/\/r\/registry\.json$/, '')}`;
        resolve({
          base,
          port: Number(url.port),
          logs,
          stderr: () => stderr,
          logLine,
          process: child,
          close: () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
  });
}
