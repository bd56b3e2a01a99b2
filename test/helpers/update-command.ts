import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.js';
import type { TestServer } from './server.js';

/**
 * The command line itself, for `icon-registry update` at the normal CPU
 * priority: the entry point (dist/cli.js, CLI) runs the same after giving an
 * update the lowest priority (src/cli/update-priority.ts). Beside a test run
 * that keeps every core busy, an update at the lowest priority waits for an
 * idle core, for seconds at a time; the tests of what an update does and
 * writes run it here, those of its priority and of a server's answers beside
 * it (update-priority.test.ts, versions.test.ts) through the entry point.
 */
export const UPDATE_COMMAND_LINE = join(ROOT, 'dist', 'cli', 'main.js');

export interface UpdateRun {
  status: number | null;
  stderr: string;
}

/** Runs `icon-registry update` through `commandLine`, without blocking this process (the npm registry it may ask runs here). */
export function runUpdate(commandLine: string, dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<UpdateRun> {
  const child = spawn(process.execPath, [commandLine, 'update', '--data', dataDir, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stderr })));
}

export async function get(server: TestServer, path: string): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${server.base}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export const svgOf = (text: string) => (JSON.parse(text) as { svg: string }).svg;

/** How long a running server may take to serve what an update wrote. */
export const UPDATE_SERVED_WITHIN_MS = 5_000;

/** Polls until `path`'s icon document draws `svg`, giving up after `giveUpMs`; the time it took. */
export async function servedWithin(server: TestServer, path: string, svg: string, giveUpMs = UPDATE_SERVED_WITHIN_MS * 2): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < giveUpMs) {
    const answer = await get(server, path);
    if (answer.status === 200 && svgOf(answer.text) === svg) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} did not draw the updated glyph`);
}
