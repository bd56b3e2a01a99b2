import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings for a long-running server, applied before it starts serving.
 *
 * Rendering an icon that is not cached allocates strings a few times the size
 * of its document, all dead once the answer is written. With V8's defaults, a
 * stream of such requests grows the young generation to many times its initial
 * size and lets dead documents pile up in the old one until it has doubled, and
 * the process keeps that memory (figures in bench/README.md, "V8 heap settings").
 *
 * - The young generation keeps its initial size.
 *   Short-lived strings still die there; a large render promotes a little more.
 * - The old generation is collected when it has grown by half instead of
 *   doubling, so evicted cache entries (and the Buffers they hold outside
 *   the heap) are freed sooner.
 *
 * Both flags are read by V8 as it goes, so setting them once the process
 * runs takes effect (a test checks this on the running Node).
 */
export function tuneHeapForServing(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=50');
}

// The command line imports this module first, so that `serve` (and each of its
// workers, which run the same command line) is tuned before the server's
// modules load: loading them alone grows the young generation several times over.
// A catalog built by `serve` takes as long with these settings.
if (process.argv[2] === 'serve') tuneHeapForServing();
