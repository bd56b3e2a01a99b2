/**
 * The names of the symbols people type when they look for the icon of one
 * ("+", "?", "€", "->", "⭐"): words split on anything but letters and
 * digits read nothing of them, and such a query found nothing. Each is
 * named as icon packs name its glyph (`plus`, `question`, `euro`,
 * `arrow-right`, `star`).
 */
const SYMBOL_NAMES: ReadonlyMap<string, string> = new Map([
  ['+', 'plus'],
  ['-', 'minus'],
  ['±', 'plus minus'],
  ['×', 'x'],
  ['÷', 'divide'],
  ['=', 'equal'],
  ['%', 'percent'],
  ['∞', 'infinity'],
  ['?', 'question'],
  ['!', 'exclamation'],
  ['@', 'at'],
  ['#', 'hash'],
  ['&', 'ampersand'],
  ['*', 'asterisk'],
  ['/', 'slash'],
  ['\\', 'backslash'],
  ['~', 'tilde'],
  ['^', 'caret'],
  ['...', 'ellipsis'],
  ['…', 'ellipsis'],
  ['§', 'section'],
  ['¶', 'pilcrow'],
  ['$', 'dollar'],
  ['€', 'euro'],
  ['£', 'pound'],
  ['¥', 'yen'],
  ['₹', 'rupee'],
  ['₩', 'won'],
  ['₽', 'ruble'],
  ['₿', 'bitcoin'],
  ['©', 'copyright'],
  ['®', 'registered'],
  ['™', 'trademark'],
  ['°', 'degree'],
  ['->', 'arrow right'],
  ['<-', 'arrow left'],
  ['→', 'arrow right'],
  ['←', 'arrow left'],
  ['↑', 'arrow up'],
  ['↓', 'arrow down'],
  ['✓', 'check'],
  ['✔', 'check'],
  ['✗', 'x'],
  ['✕', 'x'],
  ['♥', 'heart'],
  ['❤', 'heart'],
  ['★', 'star'],
  ['☆', 'star'],
  ['⭐', 'star'],
  ['✅', 'check'],
  ['❌', 'x'],
  ['✖', 'x'],
  ['➕', 'plus'],
  ['➖', 'minus'],
  ['⚠', 'warning'],
]);

/** Emoji presentation and text presentation selectors, which an emoji typed or pasted may carry (`❤️` is ❤ and U+FE0F). */
const VARIATION_SELECTORS = /[\uFE0E\uFE0F]/g;

/** An emoji without its presentation selectors, as SYMBOL_NAMES and emoji-names.ts know it. */
export function bareEmoji(emoji: string): string {
  return emoji.replace(VARIATION_SELECTORS, '');
}

/**
 * An emoji: one or a sequence as Unicode recommends them for general
 * interchange (a skin tone, a flag, a family joined by ZWJ), or a pictograph
 * typed without the selector that shows it as an emoji (🗑, ✏ and ⚙ are text
 * by default).
 */
// biome-ignore lint/complexity/useRegexLiterals: Node 20 knows the `v` flag, but TypeScript accepts it in a literal only when it compiles for ES2024.
const EMOJI = new RegExp('\\p{RGI_Emoji}|\\p{Extended_Pictographic}', 'gv');

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The query with each emoji read by its name, wherever it stands (an emoji
 * is a word, never a separator: "🏠 outline" is "house outline"), the
 * symbols' own names first ("⭐" is `star`, "✅" `check`), else the name
 * `emojiNames` gives it (see emoji-names.ts), else left as typed. Then, of
 * a query of symbols and emoji alone ("+", "?!", "€ ->", "⭐ +"), each
 * space-separated token of known symbols replaced by their names; in a
 * query with words, a symbol is a separator ("drag & drop", "on / off").
 */
export function withSymbolsNamed(typed: string, emojiNames?: ReadonlyMap<string, string>): string {
  const symbolsOnly = !LETTER_OR_DIGIT.test(typed.replace(EMOJI, ' '));
  let named = false;
  const spaced = typed.replace(EMOJI, (emoji) => {
    const bare = bareEmoji(emoji);
    const name = SYMBOL_NAMES.get(bare) ?? emojiNames?.get(bare);
    if (name === undefined) return emoji;
    named = true;
    return ` ${name} `;
  });
  // Each name stands apart from what is typed beside it ("📷📁"), one space between words.
  const q = named ? spaced.trim().replace(/\s+/g, ' ') : typed;
  if (!symbolsOnly) return q;
  return bareEmoji(q)
    .split(/(\s+)/)
    .map((token) => namesOfSymbols(token) ?? token)
    .join('');
}

function namesOfSymbols(token: string): string | undefined {
  const whole = SYMBOL_NAMES.get(token);
  if (whole !== undefined) return whole;
  const characters = [...token];
  if (characters.length === 0 || !characters.every((character) => SYMBOL_NAMES.has(character))) return undefined;
  return characters.map((character) => SYMBOL_NAMES.get(character)).join(' ');
}
