#!/usr/bin/env -S node --v8-pool-size=1
// First: tunes V8's heap for `serve` (see cli/heap.ts). The command line itself is
// imported only then: every module a static import reaches is compiled before
// the first of them runs, and compiling them all would grow the young generation.
import './cli/heap.js';
// Then, for `update`, the lowest CPU priority for every thread (see cli/update-priority.ts).
import './cli/update-priority.js';

await import('./cli/main.js');
