import type { Page } from 'playwright-core';

/*
 * The page's smoothness, measured inside it: the time between frames
 * (requestAnimationFrame's timestamps) while a pack's grid is scrolled from
 * top to bottom, and the time from a key press in the search box to its
 * results painted (the page's `search-painted` mark). Each is bounded in
 * time, so that a page that hangs ends the bench rather than stalling it.
 */

export interface ScrollFrames {
  /** Frames recorded from the first step to the last. */
  frames: number;
  steps: number;
  p95Ms: number;
  worstMs: number;
  /** Whether the last icon of the grid was reached within the time allowed. */
  reachedEnd: boolean;
}

/** A step of the scroll every this many frames: half a screen three frames apart is a fast turn of a mouse wheel. */
const FRAMES_PER_STEP = 3;
const SCROLL_LIMIT_MS = 60_000;

/** Scrolls the page from top to bottom by half a screen a step, recording every frame's length. */
export async function scrollFrames(page: Page): Promise<ScrollFrames> {
  const measured = await page.evaluate(
    ({ framesPerStep, limitMs }) =>
      new Promise<{ frames: number[]; steps: number; reachedEnd: boolean }>((resolve) => {
        const frames: number[] = [];
        const started = performance.now();
        let last = -1;
        let steps = 0;
        let frame = 0;
        const tick = (now: number) => {
          if (last >= 0) frames.push(now - last);
          last = now;
          const bottom = document.documentElement.scrollHeight - window.innerHeight;
          const atBottom = window.scrollY >= bottom - 1;
          if ((atBottom && frame % framesPerStep === 0 && steps > 0) || now - started > limitMs) {
            resolve({ frames, steps, reachedEnd: atBottom });
            return;
          }
          if (frame++ % framesPerStep === 0) {
            window.scrollTo(0, Math.min(bottom, window.scrollY + window.innerHeight / 2));
            steps++;
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { framesPerStep: FRAMES_PER_STEP, limitMs: SCROLL_LIMIT_MS },
  );
  const sorted = [...measured.frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
  return { frames: sorted.length, steps: measured.steps, p95Ms: at(0.95), worstMs: at(1), reachedEnd: measured.reachedEnd };
}

/** Time between two keys typed: a quick typist's pace (60 to 80 words a minute is a key every 150 ms or so). */
const KEY_INTERVAL_MS = 120;

/**
 * Milliseconds from the last key of `words` typed into the home page's
 * search box (focused, empty) at a person's pace to the results of
 * `words` painted.
 */
export async function keyToResults(page: Page, words: string): Promise<number> {
  await page.evaluate(() => {
    const box = document.querySelector<HTMLInputElement>('[data-search-box]');
    box?.addEventListener('keydown', () => {
      (window as unknown as { lastKey: number }).lastKey = performance.now();
    });
  });
  await page.keyboard.type(words, { delay: KEY_INTERVAL_MS });
  const handle = await page.waitForFunction(
    (typed) => {
      const painted = performance.getEntriesByName('search-painted') as PerformanceMark[];
      const entry = painted.find((mark) => (mark.detail as { words: string }).words === typed);
      return entry ? entry.startTime - (window as unknown as { lastKey: number }).lastKey : undefined;
    },
    words,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}
