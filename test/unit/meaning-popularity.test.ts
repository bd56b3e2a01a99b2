import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { byPopularity, downloadsOf, POPULARITY_SOURCE } from '../../src/data/search/meaning/pack-popularity.js';
import table from '../../src/data/search/meaning/popularity.json' with { type: 'json' };

/* Packs ranked by the monthly npm downloads of their @iconify-json packages. */

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'popularity.mjs');

describe('the popularity table', () => {
  it('names its source and date', () => {
    expect(POPULARITY_SOURCE.source).toMatch(/npm/);
    expect(POPULARITY_SOURCE.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('puts the packs everyone uses near the top', () => {
    const topTen = Object.keys(table.downloads).slice(0, 10);
    expect(topTen).toEqual(expect.arrayContaining(['mdi', 'material-symbols', 'lucide']));
  });

  it('ranks packs by downloads, then packs it does not hold by their icons', () => {
    const packs = [
      { prefix: 'own-small', total: 12 },
      { prefix: 'mdi', total: 7638 },
      { prefix: 'own-large', total: 5000 },
      { prefix: 'lucide', total: 1928 },
      { prefix: 'material-symbols', total: 16422 },
    ];
    expect(downloadsOf('own-large')).toBeUndefined();
    expect(downloadsOf('lucide')).toBeGreaterThan(downloadsOf('mdi') as number);
    expect(downloadsOf('mdi')).toBeGreaterThan(downloadsOf('material-symbols') as number);
    expect(packs.sort(byPopularity).map((pack) => pack.prefix)).toEqual(['lucide', 'mdi', 'material-symbols', 'own-large', 'own-small']);
  });
});

describe('scripts/popularity.mjs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'popularity-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the table from a listing of the registry, dated by the listing', () => {
    const listing = join(dir, 'npm.tsv');
    writeFileSync(
      listing,
      [
        'name\tversion\tdownloads_a_month\tsummary',
        'react\t19.0.0\t90000000\tReact',
        '@iconify-json/mdi\t1.2.3\t874041\tMaterial Design Icons icon set in Iconify JSON format',
        '@iconify-json/lucide\t1.2.137\t986634\tLucide icon set in Iconify JSON format',
        '@iconify-json/tiny\t1.0.0\t12\tA small set',
        '',
      ].join('\n'),
    );
    utimesSync(listing, new Date('2026-05-04T10:00:00Z'), new Date('2026-05-04T10:00:00Z'));
    const output = join(dir, 'popularity.json');
    execFileSync(process.execPath, [SCRIPT, listing, output]);
    const written = JSON.parse(readFileSync(output, 'utf8'));
    expect(written.date).toBe('2026-05-04');
    expect(written.downloads).toEqual({ lucide: 986634, mdi: 874041, tiny: 12 });
    expect(Object.keys(written.downloads)).toEqual(['lucide', 'mdi', 'tiny']);
  });

  it('names the file and line of a row it cannot read, and writes the rest', () => {
    const listing = join(dir, 'broken.tsv');
    writeFileSync(
      listing,
      ['name\tversion\tdownloads_a_month\tsummary', '@iconify-json/mdi\t1.2.3\tmany\tMDI', '@iconify-json/ri\t1.2.10\t417290\tRemix'].join('\n'),
    );
    const output = join(dir, 'broken.json');
    const run = spawnSync(process.execPath, [SCRIPT, listing, '--date', '2026-01-02', output], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`${listing}:2: skipped`);
    expect(JSON.parse(readFileSync(output, 'utf8'))).toMatchObject({ date: '2026-01-02', downloads: { ri: 417290 } });
  });

  it('refuses a file that is no listing, and writes nothing', () => {
    const listing = join(dir, 'other.tsv');
    writeFileSync(listing, 'package,count\n@iconify-json/mdi,3\n');
    const output = join(dir, 'other.json');
    const run = spawnSync(process.execPath, [SCRIPT, listing, output], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${listing}: the first line names no 'name' and 'downloads_a_month' columns`);
    expect(() => readFileSync(output)).toThrow();
  });
});
