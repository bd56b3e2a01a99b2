// Loaded into a server under test with `node --import`: on SIGUSR2 it writes the
// sizes of V8's heap spaces, in bytes, to the file named by HEAP_REPORT, then
// says so with a log line of its own, so that a test reads the file once it is whole.
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

process.on('SIGUSR2', () => {
  const sizes = Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  writeFileSync(process.env.HEAP_REPORT, JSON.stringify(sizes));
  process.stdout.write(`${JSON.stringify({ msg: 'heap report written' })}\n`);
});
