import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion } from './processes.js';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  failures: number;
  /** Socket errors and timeouts alone. */
  errors: number;
}

export interface LoadOptions {
  label: string;
  origin: string;
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  /** Run for this long... */
  seconds?: number;
  /** ...or stop after this many answers (within `seconds` at most). */
  amount?: number;
  /** Where the path list is written for wrk. */
  workDir: string;
  /** What the lines of `paths` are: GET targets, or JSON-RPC messages POSTed to /mcp (see bench/paths.lua). */
  script?: 'paths' | 'mcp';
  projectRoot: string;
}

interface WrkResult {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  socketErrors: number;
  timeouts: number;
  status4xx5xx: number;
  non2xx: number;
}

/** One wrk thread: wrk in C needs a fraction of a core, the rest is left to the server measured. */
const WRK_THREADS = 1;
/** An answer slower than this counts as a failure (a 700 KB document under load takes a while). */
const WRK_TIMEOUT = '10s';
/** Bound on a run that stops after an amount of answers. */
const AMOUNT_SECONDS = 300;

/** Installs wrk from Debian's packages when it is missing (the way nginx is installed). */
export function ensureWrk(projectRoot: string): void {
  execFileSync(join(projectRoot, 'scripts', 'ensure-command.sh'), ['wrk'], { stdio: 'inherit' });
}

/**
 * Drives `origin` (on 127.0.0.1) with wrk; the connections take `paths` in turn
 * (bench/paths.lua). Failures are socket errors, timeouts and, on timed runs,
 * answers with status 400 or above (wrk's own count, which spares parsing every
 * answer; the loads send no conditional headers, so 1xx and 3xx do not occur);
 * runs bounded by `amount` check each answer and count every non-2xx.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const pathsFile = join(options.workDir, 'wrk-paths.txt');
  writeFileSync(pathsFile, `${options.paths.join('\n')}\n`);
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const seconds = options.amount ? AMOUNT_SECONDS : (options.seconds ?? 10);
  const args = [
    '-t',
    String(WRK_THREADS),
    '-c',
    String(options.connections),
    '-d',
    `${seconds}s`,
    '--timeout',
    WRK_TIMEOUT,
    ...headers,
    '-s',
    join(options.projectRoot, 'bench', 'paths.lua'),
    `${options.origin}/`,
    '--',
    pathsFile,
    options.script ?? 'paths',
    ...(options.amount ? [String(Math.ceil(options.amount / WRK_THREADS))] : []),
  ];
  const output = await runToCompletion('wrk', args, options.amount ? 'wrk-amount-reached' : undefined);
  const line = /^wrk-result (.*)$/m.exec(output)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${output}`);
  const result = JSON.parse(line) as WrkResult;
  return {
    label: options.label,
    requestsPerSecond: result.requests / (result.durationUs / 1e6),
    p50: result.p50Us / 1000,
    p99: result.p99Us / 1000,
    total: result.requests,
    failures: result.socketErrors + result.timeouts + (options.amount ? result.non2xx : result.status4xx5xx),
    errors: result.socketErrors + result.timeouts,
  };
}
