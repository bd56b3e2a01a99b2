// The first search, the first misses and the first search by shape after a fresh start, timed from the 'serving' line.
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createInterface } from 'node:readline';
import { freePort } from '../test/helpers/nginx.js';
import { startProcess, stopProcess } from './processes.js';
import { CLI_NODE_OPTIONS } from '../src/cli/node-options.js';

export interface FirstAnswers {
  /** Milliseconds from the spawn to the 'serving' line, and the search's preparation as that line gives it. */
  servingMs: number;
  searchPreparedMs: number;
  /** Milliseconds from the 'serving' line read to the first search's answer received. */
  searchMs: number;
  /** Milliseconds of each first miss, one per pack, from its request sent to its answer (404 with suggestions) received. */
  missMs: number[];
  /** Milliseconds of the first search by shape (`svg=`, every pack served), sent after the misses, from its request sent to its answer received. */
  shapeSearchMs: number;
}

export interface FirstAnswerFigures {
  /** One per fresh start. */
  starts: FirstAnswers[];
}

/** A query none of the server's warm-ups runs, and misses in packs large and small, none asked for before. */
const FIRST_SEARCH = '/r/search.json?q=dustbin';
const FIRST_MISSES = ['/r/mdi/acount.json', '/r/lucide/setings.json', '/r/fluent-emoji/grining-face.json', '/r/iconmind/calender.json', '/r/tabler/hoem.json'];
/** A pasted house (docs/search.md's example), compared with the most used packs' glyphs as no request before it did. */
const FIRST_SHAPE_SEARCH = `/r/search.json?${new URLSearchParams({
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/></svg>',
})}`;

/** A GET on a connection of its own; resolves with the status and the milliseconds to the end of the answer. */
function timedGet(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
    }).on('error', reject);
  });
}

/** The log of `server` as it is written, each line with when it was read; `next` resolves with the first line that matches, read or to come. */
function logOf(server: ChildProcess): (matches: (line: Record<string, unknown>) => boolean) => Promise<{ line: Record<string, unknown>; at: number }> {
  const read: Array<{ line: Record<string, unknown>; at: number }> = [];
  const waiting = new Set<() => void>();
  createInterface({ input: server.stdout as NodeJS.ReadableStream }).on('line', (text) => {
    read.push({ line: JSON.parse(text) as Record<string, unknown>, at: performance.now() });
    for (const check of [...waiting]) check();
  });
  return (matches) =>
    new Promise((resolve, reject) => {
      const exited = () => reject(new Error(`the server exited with ${server.exitCode} before the line looked for`));
      const check = () => {
        const found = read.find((entry) => matches(entry.line));
        if (!found) return;
        waiting.delete(check);
        server.off('exit', exited);
        resolve(found);
      };
      server.once('exit', exited);
      waiting.add(check);
      check();
    });
}

/** One fresh start of `serve`: the first search sent as the 'serving' line is read, then the first miss of each pack and the first search by shape, one after the other. */
async function firstAnswers(cli: string, dataDir: string, workDir: string): Promise<FirstAnswers> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const spawned = performance.now();
  const server = startProcess(process.execPath, [...CLI_NODE_OPTIONS, cli, 'serve', '--data', dataDir, '--port', String(port)], {
    cwd: workDir,
    stdout: 'pipe',
  });
  try {
    const logLine = logOf(server);
    const listening = await logLine((line) => line.msg === 'listening');
    // Asked once as it listens, as a load balancer or `wait-on` would, and so that this process's own first request is not what is timed.
    await timedGet(`${new URL(String(listening.line.url)).origin}/healthz`);
    const serving = await logLine((line) => line.msg === 'serving');
    const search = await timedGet(`${origin}${FIRST_SEARCH}`);
    const searched = performance.now();
    if (search.status !== 200) throw new Error(`${FIRST_SEARCH}: ${search.status}`);
    const missMs: number[] = [];
    for (const path of FIRST_MISSES) {
      const miss = await timedGet(`${origin}${path}`);
      if (miss.status !== 404) throw new Error(`${path}: ${miss.status}`);
      missMs.push(miss.ms);
    }
    const shapeSearch = await timedGet(`${origin}${FIRST_SHAPE_SEARCH}`);
    if (shapeSearch.status !== 200) throw new Error(`the first search by shape: ${shapeSearch.status}`);
    return {
      servingMs: serving.at - spawned,
      searchPreparedMs: Number(serving.line.searchPreparedMs),
      searchMs: searched - serving.at,
      missMs,
      shapeSearchMs: shapeSearch.ms,
    };
  } finally {
    await stopProcess(server);
  }
}

/** `starts` fresh starts of `serve` over the catalog of `dataDir`, one after the other. */
export async function measureFirstAnswers(cli: string, dataDir: string, workDir: string, starts: number): Promise<FirstAnswerFigures> {
  const figures: FirstAnswerFigures = { starts: [] };
  for (let i = 0; i < starts; i++) figures.starts.push(await firstAnswers(cli, dataDir, workDir));
  return figures;
}
