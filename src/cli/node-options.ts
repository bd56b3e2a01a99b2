/**
 * Node's own options the command runs with: on the `icon-registry` command's
 * first line, in `npm start`, and in the bench, which starts the command as
 * they do (a test keeps the three the same).
 *
 * `--v8-pool-size=1`: V8's pool of helper threads, which scavenge and mark a
 * heap beside the thread it belongs to, has one thread rather than four. The
 * heaps of a server are tens of MB, which one helper keeps up with; four of
 * them compete for the cores with the serving thread and the search thread,
 * and each keeps an allocator arena of its own (figures in bench/README.md,
 * "V8 helper threads").
 */
export const CLI_NODE_OPTIONS: readonly string[] = ['--v8-pool-size=1'];
