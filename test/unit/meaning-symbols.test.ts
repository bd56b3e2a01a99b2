import { describe, expect, it } from 'vitest';
import { emojiNames } from '../../src/data/search/meaning/emoji-names.js';
import { withSymbolsNamed } from '../../src/data/search/meaning/symbol-words.js';

/* A query of symbols, which words split on anything but letters and digits read nothing of. */

describe('the symbols of a query', () => {
  it('are read by their names, a token of several symbols symbol by symbol', () => {
    expect(withSymbolsNamed('+')).toBe('plus');
    expect(withSymbolsNamed('€ ->')).toBe('euro arrow right');
    expect(withSymbolsNamed('?!')).toBe('question exclamation');
    expect(withSymbolsNamed('...')).toBe('ellipsis');
    // As typed or pasted, with the selector of its emoji presentation.
    expect(withSymbolsNamed('❤\uFE0F')).toBe('heart');
  });

  it('are separators between words, and left as typed', () => {
    for (const q of ['drag & drop', 'on / off', '+ user']) expect(withSymbolsNamed(q)).toBe(q);
  });

  it('are left as typed within a word, a pack id or a filter, and where one of them has no name', () => {
    for (const q of ['c++', 'c#', 'mdi:home', 'arrow-left', 'style:fill home', '+<', '']) expect(withSymbolsNamed(q)).toBe(q);
  });

  it('read an emoji by its CLDR name wherever it stands, in any skin tone, the names of symbols first', () => {
    const names = emojiNames();
    const read = (q: string) => withSymbolsNamed(q, names);
    expect(read('🏠')).toBe('house');
    // With its emoji selector, as pasted; and the names of two emoji typed together.
    expect(read('🗑\uFE0F')).toBe('wastebasket');
    expect(read('📷📁')).toBe('camera file folder');
    expect(read('👍🏽')).toBe('thumbs up');
    expect(read('🏠 outline')).toBe('house outline');
    expect(read('⭐')).toBe('star');
    expect(read('✅')).toBe('check');
    // A pictograph typed without its emoji selector, which shows it as text (🗑 is U+1F5D1 alone).
    expect(read('\u{1F5D1}')).toBe('wastebasket');
    // Emoji beside symbols leave a query of symbols, each named.
    expect(read('⭐ +')).toBe('star plus');
    expect(read('❤️ ->')).toBe('heart arrow right');
    // Without the table, an emoji that is no symbol is left as typed, as before.
    expect(withSymbolsNamed('🏠')).toBe('🏠');
  });
});
