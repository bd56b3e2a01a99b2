import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type MadePackage, makePackage, type PackageRequest } from './package-maker.js';
import type { PackageThreadReply, PackageThreadRequest } from './package-thread.js';

/**
 * Packages waiting for the thread, at most: past this many, a package is
 * refused at once (PackagesBusy, a 503 to retry), so that a flood of
 * requests for packages not made yet holds a bounded queue. Each is made
 * once and then kept, so the queue only fills while new ones are asked for.
 */
export const MAX_WAITING_PACKAGES = 16;

/**
 * How long the thread stays once it has nothing to make: packages are made
 * once and then kept, so it is idle for good soon after a server starts, and
 * its heap (the largest pack it parsed) is given back.
 */
const IDLE_THREAD_MS = 30_000;

/** Too many packages are waiting to be made: the client is to try again shortly. */
export class PackagesBusy extends Error {}

/** Makes packages: in a thread of their own when serving, in this thread otherwise. */
export interface PackageMaker {
  make(request: PackageRequest): Promise<MadePackage>;
}

interface Waiting {
  resolve(made: MadePackage): void;
  reject(error: Error): void;
}

/**
 * Makes packages in a thread of its own (package-thread.ts), one at a time,
 * started on the first package and again after it fails: a package that was
 * being made or waiting when it failed is rejected.
 */
class PackageThread implements PackageMaker {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly script: URL) {}

  make(request: PackageRequest): Promise<MadePackage> {
    if (this.waiting.size >= MAX_WAITING_PACKAGES) return Promise.reject(new PackagesBusy());
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, request } satisfies PackageThreadRequest);
    });
  }

  private start(): Worker {
    const worker = new Worker(this.script);
    // The server's listening socket keeps the process alive, not an idle thread.
    worker.unref();
    worker.on('message', (reply: PackageThreadReply) => {
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(`making a package failed: ${reply.error}`));
      else {
        const tarball = reply.made.tarball;
        waiting?.resolve({ ...reply.made, tarball: Buffer.from(tarball.buffer, tarball.byteOffset, tarball.byteLength) });
      }
      if (this.waiting.size === 0) this.stopWhenIdle(worker);
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`package thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread once it has had nothing to make for a while; the next package starts a new one. */
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

/** Makes each package at once, in this thread. */
const IN_THIS_THREAD: PackageMaker = {
  make: (request) => Promise.resolve().then(() => makePackage(request)),
};

let maker: PackageMaker | undefined;

/**
 * The process's package maker: the thread, when its module is built beside
 * this one (the command line, run from the built files); in this thread
 * when it is not (this module loaded from its sources, as in-process tests
 * do), where the same function makes the same bytes.
 */
export function packageMaker(): PackageMaker {
  if (maker) return maker;
  const script = new URL('./package-thread.js', import.meta.url);
  maker = existsSync(fileURLToPath(script)) ? new PackageThread(script) : IN_THIS_THREAD;
  return maker;
}
