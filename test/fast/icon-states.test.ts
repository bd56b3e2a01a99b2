import type { ExtendedIconifyAlias, ExtendedIconifyIcon, IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';
import { readDefaultPack, sweptInFastTier } from '../helpers/sources.js';

/*
 * The state every icon document says, over every name of mdi and lucide as
 * @iconify/json has them: read here from the pack files themselves (under
 * `npm run test:fast`, a seeded sample of each pack's names).
 */

const site = inProcessSite();
const TRANSFORMS = ['rotate', 'hFlip', 'vFlip', 'left', 'top', 'width', 'height'] as const;

/** What the pack file says of a name: hidden, an alias drawing another name as it is (and the icon at the end of such aliases), or drawn as itself. */
function expectedState(set: IconifyJSON, name: string): { state: string; successor?: string } {
  const icon = set.icons[name] as ExtendedIconifyIcon | undefined;
  if (icon) return { state: icon.hidden ? 'hidden' : 'active' };
  const alias = set.aliases?.[name] as ExtendedIconifyAlias;
  if (alias.hidden) return { state: 'hidden' };
  const plain = (entry: ExtendedIconifyAlias) => TRANSFORMS.every((field) => entry[field] === undefined);
  if (!plain(alias)) return { state: 'active' };
  let successor = alias.parent;
  for (let next = set.aliases?.[successor]; next && plain(next); next = set.aliases?.[successor]) successor = next.parent;
  return { state: 'renamed', successor };
}

describe('the state of an icon', () => {
  for (const pack of ['mdi', 'lucide']) {
    it(`is said by the document of every name of ${pack}, with the successor of a renamed one`, async () => {
      const set = readDefaultPack(pack);
      const names = sweptInFastTier([...Object.keys(set.icons), ...Object.keys(set.aliases ?? {})], `states of ${pack}`, 800);
      const counts: Record<string, number> = {};
      for (const name of names) {
        const document = (await site.request(`/r/${pack}/${name}.json`)).json<{ state: string; successor?: string }>();
        const expected = expectedState(set, name);
        expect({ state: document.state, successor: document.successor }, name).toEqual({ successor: undefined, ...expected });
        counts[expected.state] = (counts[expected.state] ?? 0) + 1;
      }
      console.log(`${pack}: ${names.length} names, ${JSON.stringify(counts)}`);
      // Each state is met, so that none of the checks above is vacuous.
      if (pack === 'mdi') expect(Object.keys(counts).sort()).toEqual(['active', 'hidden', 'renamed']);
    });
  }
});
