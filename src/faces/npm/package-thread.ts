import { parentPort } from 'node:worker_threads';
import { type MadePackage, makePackage, type PackageRequest } from './package-maker.js';

/*
 * The thread that makes packages (package-thread-runner.ts is the other
 * end): parsing a pack document, writing its files and compressing them
 * takes seconds for the largest packs, which the thread answering requests
 * never waits for.
 */

export type PackageThreadRequest = { id: number; request: PackageRequest };
export type PackageThreadReply = { id: number; made: MadePackage } | { id: number; error: string };

parentPort?.on('message', ({ id, request }: PackageThreadRequest) => {
  let reply: PackageThreadReply;
  try {
    reply = { id, made: makePackage(request) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  const transfer = 'made' in reply ? [reply.made.tarball.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(reply, transfer);
});
