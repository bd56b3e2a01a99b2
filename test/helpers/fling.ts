import type { Page } from 'playwright-core';

/*
 * A fling through a pack's grid, as a person dragging the scrollbar does
 * it: the page jumps by a sixth of its height every 60 ms, measured inside
 * the page. What is measured is the time between frames
 * (requestAnimationFrame's timestamps) during the flings and just after,
 * and the time from the last jump of a fling to the icons then in view
 * all drawn and painted. Used by the page's test and by the bench. The
 * grid's cells are 88 px squares (ui/grid.ts), which is how the icons in
 * view are told.
 */

/** Jumps of a fling: each a sixth of the page's height. */
export const JUMPS_PER_FLING = 6;
/** Time between two jumps: a fast drag of the scrollbar. */
export const JUMP_EVERY_MS = 60;
/** Frames after a fling's last jump still counted as the fling's: the drawing of what it stopped on. */
const SETTLE_MS = 500;
const CELL = 88;

/** Waits until a pack's page has painted its grid's first icons (its `icons-painted` mark, ui/pack.ts), before its scrolls and flings are measured. */
export async function untilIconsPainted(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('icons-painted').length > 0, undefined, { timeout: timeoutMs });
}

export interface FlingFrames {
  /** Frames recorded, from the first jump to SETTLE_MS after the last. */
  frames: number;
  jumps: number;
  p95Ms: number;
  worstMs: number;
}

/**
 * Flings the page (scrolled to the top) down to the bottom and back up,
 * `times` times, a jump every JUMP_EVERY_MS, recording every frame's
 * length until SETTLE_MS after the last jump.
 */
export async function flingFrames(page: Page, times: number): Promise<FlingFrames> {
  const measured = await page.evaluate(
    ({ flings, everyMs, settleMs }) =>
      new Promise<{ frames: number[]; jumps: number }>((resolve) => {
        const bottom = document.documentElement.scrollHeight - window.innerHeight;
        const tops: number[] = [];
        for (let fling = 0; fling < flings; fling++) {
          const down = fling % 2 === 0;
          for (let step = 1; step <= 6; step++) tops.push(Math.round((bottom * (down ? step : 6 - step)) / 6));
        }
        const frames: number[] = [];
        let last = -1;
        let done = false;
        const tick = (now: number) => {
          if (last >= 0) frames.push(now - last);
          last = now;
          if (!done) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        let jumped = 0;
        const jump = () => {
          window.scrollTo(0, tops[jumped] as number);
          jumped++;
          if (jumped < tops.length) setTimeout(jump, everyMs);
          else
            setTimeout(() => {
              done = true;
              resolve({ frames, jumps: jumped });
            }, settleMs);
        };
        jump();
      }),
    { flings: 2 * times, everyMs: JUMP_EVERY_MS, settleMs: SETTLE_MS },
  );
  const sorted = [...measured.frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
  return { frames: sorted.length, jumps: measured.jumps, p95Ms: at(0.95), worstMs: at(1) };
}

export interface FlingDrawn {
  /** Milliseconds from the fling's last jump to the first frame painted with every icon in view drawn; NaN if not within the limit. */
  ms: number;
  /** Icons in view then. */
  icons: number;
}

/**
 * Flings the page from where it is to `fraction` of its height (1: the
 * bottom) in JUMPS_PER_FLING jumps JUMP_EVERY_MS apart, and times from the
 * last jump to the first frame painted with every icon in view drawn: its
 * cell built, its glyph no longer waiting, and an image glyph loaded.
 * Gives up after `limitMs`.
 */
export async function flingToDrawn(page: Page, fraction: number, limitMs: number): Promise<FlingDrawn> {
  return page.evaluate(
    ({ fraction, jumps, everyMs, cell, limitMs }) =>
      new Promise<FlingDrawn>((resolve) => {
        const from = window.scrollY;
        const to = Math.round((document.documentElement.scrollHeight - window.innerHeight) * fraction);
        const inView = (): { drawn: boolean; icons: number } => {
          const box = document.querySelector('.grid-box') as HTMLElement;
          const count = Number(box.dataset.count);
          const columns = Math.max(1, Math.floor(box.clientWidth / cell));
          const top = (box.querySelector('.grid') as HTMLElement).getBoundingClientRect().top;
          const first = Math.max(0, Math.floor(-top / cell)) * columns;
          const end = Math.min(count, Math.ceil((window.innerHeight - top) / cell) * columns);
          let drawn = true;
          for (let index = first; index < end && drawn; index++) {
            const glyph = box.querySelector<HTMLElement>(`a[data-index="${index}"] .glyph`);
            const image = glyph?.querySelector('img');
            drawn = !!glyph && !glyph.hasAttribute('data-pending') && (!image || (image.complete && image.naturalWidth > 0));
          }
          return { drawn, icons: Math.max(0, end - first) };
        };
        let jumped = 0;
        let lastJump = 0;
        const watch = () => {
          // A grid being replaced has no cells for a moment: not drawn yet, rather than a watch that ends with no answer.
          let seen: { drawn: boolean; icons: number };
          try {
            seen = inView();
          } catch {
            seen = { drawn: false, icons: 0 };
          }
          const { drawn, icons } = seen;
          if (drawn) {
            // A task queued from a frame's callback runs once that frame is painted.
            setTimeout(() => resolve({ ms: performance.now() - lastJump, icons }));
            return;
          }
          if (performance.now() - lastJump > limitMs) resolve({ ms: Number.NaN, icons });
          else requestAnimationFrame(watch);
        };
        const jump = () => {
          jumped++;
          window.scrollTo(0, Math.round(from + ((to - from) * jumped) / jumps));
          lastJump = performance.now();
          if (jumped < jumps) setTimeout(jump, everyMs);
          else requestAnimationFrame(watch);
        };
        jump();
      }),
    { fraction, jumps: JUMPS_PER_FLING, everyMs: JUMP_EVERY_MS, cell: CELL, limitMs },
  );
}
