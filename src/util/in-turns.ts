import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long reading a stored document may hold the thread answering requests in one turn. */
export const READ_SLICE_MS = 10;

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
