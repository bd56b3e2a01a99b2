import { parentPort } from 'node:worker_threads';
import { type PreviewDrawing, rasterise } from './rasterise.js';

/*
 * The thread that draws previews (preview-thread-runner.ts is the other
 * end): one of fluent-emoji's icons takes several milliseconds of resvg, a
 * screen of them a second, which the thread answering requests never waits for.
 */

export type PreviewThreadRequest = { id: number; drawing: PreviewDrawing };
export type PreviewThreadReply = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, drawing }: PreviewThreadRequest) => {
  let reply: PreviewThreadReply;
  try {
    reply = { id, png: rasterise(drawing) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  const transfer = 'png' in reply ? [reply.png.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(reply, transfer);
});
