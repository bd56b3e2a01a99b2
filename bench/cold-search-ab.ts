// Searches by meaning never repeated (as the bench's load sends them), against two builds' servers in
// turn, a chunk at a time, 8 at once, each server its own half of the queries; run it twice with the
// ports swapped so that each build gets both halves. Latency p50, p90 and p99 of each. See bench/README.md.
//   npx esbuild bench/cold-search-ab.ts --bundle --platform=node --format=esm --packages=external --outfile=.bench/cold-search-ab.mjs
//   node .bench/cold-search-ab.mjs PORT_A PORT_B && node .bench/cold-search-ab.mjs PORT_B PORT_A
import { readFileSync, readdirSync } from 'node:fs';
import { neverRepeatingQueries } from '../bench/meaning-queries.js';
import { seededRandom } from '../test/helpers/sources.js';
const [portA, portB] = process.argv.slice(2).map(Number);
const dir = 'node_modules/@iconify/json/json';
const names: string[] = [];
for (const file of readdirSync(dir)) names.push(...Object.keys((JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { icons: object }).icons));
const queries = neverRepeatingQueries(names, seededRandom(7), 6000);
const times: Record<number, number[]> = { [portA as number]: [], [portB as number]: [] };
async function send(port: number, list: string[]) {
  const queue = [...list];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let q: string | undefined; (q = queue.shift()) !== undefined; ) {
        const t = performance.now();
        const r = await fetch(`http://127.0.0.1:${port}/r/search.json?q=${encodeURIComponent(q)}&limit=24`);
        await r.arrayBuffer();
        times[port]?.push(performance.now() - t);
      }
    }),
  );
}
// Each server gets its own half of the queries, so that neither sees one twice; chunks alternate.
for (let at = 0; at < queries.length; at += 400) {
  await send(portA as number, queries.slice(at, at + 200));
  await send(portB as number, queries.slice(at + 200, at + 400));
}
for (const port of [portA, portB] as number[]) {
  const list = (times[port] as number[]).sort((a, b) => a - b);
  const q = (f: number) => (list[Math.floor((list.length - 1) * f)] as number).toFixed(1);
  console.log(`port ${port}: ${list.length} searches, p50 ${q(0.5)} ms, p90 ${q(0.9)}, p99 ${q(0.99)}`);
}
