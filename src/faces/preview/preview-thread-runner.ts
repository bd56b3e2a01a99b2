import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { JobThread } from '../../util/job-thread.js';
import { MAX_WAITING_PREVIEWS } from '../../core/preview-limits.js';
import { type PreviewDrawing, rasterise } from './rasterise.js';

/**
 * Threads drawing previews: two, where the machine has two cores or more,
 * so that a screen of heavy icons is drawn in half the time while the
 * serving thread still has a core.
 */
const PREVIEW_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1 || 1));

/** How long a thread stays once it has nothing to draw: its heap is given back. */
const IDLE_THREAD_MS = 30_000;

/** Too many previews are waiting to be drawn: the client is to try again shortly. */
export class PreviewsBusy extends Error {}

/** Draws previews: in threads of their own when serving, in this thread otherwise. */
export interface PreviewPainter {
  paint(drawing: PreviewDrawing): Promise<Uint8Array>;
}

/** Previews drawn by PREVIEW_THREADS threads, each given to the one with the fewest waiting. */
class PreviewThreads implements PreviewPainter {
  private readonly threads: Array<JobThread<PreviewDrawing, Uint8Array>>;

  constructor(script: URL) {
    this.threads = Array.from({ length: PREVIEW_THREADS }, () => new JobThread(script, 'preview', IDLE_THREAD_MS));
  }

  paint(drawing: PreviewDrawing): Promise<Uint8Array> {
    const waiting = this.threads.reduce((sum, thread) => sum + thread.pending, 0);
    if (waiting >= MAX_WAITING_PREVIEWS) return Promise.reject(new PreviewsBusy());
    const least = this.threads.reduce((best, thread) => (thread.pending < best.pending ? thread : best));
    return least.run(drawing);
  }
}

/** Draws each preview at once, in this thread. */
const IN_THIS_THREAD: PreviewPainter = {
  paint: (drawing) => Promise.resolve().then(() => rasterise(drawing)),
};

let painter: PreviewPainter | undefined;

/**
 * The process's preview painter: threads, when their module is built
 * beside this one (the command line, run from the built files); this
 * thread when it is not (this module loaded from its sources, as in-process
 * tests do), where the same function draws the same bytes.
 */
export function previewPainter(): PreviewPainter {
  if (painter) return painter;
  const script = new URL('./preview-thread.js', import.meta.url);
  painter = existsSync(fileURLToPath(script)) ? new PreviewThreads(script) : IN_THIS_THREAD;
  return painter;
}
