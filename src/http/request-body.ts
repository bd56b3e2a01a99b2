import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '../core/target.js';

/** A body read to its end, or the sign that it is longer than the bound (the rest is left unread). */
export type ReadBody = { body: Buffer } | { tooLarge: true };

/**
 * Reads a request's body whole, up to `limit` bytes: a declared length over
 * it is refused before a byte is read, and a body sent without one (chunked)
 * is refused as soon as it passes it, so a client can never make the server
 * hold more. How long the client may take is bounded by the server's request
 * timeout. Rejects when the client leaves before the end.
 */
export function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<ReadBody> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        stop();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ body: Buffer.concat(chunks, length) });
    };
    const onGone = () => {
      stop();
      reject(new Error('the client left before sending the whole body'));
    };
    const stop = () => {
      request.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      request.pause();
    };
    request.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}
