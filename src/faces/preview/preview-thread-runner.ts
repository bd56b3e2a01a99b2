import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MAX_WAITING_PREVIEWS } from '../../core/preview-limits.js';
import type { PreviewThreadReply, PreviewThreadRequest } from './preview-thread.js';
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

interface Waiting {
  resolve(png: Uint8Array): void;
  reject(error: Error): void;
}

/** One thread drawing previews in turn, started on the first and again after it fails. */
class PreviewThread {
  private worker: Worker | undefined;
  readonly waiting = new Map<number, Waiting>();
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly script: URL) {}

  paint(id: number, drawing: PreviewDrawing): Promise<Uint8Array> {
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, drawing } satisfies PreviewThreadRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    // The server's listening socket keeps the process alive, not an idle thread.
    worker.unref();
    worker.on('message', (reply: PreviewThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(`drawing a preview failed: ${reply.error}`));
      else waiting?.resolve(reply.png);
      if (this.waiting.size === 0) this.stopWhenIdle(worker);
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`preview thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private stopWhenIdle(worker: Worker): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.worker !== worker || this.waiting.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_THREAD_MS);
    this.idle.unref();
  }
}

/** Previews drawn by PREVIEW_THREADS threads, each given to the one with the fewest waiting. */
class PreviewThreads implements PreviewPainter {
  private readonly threads: PreviewThread[];
  private nextId = 1;

  constructor(script: URL) {
    this.threads = Array.from({ length: PREVIEW_THREADS }, () => new PreviewThread(script));
  }

  paint(drawing: PreviewDrawing): Promise<Uint8Array> {
    const waiting = this.threads.reduce((sum, thread) => sum + thread.waiting.size, 0);
    if (waiting >= MAX_WAITING_PREVIEWS) return Promise.reject(new PreviewsBusy());
    const least = this.threads.reduce((best, thread) => (thread.waiting.size < best.waiting.size ? thread : best));
    return least.paint(this.nextId++, drawing);
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
