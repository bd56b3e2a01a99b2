import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchChromium } from '../test/helpers/browser.js';

/** One of the page's moments, as the bench measures it. */
export interface PageTiming {
  label: string;
  /** Median milliseconds from navigation to the mark, over the timed runs. */
  medianMs: number;
  /** Icons drawn when the mark was set. */
  icons: number;
}

export interface PageFigures {
  timings: PageTiming[];
  /** The page's script as sent: brotli and gzip. */
  scriptBrotliBytes: number;
  scriptGzipBytes: number;
}

const RUNS = 5;

/**
 * Times the page in Chromium on `origin`: from navigation to the first icons
 * of mdi drawn, and to the first search results drawn (marks the page sets).
 * Each is loaded once untimed (so the server has met the requests), then
 * RUNS times in a fresh browser context each (nothing in the browser's cache).
 */
export async function measurePage(origin: string, projectRoot: string): Promise<PageFigures> {
  const browser = await launchChromium(undefined, projectRoot);
  const timings: PageTiming[] = [];
  try {
    for (const [label, query, mark] of [
      ['navigation to the first 100 icons of mdi drawn', '?pack=mdi', 'icons-painted'],
      ['navigation to the first search results drawn (home)', '?q=home', 'results-painted'],
    ] as const) {
      const samples: Array<{ ms: number; icons: number }> = [];
      for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${origin}/${query}`);
        await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
        const sample = await page.evaluate((name) => {
          const entry = performance.getEntriesByName(name)[0] as PerformanceMark;
          return { ms: entry.startTime, icons: Number(entry.detail) };
        }, mark);
        await context.close();
        if (run > 0) samples.push(sample);
      }
      samples.sort((a, b) => a.ms - b.ms);
      const median = samples[Math.floor(samples.length / 2)] as { ms: number; icons: number };
      timings.push({ label, medianMs: median.ms, icons: median.icons });
    }
  } finally {
    await browser.close();
  }
  const dir = join(projectRoot, 'dist', 'ui');
  const script = readFileSync(join(dir, readdirSync(dir).find((file) => file.endsWith('.js')) as string));
  return { timings, scriptBrotliBytes: brotliCompressSync(script).length, scriptGzipBytes: gzipSync(script, { level: 9 }).length };
}
