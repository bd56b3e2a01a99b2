// Writes src/data/search/meaning/popularity.json, the monthly npm downloads of
// each @iconify-json/* package, from a listing of the npm registry's
// packages: a TSV file with the columns name, version, downloads_a_month,
// summary (a header line first). Search ranks packs by these downloads.
// The listing's date is the file's modification date unless --date says it.
// Run: node scripts/popularity.mjs path/to/npm.tsv [--date YYYY-MM-DD] [output.json]
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCOPE = '@iconify-json/';

function fail(message) {
  console.error(`popularity: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const dateAt = args.indexOf('--date');
const date = dateAt >= 0 ? args.splice(dateAt, 2)[1] : undefined;
const [listing, output = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'data', 'search', 'meaning', 'popularity.json')] = args;
if (listing === undefined) fail('usage: node scripts/popularity.mjs path/to/npm.tsv [--date YYYY-MM-DD] [output.json]');
if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date ${date} is not YYYY-MM-DD`);

let text;
try {
  text = readFileSync(listing, 'utf8');
} catch (error) {
  fail(`${listing} cannot be read: ${error.message}`);
}
const lines = text.split('\n');
const columns = (lines[0] ?? '').split('\t');
const nameColumn = columns.indexOf('name');
const downloadsColumn = columns.indexOf('downloads_a_month');
if (nameColumn < 0 || downloadsColumn < 0) fail(`${listing}: the first line names no 'name' and 'downloads_a_month' columns`);

const downloads = new Map();
lines.slice(1).forEach((line, index) => {
  if (!line.startsWith(SCOPE)) return;
  const fields = line.split('\t');
  const count = Number(fields[downloadsColumn]);
  const prefix = fields[nameColumn].slice(SCOPE.length);
  // A pack's prefix is its @iconify-json package's name without the scope.
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(prefix) || !Number.isSafeInteger(count) || count < 0) {
    console.error(`popularity: ${listing}:${index + 2}: skipped, not a pack name and a download count: ${line.slice(0, 120)}`);
    return;
  }
  downloads.set(prefix, Math.max(downloads.get(prefix) ?? 0, count));
});
if (downloads.size === 0) fail(`${listing}: no ${SCOPE}* package`);

const sorted = [...downloads].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const table = {
  source: `npm registry listing of packages with their monthly downloads (downloads_a_month), the ${SCOPE}* packages`,
  date: date ?? statSync(listing).mtime.toISOString().slice(0, 10),
  downloads: Object.fromEntries(sorted),
};
writeFileSync(output, `${JSON.stringify(table, null, 2)}\n`);
console.log(`popularity: ${sorted.length} packs written to ${output} (listing of ${table.date})`);
