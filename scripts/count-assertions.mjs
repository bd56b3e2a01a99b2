#!/usr/bin/env node
// Sums the assertions that test/helpers/count-assertions.ts recorded in a folder: per test file, and in all.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node scripts/count-assertions.mjs <folder written with TEST_COUNT_ASSERTIONS>');
  process.exit(2);
}
const perFile = new Map();
let tests = 0;
for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.tsv'))) {
  for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
    if (!line) continue;
    const [file, , count] = line.split('\t');
    const entry = perFile.get(file) ?? { tests: 0, assertions: 0 };
    entry.tests += 1;
    entry.assertions += Number(count);
    perFile.set(file, entry);
    tests += 1;
  }
}
let assertions = 0;
for (const [file, entry] of [...perFile].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${entry.assertions}\t${entry.tests}\t${file}`);
  assertions += entry.assertions;
}
console.log(`${assertions}\t${tests}\tall: assertions, tests`);
