// Where the time to drawn after a fling to the end of fluent-emoji goes, in three fresh browser contexts:
// when the previews' <img> are put into cells, when their requests go out and come back (resource
// timings), and the frames painted meanwhile, each relative to the fling's last jump. See bench/README.md.
//   npx esbuild bench/fling-probe.ts --bundle --platform=node --format=esm --packages=external --outfile=.bench/fling-probe.mjs
//   node dist/cli.js serve --data DATA --port 47200 --workers 2 & node .bench/fling-probe.mjs 47200
import { launchChromium } from '../test/helpers/browser.js';
import { flingFrames, flingToDrawn, JUMP_EVERY_MS, JUMPS_PER_FLING, untilIconsPainted } from '../test/helpers/fling.js';
const port = Number(process.argv[2] ?? 47200);
const browser = await launchChromium(undefined, process.cwd());
for (let round = 0; round < 3; round++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/?pack=fluent-emoji`);
  await untilIconsPainted(page, 60_000);
  await flingFrames(page, 1);
  await page.evaluate(() => performance.clearResourceTimings());
  const t0 = await page.evaluate(() => {
    const w = window as unknown as { inserted: number[]; frames: number[] };
    w.inserted = [];
    w.frames = [];
    new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if ((node as Element).tagName === 'IMG') w.inserted.push(performance.now());
    }).observe(document.body, { childList: true, subtree: true });
    const frame = (now: number) => {
      w.frames.push(now);
      if (w.frames.length < 400) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    return performance.now();
  });
  const end = await flingToDrawn(page, 1, 10_000);
  const timings = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('.png') || e.name.includes('/r/previews.json'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        return [r.startTime, r.requestStart, r.responseStart, r.responseEnd];
      }),
  );
  const lastJump = t0 + (JUMPS_PER_FLING - 1) * JUMP_EVERY_MS;
  const { inserted, frames } = await page.evaluate(() => {
    const w = window as unknown as { inserted: number[]; frames: number[] };
    return { inserted: w.inserted, frames: w.frames };
  });
  const after = inserted.map((t) => t - lastJump).filter((t) => t > 0);
  const gaps = frames.map((t) => t - lastJump).filter((t) => t > 0 && t < end.ms + 50);
  console.log(
    `  imgs inserted after the last jump: ${after.length}, first ${after[0]?.toFixed(0)} last ${after.at(-1)?.toFixed(0)}; frames until drawn: ${gaps.map((t) => t.toFixed(0)).join(' ')}`,
  );
  const rel = (i: number) => timings.map((t) => (t[i] as number) - lastJump).sort((a, b) => a - b);
  const q = (list: number[], f: number) => list[Math.floor((list.length - 1) * f)]?.toFixed(0);
  console.log(
    `round ${round}: drawn ${end.ms.toFixed(0)} ms, ${end.icons} icons, ${timings.length} pngs; start first ${q(rel(0), 0)} last ${q(rel(0), 1)}; requestStart p50 ${q(rel(1), 0.5)} last ${q(rel(1), 1)}; responseStart p50 ${q(rel(2), 0.5)}; responseEnd p50 ${q(rel(3), 0.5)} last ${q(rel(3), 1)}; server wait p50 ${q(
      timings.map((t) => (t[2] as number) - (t[1] as number)).sort((a, b) => a - b),
      0.5,
    )}`,
  );
  await context.close();
}
await browser.close();
