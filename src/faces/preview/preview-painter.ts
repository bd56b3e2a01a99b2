import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MAX_WAITING_PREVIEWS } from '../../core/preview-limits.js';
import { JobCrashed, JobProcess } from '../../util/job-process.js';
import { type PreviewDrawing, rasterise } from './rasterise.js';

/**
 * Processes drawing previews: two, where the machine has two cores or
 * more, so that a screen of heavy icons is drawn in half the time while the
 * serving thread still has a core.
 */
const PREVIEW_PROCESSES = Math.max(1, Math.min(2, availableParallelism() - 1 || 1));

/** How long a process stays once it has nothing to draw: its memory is given back. */
const IDLE_PROCESS_MS = 30_000;

/** Drawings remembered as having killed the process that drew them, at most: each is refused at once rather than drawn again. */
const MAX_REMEMBERED_CRASHES = 10_000;

/** Too many previews are waiting to be drawn: the client is to try again shortly. */
export class PreviewsBusy extends Error {}

/** Draws previews: in processes of their own when serving, in this thread otherwise. */
export interface PreviewPainter {
  paint(drawing: PreviewDrawing): Promise<Uint8Array>;
}

/** Previews drawn by PREVIEW_PROCESSES processes, each given to the one with the fewest waiting. */
class PreviewProcesses implements PreviewPainter {
  private readonly processes: Array<JobProcess<PreviewDrawing, Uint8Array>>;
  /** Hashes of the drawings that killed their process (resvg aborts on a few bodies): drawing one again would only kill another. */
  private readonly crashed = new Set<string>();

  constructor(script: URL) {
    this.processes = Array.from({ length: PREVIEW_PROCESSES }, () => new JobProcess(script, 'preview', IDLE_PROCESS_MS));
  }

  paint(drawing: PreviewDrawing): Promise<Uint8Array> {
    const key = createHash('sha256').update(drawing.svg).digest('base64');
    if (this.crashed.has(key)) return Promise.reject(new Error('this drawing killed the process that drew it before'));
    const waiting = this.processes.reduce((sum, process) => sum + process.pending, 0);
    if (waiting >= MAX_WAITING_PREVIEWS) return Promise.reject(new PreviewsBusy());
    const least = this.processes.reduce((best, process) => (process.pending < best.pending ? process : best));
    return least.run(drawing).catch((error: unknown) => {
      if (error instanceof JobCrashed) {
        if (this.crashed.size >= MAX_REMEMBERED_CRASHES) this.crashed.clear();
        this.crashed.add(key);
      }
      throw error;
    });
  }
}

/** Draws each preview at once, in this thread. */
const IN_THIS_THREAD: PreviewPainter = {
  paint: (drawing) => Promise.resolve().then(() => rasterise(drawing)),
};

let painter: PreviewPainter | undefined;

/**
 * The process's preview painter: child processes, when their module is
 * built beside this one (the command line, run from the built files); this
 * thread when it is not (this module loaded from its sources, as in-process
 * tests do), where the same function draws the same bytes.
 */
export function previewPainter(): PreviewPainter {
  if (painter) return painter;
  const script = new URL('./preview-process.js', import.meta.url);
  painter = existsSync(fileURLToPath(script)) ? new PreviewProcesses(script) : IN_THIS_THREAD;
  return painter;
}
