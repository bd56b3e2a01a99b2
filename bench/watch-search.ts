// How soon an icon added to an own pack under `--watch` is found by what it means.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../test/helpers/nginx.js';
import { startProcess, stopProcess, waitUntilServing } from './processes.js';
import { CLI_NODE_OPTIONS } from '../src/cli/node-options.js';

export interface WatchSearchFigures {
  /** Milliseconds from an icon's file written to `/r/search.json?q=dustbin` finding it, per icon added. */
  foundMs: number[];
}

/** Words that make each added icon's name new: `trash-alpha`, `trash-bravo`, ... */
const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];
const SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4h16v16H4z"/></svg>';

/**
 * Serves the catalog with a folder of own packs under `--watch`, adds a
 * trash can to it one at a time, and polls search by meaning for "dustbin"
 * (no name holds it) until the new icon is among the results.
 */
export async function measureWatchSearch(cli: string, dataDir: string, workDir: string): Promise<WatchSearchFigures> {
  const packs = join(workDir, 'watch-search-packs');
  rmSync(packs, { recursive: true, force: true });
  mkdirSync(join(packs, 'office'), { recursive: true });
  writeFileSync(join(packs, 'office', 'printer.svg'), SQUARE);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess(
    process.execPath,
    [...CLI_NODE_OPTIONS, cli, 'serve', '--data', dataDir, '--port', String(port), '--log-level', 'warn', '--packs', packs, '--watch'],
    {
      cwd: workDir,
    },
  );
  const foundMs: number[] = [];
  try {
    await waitUntilServing(`${origin}/r/search.json?q=ready`, Date.now(), 120_000, server);
    for (const word of NAMES) {
      const name = `trash-${word}`;
      const written = Date.now();
      writeFileSync(join(packs, 'office', `${name}.svg`), SQUARE);
      for (;;) {
        if (Date.now() - written > 30_000) throw new Error(`office:${name} was not found by meaning within 30 s`);
        const answer = (await (await fetch(`${origin}/r/search.json?q=dustbin&packs=office&limit=10`)).json()) as { results: Array<{ name: string }> };
        if (answer.results.some((result) => result.name === name)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      foundMs.push(Date.now() - written);
    }
  } finally {
    await stopProcess(server);
  }
  return { foundMs };
}
