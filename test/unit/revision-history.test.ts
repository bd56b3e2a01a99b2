import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';
import { packChanges } from '../../src/data/history/pack-changes.js';
import { readIconSetPackage } from '../../src/data/history/package-source.js';
import { ownRevisionName } from '../../src/data/catalog/revision-names.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { expectedChanges } from '../helpers/npm-fixtures.js';
import { ROOT } from '../helpers/paths.js';

/*
 * The history of a pack on real data: @iconify-json/lucide 1.2.100 and
 * 1.2.137 as the npm registry has them (test/fixtures/npm/), read with npm's
 * own fetcher from the tarballs, recorded one after the other. Between them
 * lucide:trash kept its name and took trash-2's glyph.
 */

const tarball = (version: string) => `file:${join(ROOT, 'test', 'fixtures', 'npm', `iconify-json-lucide-${version}.tgz`)}`;

/** The pack document the registry serves of a package's set. */
const documentOf = (set: unknown) => JSON.parse(preparePack(set, 'lucide').document) as IconifyJSON;

describe('the revision history of a pack', () => {
  let dir: string;
  let history: RevisionHistory;
  let old: IconifyJSON;
  let current: IconifyJSON;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'history-'));
    history = new RevisionHistory(join(dir, 'history.db'));
    const [a, b] = await Promise.all([readIconSetPackage(tarball('1.2.100')), readIconSetPackage(tarball('1.2.137'))]);
    expect([a.pack, a.version, b.version]).toEqual(['lucide', '1.2.100', '1.2.137']);
    old = documentOf(a.set);
    current = documentOf(b.set);
    expect(history.record('lucide', a.version, a.source, old, 1).added).toBe(true);
    expect(history.record('lucide', b.version, b.source, current, 2).added).toBe(true);
  });
  afterAll(() => {
    history.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the revisions in the order they were recorded; a kept version is recorded once, and never with other content', () => {
    expect(history.revisions('lucide').map(({ seq, version, source }) => ({ seq, version, source }))).toEqual([
      { seq: 1, version: '1.2.100', source: `@iconify-json/lucide@1.2.100 (${tarball('1.2.100').slice(5)})` },
      { seq: 2, version: '1.2.137', source: `@iconify-json/lucide@1.2.137 (${tarball('1.2.137').slice(5)})` },
    ]);
    expect(history.record('lucide', '1.2.137', 'again', current, 3)).toEqual({
      revision: expect.objectContaining({ seq: 2, version: '1.2.137' }),
      added: false,
    });
    expect(() => history.record('lucide', '1.2.137', 'again', old, 3)).toThrow('lucide@1.2.137 is kept already, with other content');
    expect(history.revisions('lucide')).toHaveLength(2);
    expect(history.served('lucide')?.version).toBe('1.2.137');
  });

  it('gives back each revision whole: every icon and alias as the package had it', () => {
    for (const [seq, document] of [
      [1, old],
      [2, current],
    ] as const) {
      const kept = history.documentAt('lucide', seq) as IconifyJSON;
      expect(kept.icons).toEqual(document.icons);
      expect(kept.aliases).toEqual(document.aliases);
      const { icons: _i, aliases: _a, ...root } = document;
      const { icons: _ki, aliases: _ka, ...keptRoot } = kept;
      expect(JSON.stringify(keptRoot)).toBe(JSON.stringify(root));
    }
  });

  it('keeps trash as it was: the plain can at 1.2.100, the can with two inner lines at 1.2.137', () => {
    const trashBefore = history.entryAt('lucide', 1, 'trash');
    const trashAfter = history.entryAt('lucide', 2, 'trash');
    expect(trashBefore).toEqual({ kind: 'icon', icon: old.icons.trash });
    expect(trashAfter).toEqual({ kind: 'icon', icon: current.icons.trash });
    expect(old.icons['trash-2']?.body).toBe(current.icons.trash?.body);
    expect(trashBefore).not.toEqual(trashAfter);
    expect(history.entryAt('lucide', 2, 'trash-2')).toEqual({ kind: 'alias', alias: { parent: 'trash' } });
  });

  it('tells what changed between the two, as a diff of the two packages made here says, each kind in full', () => {
    const expected = expectedChanges(old, current);
    const changes = packChanges(history, 'lucide', 1, 2);
    expect(changes).toEqual(expected);
    // The counts and the examples said of these two versions: 109 glyphs changed, and with them the aliases that draw them.
    const changedGlyphs = changes.changed.filter((name) => name in old.icons && name in current.icons);
    expect([changes.added.length, changes.renamed.length, changedGlyphs.length, changes.hidden.length]).toEqual([179, 4, 109, 13]);
    for (const name of changes.changed.filter((name) => !changedGlyphs.includes(name))) expect(current.aliases?.[name], name).toBeDefined();
    expect(changes.renamed).toEqual(
      expect.arrayContaining([
        { name: 'trash-2', to: 'trash' },
        { name: 'history', to: 'rotate-ccw-clock' },
        { name: 'building-2', to: 'building-complex' },
        { name: 'text-select', to: 'square-dashed-text' },
      ]),
    );
    expect(changes.changed).toContain('calendar');
    expect(changes.changed).toContain('trash');
    expect(changes.hidden.slice(0, 2)).toEqual(['album', 'angry']);
  });

  it('keeps the same content under another name as a revision of its own that changes nothing', () => {
    const scratch = new RevisionHistory(join(dir, 'names.db'));
    try {
      scratch.record('lucide', '1.2.137', 'first', current, 1);
      expect(scratch.record('lucide', 'json-2.2.535', 'second', current, 2)).toEqual({ revision: expect.objectContaining({ seq: 2 }), added: true });
      expect(scratch.changedBetween('lucide', 1, 2)).toEqual([]);
      expect(packChanges(scratch, 'lucide', 1, 2)).toEqual({ added: [], hidden: [], renamed: [], changed: [] });
    } finally {
      scratch.close();
    }
  });

  it('restricts the changes to the icons a project uses', () => {
    const only = new Set(['trash', 'trash-2', 'house', 'album', 'no-such-icon']);
    expect(packChanges(history, 'lucide', 1, 2, only)).toEqual({
      added: [],
      hidden: ['album'],
      renamed: [{ name: 'trash-2', to: 'trash' }],
      changed: ['trash'],
    });
  });

  /** A history of lucide's old, current, then old again: three revisions, the third the content of the first. */
  function threeRevisions(file: string): RevisionHistory {
    const scratch = new RevisionHistory(join(dir, file));
    scratch.record('lucide', '1.2.100', 'first', old, 1);
    scratch.record('lucide', '1.2.137', 'second', current, 2);
    scratch.record('lucide', '1.2.100-again', 'third', old, 3);
    return scratch;
  }

  it('forgets the oldest revision and keeps every later one whole, and knows a document it holds', () => {
    const scratch = threeRevisions('forget.db');
    try {
      const before = [2, 3].map((seq) => JSON.stringify(scratch.documentAt('lucide', seq)));
      expect(scratch.holds('lucide', 3, old)).toBe(true);
      expect(scratch.holds('lucide', 2, old)).toBe(false);
      scratch.forget('lucide', 1);
      expect(scratch.revisions('lucide').map((revision) => revision.version)).toEqual(['1.2.137', '1.2.100-again']);
      expect([2, 3].map((seq) => JSON.stringify(scratch.documentAt('lucide', seq)))).toEqual(before);
      expect(JSON.parse(before[0] as string)).toEqual({ ...current, icons: expect.any(Object), aliases: expect.any(Object) });
      expect(Object.keys(JSON.parse(before[0] as string).icons).sort()).toEqual(Object.keys(current.icons).sort());
      expect(packChanges(scratch, 'lucide', 2, 3)).toEqual(expectedChanges(current, old));
    } finally {
      scratch.close();
    }
  });

  it('forgets a revision between two, and keeps the one before and the one after whole', () => {
    const scratch = threeRevisions('forget-between.db');
    try {
      const before = [1, 3].map((seq) => JSON.stringify(scratch.documentAt('lucide', seq)));
      scratch.forget('lucide', 2);
      expect(scratch.revisions('lucide').map((revision) => revision.version)).toEqual(['1.2.100', '1.2.100-again']);
      expect([1, 3].map((seq) => JSON.stringify(scratch.documentAt('lucide', seq)))).toEqual(before);
      expect(packChanges(scratch, 'lucide', 1, 3)).toEqual({ added: [], hidden: [], renamed: [], changed: [] });
      // The newest is never forgotten.
      scratch.forget('lucide', 3);
      expect(scratch.revisions('lucide').map((revision) => revision.version)).toEqual(['1.2.100', '1.2.100-again']);
    } finally {
      scratch.close();
    }
  });

  it('logs what was served when, and what was not served any more', () => {
    const scratch = new RevisionHistory(join(dir, 'served.db'));
    try {
      scratch.record('lucide', '1.2.100', 'first', old, 1);
      scratch.record('lucide', '1.2.137', 'second', current, 2);
      scratch.serve('lucide', 1, 1_000);
      scratch.serve('lucide', 2, 2_000);
      scratch.stopServing('lucide', 3_000);
      expect([999, 1_000, 1_999, 2_500, 3_000].map((moment) => scratch.servedAt(moment).get('lucide'))).toEqual([undefined, 1, 1, 2, null]);
      expect(scratch.firstServed()).toBe(1_000);
      expect(scratch.isServed('lucide')).toBe(false);
    } finally {
      scratch.close();
    }
  });
});

describe('the names of own packs’ revisions', () => {
  it('sort as they were recorded, to the millisecond', () => {
    const moments = [Date.UTC(2026, 10, 26, 1, 2, 3, 4), Date.UTC(2026, 10, 26, 1, 2, 3, 40), Date.UTC(2026, 10, 26, 10, 0, 0, 0), Date.UTC(2027, 0, 1)];
    const names = moments.map(ownRevisionName);
    expect(names).toEqual(['own-20261126.010203.004', 'own-20261126.010203.040', 'own-20261126.100000.000', 'own-20270101.000000.000']);
    expect([...names].sort()).toEqual(names);
  });
});
