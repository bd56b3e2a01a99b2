import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, describe, expect, it } from 'vitest';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { inKeptOrder } from '../../src/registry/pinnable-revisions.js';
import { defaultPackIds, FAST_TIER, readDefaultPack, seededRandom, testSeed } from '../helpers/sources.js';

/** Packs of @iconify/json drawn at random (fewer in the inner loop's tier), and always those whose names sort differently as numbers or by case. */
const SAMPLED_PACKS = FAST_TIER ? 8 : 24;

/*
 * A default pack no update has touched is pinned as the catalog serves it,
 * until the history keeps that revision: its pinned document must be, byte
 * for byte, the one the history gives once it keeps it.
 */
describe('a pack document in the order the history keeps it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kept-order-'));
  const history = new RevisionHistory(join(dir, 'history.db'));
  afterAll(() => {
    history.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the document the history gives of it once recorded, on a seeded sample of the catalog’s packs', () => {
    const random = seededRandom(testSeed('kept order'));
    const ids = defaultPackIds();
    const sample = new Set(['lucide', 'flag', 'emojione-monotone']);
    while (sample.size < SAMPLED_PACKS) sample.add(ids[Math.floor(random() * ids.length)] as string);
    for (const id of sample) {
      const document = JSON.parse(preparePack(readDefaultPack(id), id, false, 'json-test').document) as IconifyJSON;
      const { revision } = history.record(id, 'json-test', 'test', document);
      expect(JSON.stringify(inKeptOrder(document)), id).toBe(JSON.stringify(history.documentAt(id, revision.seq)));
    }
  });
});
