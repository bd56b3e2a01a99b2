import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { describe, expect, it } from 'vitest';
import { emojiNames } from '../../src/data/search/meaning/emoji-names.js';
import { skinTonedNames } from '../../src/data/search/meaning/skin-tones.js';
import { INSTALLED_JSON_DIR } from '../helpers/sources.js';

/* An emoji's name in a skin tone, as the packs of @iconify/json as installed write tones. */

function inPack(prefix: string): (name: string) => boolean {
  const data = JSON.parse(readFileSync(join(INSTALLED_JSON_DIR, `${prefix}.json`), 'utf8')) as IconifyJSON;
  return (name) => name in data.icons || name in (data.aliases ?? {});
}

describe('an emoji in a skin tone', () => {
  it('is named as each kind of pack writes tones, and without them', () => {
    expect(skinTonedNames('person-taking-bath-light-skin-tone', emojiNames(), inPack('noto'))).toEqual([
      'person-taking-bath-light-skin-tone',
      'person-taking-bath-light',
      'person-taking-bath',
    ]);
    expect(skinTonedNames('thumbs-up-medium-dark', emojiNames(), inPack('fluent-emoji-flat'))).toEqual([
      'thumbs-up-medium-dark',
      'thumbs-up-medium-dark-skin-tone',
      'thumbs-up',
    ]);
  });

  it("is not read in a name whose last words only look like a tone, nor in a tone's own swatch", () => {
    // "battery" and "sun" are emoji's names, but mdi and lucide draw a battery half full and a dimmed sun.
    expect(skinTonedNames('battery-medium', emojiNames(), inPack('mdi'))).toBeUndefined();
    expect(skinTonedNames('sun-medium', emojiNames(), inPack('lucide'))).toBeUndefined();
    expect(skinTonedNames('theme-light-dark', emojiNames(), inPack('mdi'))).toBeUndefined();
    expect(skinTonedNames('medium-skin-tone', emojiNames(), inPack('noto'))).toBeUndefined();
    expect(skinTonedNames('house', emojiNames(), inPack('noto'))).toBeUndefined();
  });
});
