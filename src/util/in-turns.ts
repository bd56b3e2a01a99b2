import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Every item `items` gives, as many in a turn of the event loop as fit in
 * `sliceMs`, the next ones in a later turn: reading many (a large pack
 * document's chunks) never holds the thread answering requests for longer.
 */
export async function readInTurns<T>(items: Iterator<T>, sliceMs: number): Promise<T[]> {
  const read: T[] = [];
  for (;;) {
    const started = performance.now();
    do {
      const next = items.next();
      if (next.done) return read;
      read.push(next.value);
    } while (performance.now() - started < sliceMs);
    await nextTurn();
  }
}

/** The buffers under `views` that each holds whole, once each: those a message may move to a thread rather than copy. */
export function wholeBuffersOf(views: readonly Uint8Array[]): ArrayBuffer[] {
  const whole = new Set<ArrayBuffer>();
  for (const view of views) {
    if (view.buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) whole.add(view.buffer);
  }
  return [...whole];
}
