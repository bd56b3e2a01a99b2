/*
 * Writes test/fixtures/vocabulary.json.gz: a copy of the vocabulary's sources as
 * installed, for the unit tests of the vocabulary, whose answers must not
 * change when the packages do. Run from a build (`npm run build`):
 * `node scripts/extract-vocabulary-fixture.mjs`.
 *
 * The copy holds every icon of the vocabulary's tag sources (lucide-static,
 * @tabler/icons, @phosphor-icons/core, Font Awesome, emojibase, @mdi/svg,
 * Octicons and the project's own lists) with its tags, and the part of WordNet a build of the
 * vocabulary reads: the index lines of the lemmas it looks up and the synsets
 * it reads, without their glosses, renumbered to their places in the shorter
 * data files. Offsets it never reads (a lemma's rarer senses, pointers out of
 * the copy) are numbered past the end of the file, so that a build over the
 * copy reads exactly what it read over the whole, as the script checks.
 */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { readVocabularySources, readWordNetFiles } = await import(join(ROOT, 'dist/data/search-index/vocabulary/vocabulary-sources.js'));
const { buildVocabulary } = await import(join(ROOT, 'dist/data/search-index/vocabulary/build-vocabulary.js'));
const { WordNet, WORDNET_PARTS } = await import(join(ROOT, 'dist/data/search-index/vocabulary/wordnet.js'));

const sources = await readVocabularySources();
const icons = sources.icons;

// A build over the excerpt's icons with the whole of WordNet, watched: which lemmas it looks up, which synsets it reads.
const files = readWordNetFiles();
const looked = new Set();
const read = new Set();
class WatchedWordNet extends WordNet {
  has(key) {
    looked.add(key);
    return super.has(key);
  }
  sensesOf(key) {
    looked.add(key);
    return super.sensesOf(key);
  }
  synset(part, offset) {
    read.add(`${part} ${offset}`);
    return super.synset(part, offset);
  }
}
const whole = buildVocabulary({ icons, wordnet: new WatchedWordNet(files) });

const keyOf = (lemma) => {
  const key = lemma
    .toLowerCase()
    .replace(/\([a-z]+\)$/, '')
    .replace(/_/g, '-');
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(key) ? key : undefined;
};

const FIXTURE = join(ROOT, 'test', 'fixtures', 'vocabulary.json.gz');
// Each kept line without its gloss, which the vocabulary never reads, and its new offset: its place in the shorter file.
const kept = {};
const renumbered = {};
for (const part of WORDNET_PARTS) {
  const data = files[part].data;
  const offsets = [...read].filter((id) => id.startsWith(`${part} `)).map((id) => Number(id.split(' ')[1]));
  offsets.sort((a, b) => a - b);
  renumbered[part] = new Map();
  let at = 0;
  kept[part] = offsets.map((offset) => {
    const line = data.slice(offset, data.indexOf('\n', offset));
    const bar = line.indexOf(' | ');
    const bare = bar < 0 ? line : line.slice(0, bar);
    renumbered[part].set(offset, at);
    at += bare.length + 1;
    return bare;
  });
}
// Offsets that point out of the copy are numbered past its end, each part on its own.
let outside = 90_000_000;
const mapped = (part, digits) => {
  const offset = Number(digits);
  if (!renumbered[part].has(offset)) renumbered[part].set(offset, outside++);
  return String(renumbered[part].get(offset)).padStart(8, '0');
};
// A pointer names the part of its target (derivations cross parts); parts the vocabulary never reads keep their offsets.
const POINTER_PARTS = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };
const renumberDataLine = (part, line) =>
  line
    .replace(/^\d{8}/, (digits) => mapped(part, digits))
    .replace(/ (\S+) (\d{8}) ([nvasr]) ([0-9a-f]{4})/g, (whole, symbol, digits, pos, words) =>
      POINTER_PARTS[pos] ? ` ${symbol} ${mapped(POINTER_PARTS[pos], digits)} ${pos} ${words}` : whole,
    );
const excerpt = {};
for (const part of WORDNET_PARTS) {
  const dataText = kept[part].map((line) => renumberDataLine(part, line)).join('\n');
  const indexText = files[part].index
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' ') && looked.has(keyOf(line.slice(0, line.indexOf(' ')))))
    .map((line) => line.replace(/\b\d{8}\b/g, (digits) => mapped(part, digits)))
    .join('\n');
  excerpt[part] = { index: `${indexText}\n`, data: `${dataText}\n` };
}
// Gzipped: WordNet's lines compress to a quarter.
writeFileSync(FIXTURE, gzipSync(JSON.stringify({ icons, wordnet: excerpt }), { level: 9 }));

const again = buildVocabulary({ icons, wordnet: new WordNet(excerpt) });
if (JSON.stringify(again) !== JSON.stringify(whole)) throw new Error('the excerpt of WordNet builds another vocabulary than the whole');
console.log(
  `vocabulary fixture: ${Object.values(icons).reduce((sum, list) => sum + list.length, 0)} icons, ${read.size} synsets, ${looked.size} lemmas looked up; ${whole.words.length} words`,
);
