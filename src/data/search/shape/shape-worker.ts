import { parentPort } from 'node:worker_threads';
import { type ShapeSource, shapesOf } from '../../search-index/shape.js';

/**
 * Draws the shapes of the icons it is sent, one sheet's at a time (see
 * shapes-to-store.ts), and sends them back: the build's shapes, drawn on
 * every core. A thread, not a process: it draws the icons the build drew on
 * its main thread, those of the packs it was handed, nothing more.
 */
parentPort?.on('message', (sources: ShapeSource[]) => {
  const shapes = shapesOf(sources);
  parentPort?.postMessage(shapes, [shapes.buffer]);
});
