import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { bareEmoji } from './symbol-words.js';

/** An entry of emojibase-data's compact English list: the emoji as typed, its CLDR name, and its skin tones. */
interface CompactEmoji {
  label: string;
  unicode: string;
  skins?: ReadonlyArray<{ unicode: string }>;
}

const require = createRequire(import.meta.url);

let names: ReadonlyMap<string, string> | undefined;

/**
 * Each emoji of CLDR, without its presentation selectors, with its CLDR name
 * ("🗑" is "wastebasket", "🏠" "house"): the name emoji packs give its glyph
 * (`noto:wastebasket`), and a tag the vocabulary links to what icon packs
 * draw for it. An emoji in a skin tone has its emoji's name. Read from the
 * emojibase-data package the vocabulary's build reads, once per thread that
 * searches.
 */
export function emojiNames(): ReadonlyMap<string, string> {
  if (names) return names;
  // Read and parsed here rather than required: the module cache would keep the whole list beside the map.
  const list = JSON.parse(readFileSync(require.resolve('emojibase-data/en/compact.json'), 'utf8')) as readonly CompactEmoji[];
  const byEmoji = new Map<string, string>();
  for (const emoji of list) {
    byEmoji.set(bareEmoji(emoji.unicode), emoji.label);
    for (const skin of emoji.skins ?? []) byEmoji.set(bareEmoji(skin.unicode), emoji.label);
  }
  names = byEmoji;
  return byEmoji;
}
