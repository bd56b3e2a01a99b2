import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/helpers/browser.js';
import { type FlingFrames, flingFrames, flingToDrawn, untilIconsPainted } from '../test/helpers/fling.js';
import { keyToResults, type ScrollFrames, scrollFrames } from './page-frames.js';

/** One of the page's moments, as the bench measures it. */
export interface PageTiming {
  label: string;
  /** Median milliseconds from navigation to the mark, over the timed runs. */
  medianMs: number;
  /** Icons drawn when the mark was set. */
  icons: number;
}

/** A pack's grid scrolled from top to bottom: the median over the runs of each figure. */
export interface PageScroll extends ScrollFrames {
  pack: string;
}

/**
 * A pack's grid flung, the median over the runs of each figure: frames
 * while flinging top to bottom and back twice (a sixth of the pack every
 * 60 ms), and from the last jump of a fling to the icons in view drawn.
 */
export interface PageFling extends FlingFrames {
  pack: string;
  /** A fling from the top to the bottom; NaN when a run did not draw them within FLING_DRAWN_LIMIT_MS. */
  toEndDrawnMs: number;
  /** Then one from the bottom to the middle. */
  toMiddleDrawnMs: number;
  /** Icons in view at the bottom. */
  icons: number;
}

export interface PageFigures {
  timings: PageTiming[];
  scrolls: PageScroll[];
  flings: PageFling[];
  /** Median milliseconds from the last key of a search typed to its results painted, over the words typed. */
  keyToResultsMs: number;
  /** Words typed for it. */
  keyWords: number;
  /** The page's script as sent: brotli and gzip. */
  scriptBrotliBytes: number;
  scriptGzipBytes: number;
}

const RUNS = 5;
const VIEWPORT = { width: 1280, height: 900 };
/** Packs scrolled: the largest of small glyphs, and the one of large multicolour drawings. */
const SCROLLED = ['mdi', 'fluent-emoji'];
const SCROLL_RUNS = 3;
/** Flings of each scrolled pack, each in a fresh context; and how long one waits for the icons in view. */
const FLING_RUNS = 3;
const FLING_DRAWN_LIMIT_MS = 20_000;
/** Words typed into the search box, each once per browser context: common searches, none a prefix of another. */
const TYPED = ['home', 'arrow left', 'trash', 'user', 'settings', 'heart', 'calendar'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
/** Most one page's measure may take: a page that stops answering is left out (its figures NaN) and the bench goes on. */
const PAGE_MEASURE_LIMIT_MS = 120_000;

/** `work` on a fresh page of a context of its own, closed after; undefined, and a line naming `label`, when it takes longer than PAGE_MEASURE_LIMIT_MS. */
async function onFreshPage<T>(browser: Browser, label: string, work: (page: Page) => Promise<T>): Promise<T | undefined> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      console.log(`bench: page: ${label}: no answer within ${PAGE_MEASURE_LIMIT_MS / 1000} s, left out`);
      resolve(undefined);
    }, PAGE_MEASURE_LIMIT_MS);
  });
  const working = context.newPage().then(work);
  // Given up, the work fails once its context is closed: that is not the bench's failure.
  working.catch(() => undefined);
  try {
    return await Promise.race([working, limit]);
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => undefined);
  }
}

/**
 * Times the page in Chromium on `origin`: from navigation to the first icons
 * of mdi painted, and to the first search results painted (marks the page
 * sets). Each is loaded once untimed (so the server has met the requests),
 * then RUNS times in a fresh browser context each (nothing in the browser's
 * cache). Then the frames while scrolling packs, and key presses to results.
 */
export async function measurePage(origin: string, projectRoot: string, smoke = false): Promise<PageFigures> {
  const browser = await launchChromium(undefined, projectRoot);
  // A smoke run checks that each measure works: once each.
  const runs = smoke ? 1 : RUNS;
  try {
    const timings = await navigationTimings(browser, origin, runs);
    const scrolls: PageScroll[] = [];
    for (const pack of SCROLLED) scrolls.push(await scrolling(browser, origin, pack, smoke ? 1 : SCROLL_RUNS));
    const flings: PageFling[] = [];
    for (const pack of SCROLLED) flings.push(await flinging(browser, origin, pack, smoke ? 1 : FLING_RUNS));
    const keys = await keyPresses(browser, origin, smoke ? TYPED.slice(0, 1) : TYPED);
    const dir = join(projectRoot, 'dist', 'ui');
    const script = readFileSync(join(dir, readdirSync(dir).find((file) => file.endsWith('.js')) as string));
    return {
      timings,
      scrolls,
      flings,
      keyToResultsMs: median(keys),
      keyWords: keys.length,
      scriptBrotliBytes: brotliCompressSync(script).length,
      scriptGzipBytes: gzipSync(script, { level: 9 }).length,
    };
  } finally {
    await browser.close();
  }
}

async function navigationTimings(browser: Browser, origin: string, runs: number): Promise<PageTiming[]> {
  const timings: PageTiming[] = [];
  for (const [label, query, mark] of [
    ['navigation to the first 100 icons of mdi painted', '?pack=mdi', 'icons-painted'],
    ['navigation to the first search results painted (home)', '?q=home', 'results-painted'],
  ] as const) {
    const samples: Array<{ ms: number; icons: number }> = [];
    for (let run = 0; run <= runs; run++) {
      const sample = await onFreshPage(browser, label, async (page) => {
        await page.goto(`${origin}/${query}`);
        await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
        return page.evaluate((name) => {
          const entry = performance.getEntriesByName(name)[0] as PerformanceMark;
          return { ms: entry.startTime, icons: Number(entry.detail) };
        }, mark);
      });
      if (run > 0 && sample) samples.push(sample);
    }
    samples.sort((a, b) => a.ms - b.ms);
    const middle = samples[Math.floor(samples.length / 2)] ?? { ms: Number.NaN, icons: 0 };
    timings.push({ label, medianMs: middle.ms, icons: middle.icons });
  }
  return timings;
}

/** `pack` scrolled top to bottom `times` times, each in a fresh context after its first icons are painted. */
async function scrolling(browser: Browser, origin: string, pack: string, times: number): Promise<PageScroll> {
  const runs: ScrollFrames[] = [];
  for (let run = 0; run < times; run++) {
    const scrolled = await onFreshPage(browser, `scrolling ${pack}`, async (page) => {
      await page.goto(`${origin}/?pack=${pack}`);
      await untilIconsPainted(page, 30_000);
      return scrollFrames(page);
    });
    if (scrolled) runs.push(scrolled);
  }
  const of = (figure: (run: ScrollFrames) => number) => median(runs.map(figure));
  return {
    pack,
    frames: of((run) => run.frames),
    steps: of((run) => run.steps),
    p95Ms: of((run) => run.p95Ms),
    worstMs: of((run) => run.worstMs),
    reachedEnd: runs.length > 0 && runs.every((run) => run.reachedEnd),
  };
}

/**
 * `pack` flung `times` times, each in a fresh context after its first icons
 * are painted: top to bottom and back twice for the frames, then, from the
 * top, to the bottom and to the middle for the time to the icons in view
 * drawn (NaN, and so a median that is one, when they are not within
 * FLING_DRAWN_LIMIT_MS: NaN sorts after every time).
 */
async function flinging(browser: Browser, origin: string, pack: string, times: number): Promise<PageFling> {
  const runs: Array<FlingFrames & { toEndDrawnMs: number; toMiddleDrawnMs: number; icons: number }> = [];
  for (let run = 0; run < times; run++) {
    const flung = await onFreshPage(browser, `flinging ${pack}`, async (page) => {
      await page.goto(`${origin}/?pack=${pack}`);
      await untilIconsPainted(page, 30_000);
      const frames = await flingFrames(page, 2);
      const toEnd = await flingToDrawn(page, 1, FLING_DRAWN_LIMIT_MS);
      const toMiddle = await flingToDrawn(page, 0.5, FLING_DRAWN_LIMIT_MS);
      return { ...frames, toEndDrawnMs: toEnd.ms, toMiddleDrawnMs: toMiddle.ms, icons: toEnd.icons };
    });
    if (flung) runs.push(flung);
  }
  const of = (figure: (run: (typeof runs)[number]) => number) =>
    [...runs.map(figure)].sort((a, b) => (Number.isNaN(a) ? 1 : Number.isNaN(b) ? -1 : a - b))[Math.floor(runs.length / 2)] as number;
  return {
    pack,
    frames: of((run) => run.frames),
    jumps: of((run) => run.jumps),
    p95Ms: of((run) => run.p95Ms),
    worstMs: of((run) => run.worstMs),
    toEndDrawnMs: of((run) => run.toEndDrawnMs),
    toMiddleDrawnMs: of((run) => run.toMiddleDrawnMs),
    icons: of((run) => run.icons),
  };
}

/** Each word typed once into the home page's box, in a context of its own after one untimed search there. */
async function keyPresses(browser: Browser, origin: string, typed: readonly string[]): Promise<number[]> {
  const times = await onFreshPage(browser, 'key presses', async (page) => {
    await page.goto(`${origin}/`);
    await page.locator('.cards li').first().waitFor({ timeout: 30_000 });
    const times: number[] = [];
    for (const [index, words] of ['star', ...typed].entries()) {
      await page.keyboard.press('Escape');
      const time = await keyToResults(page, words);
      if (index > 0) times.push(time);
    }
    return times;
  });
  return times ?? [];
}
