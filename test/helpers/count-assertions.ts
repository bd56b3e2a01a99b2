import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';

/**
 * With TEST_COUNT_ASSERTIONS=<folder>, appends a line per test to a file of
 * that folder: the test file, the test's full name and the assertions it
 * made, so that a change to the tests can show that none was lost
 * (`node scripts/count-assertions.mjs <folder>` sums them per file).
 */
const folder = process.env.TEST_COUNT_ASSERTIONS;

if (folder) {
  mkdirSync(folder, { recursive: true });
  const out = join(folder, `${process.pid}.tsv`);
  afterEach((context) => {
    const task = context.task;
    const file = task.file.name;
    const names: string[] = [];
    for (let suite: { name: string; suite?: unknown } | undefined = task; suite; suite = suite.suite as typeof suite) {
      if (suite.name && suite.name !== file) names.unshift(suite.name);
    }
    appendFileSync(out, `${file}\t${names.join(' > ')}\t${expect.getState().assertionCalls}\n`);
  });
}
