// The page's fling figures of two builds side by side: `serve --workers 2` of each (the
// build before a change and the one after, each its own dist/cli.js) over its own data
// directory holding the same catalog, measured in turn in fresh browser contexts, so that
// the machine's load weighs on both alike. Medians of the rounds. See bench/README.md.
//   npx esbuild bench/page-ab.ts --bundle --platform=node --format=esm --packages=external --outfile=.bench/page-ab.mjs
//   node .bench/page-ab.mjs BEFORE/dist/cli.js AFTER/dist/cli.js DATA_BEFORE DATA_AFTER [ROUNDS]
import { spawn } from 'node:child_process';
import { launchChromium } from '../test/helpers/browser.js';
import { flingFrames, flingToDrawn, untilIconsPainted } from '../test/helpers/fling.js';

const [beforeCli, afterCli, dataA, dataB, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const VIEWPORT = { width: 1280, height: 900 };

function serve(cli: string, data: string, port: number): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'serve', '--data', data, '--port', String(port), '--log-level', 'info', '--workers', '2'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/serving/.test(out)) resolve(() => child.kill('SIGTERM'));
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}`)));
  });
}

const stopA = await serve(beforeCli as string, dataA as string, 18801);
const stopB = await serve(afterCli as string, dataB as string, 18802);
await new Promise((r) => setTimeout(r, 3000));
const browser = await launchChromium(undefined, process.cwd());
const results: Record<string, Record<string, number[]>> = { before: {}, after: {} };
const push = (side: string, key: string, value: number) => ((results[side] as Record<string, number[]>)[key] ??= []).push(value);
for (let round = 0; round < rounds; round++) {
  for (const [side, port] of [
    ['before', 18801],
    ['after', 18802],
  ] as const) {
    for (const pack of ['mdi', 'fluent-emoji']) {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/?pack=${pack}`);
      await untilIconsPainted(page, 60_000);
      const frames = await flingFrames(page, 2);
      const end = await flingToDrawn(page, 1, 10_000);
      const middle = await flingToDrawn(page, 0.5, 10_000);
      push(side, `${pack} p95`, frames.p95Ms);
      push(side, `${pack} worst`, frames.worstMs);
      push(side, `${pack} drawn end`, end.ms);
      push(side, `${pack} drawn middle`, middle.ms);
      await context.close();
    }
  }
  console.log(`round ${round + 1}`, JSON.stringify(results));
}
await browser.close();
stopA();
stopB();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const key of Object.keys(results.before ?? {}))
  console.log(`${key}: before ${median(results.before?.[key] ?? [])} after ${median(results.after?.[key] ?? [])}`);
process.exit(0);
