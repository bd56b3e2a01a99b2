/**
 * WordNet's dictionary files read as they are: an index file lists each
 * lemma's synsets, most frequent sense first, by byte offset into the data
 * file, whose line at that offset holds the synset's lemmas and pointers.
 * Only nouns, verbs and adjectives: adverbs name no icons.
 */
export const WORDNET_PARTS = ['noun', 'verb', 'adj'] as const;
export type WordNetPart = (typeof WORDNET_PARTS)[number];

/** The text of one part's index and data files (`index.noun`, `data.noun`). */
export type WordNetFiles = Record<WordNetPart, { index: string; data: string }>;

export interface Synset {
  /** Its lemmas as vocabulary keys (`trash_can` → `trash-can`). */
  lemmas: string[];
  /** Offsets of its direct hypernyms (more general) and hyponyms (kinds of it), in the same part. */
  hypernyms: number[];
  hyponyms: number[];
  /** Its words by position, as keys (undefined for one with other characters): a lexical pointer names its words by position. */
  words: Array<string | undefined>;
  /** Its derivationally related forms: from its word `from` to the word `to` (both by position, from 1) of a synset in any part (`print` → `printer`). */
  derivations: Derivation[];
}

export interface Derivation {
  from: number;
  part: WordNetPart;
  offset: number;
  to: number;
}

/** A pointer's part of speech as the data files write it; adverbs are not read, satellite adjectives are adjectives. */
const POINTER_PARTS: Readonly<Record<string, WordNetPart>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj' };

/** A lemma's synsets in one part, most frequent sense first. */
export interface Senses {
  part: WordNetPart;
  offsets: number[];
}

/** A WordNet lemma as a vocabulary key: lower-case, `-` between words; undefined for lemmas with other characters (`o'clock`, `a.m.`). */
function keyOfLemma(lemma: string): string | undefined {
  const key = lemma
    .toLowerCase()
    .replace(/\([a-z]+\)$/, '')
    .replace(/_/g, '-');
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(key) ? key : undefined;
}

/** A lemma's senses in one part from its index line: `lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...`. */
function sensesOfLine(part: WordNetPart, line: string): Senses {
  const fields = line.trimEnd().split(' ');
  const synsetCount = Number(fields[2]);
  const first = 4 + Number(fields[3]) + 2;
  return { part, offsets: fields.slice(first, first + synsetCount).map(Number) };
}

/**
 * The synset on a data line: `offset lex_filenum ss_type w_cnt word lex_id
 * [word lex_id...] p_cnt [ptr_symbol offset pos source/target...] | gloss`,
 * w_cnt in hexadecimal.
 */
function synsetOfLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const fields = (bar >= 0 ? line.slice(0, bar) : line).split(' ');
  const wordCount = Number.parseInt(fields[3] as string, 16);
  const words: Array<string | undefined> = [];
  for (let i = 0; i < wordCount; i++) words.push(keyOfLemma(fields[4 + 2 * i] as string));
  const lemmas = [...new Set(words.filter((key): key is string => key !== undefined))];
  const pointersAt = 4 + 2 * wordCount;
  const pointerCount = Number(fields[pointersAt]);
  const hypernyms: number[] = [];
  const hyponyms: number[] = [];
  const derivations: Derivation[] = [];
  for (let i = 0; i < pointerCount; i++) {
    const symbol = fields[pointersAt + 1 + 4 * i];
    const target = Number(fields[pointersAt + 2 + 4 * i]);
    if (symbol === '@') hypernyms.push(target);
    else if (symbol === '~') hyponyms.push(target);
    else if (symbol === '+') {
      const part = POINTER_PARTS[fields[pointersAt + 3 + 4 * i] as string];
      const words = fields[pointersAt + 4 + 4 * i] as string;
      if (part !== undefined) derivations.push({ from: Number.parseInt(words.slice(0, 2), 16), part, offset: target, to: Number.parseInt(words.slice(2), 16) });
    }
  }
  return { lemmas, hypernyms, hyponyms, words, derivations };
}

/**
 * WordNet over its files' text. Index lines are found by lemma once and
 * read when asked for, synsets read once each: a vocabulary build asks for
 * a few thousand lemmas of the 150,000.
 */
export class WordNet {
  private readonly indexLines = new Map<string, Array<[WordNetPart, string]>>();
  private readonly senses = new Map<string, Senses[]>();
  private readonly synsets = new Map<string, Synset>();

  constructor(private readonly files: WordNetFiles) {
    for (const part of WORDNET_PARTS) {
      for (const line of files[part].index.split('\n')) {
        // The licence header's lines start with spaces.
        if (line === '' || line.startsWith(' ')) continue;
        const key = keyOfLemma(line.slice(0, line.indexOf(' ')));
        if (key === undefined) continue;
        const lines = this.indexLines.get(key);
        if (lines) lines.push([part, line]);
        else this.indexLines.set(key, [[part, line]]);
      }
    }
  }

  has(key: string): boolean {
    return this.indexLines.has(key);
  }

  /** A lemma's synsets in each part it has, most frequent sense first. */
  sensesOf(key: string): readonly Senses[] {
    let senses = this.senses.get(key);
    if (senses === undefined) this.senses.set(key, (senses = (this.indexLines.get(key) ?? []).map(([part, line]) => sensesOfLine(part, line))));
    return senses;
  }

  /** The rank (1 for the most frequent) of a synset among a lemma's senses in a part, or undefined. */
  rankOf(key: string, part: WordNetPart, offset: number): number | undefined {
    const offsets = this.sensesOf(key).find((senses) => senses.part === part)?.offsets;
    const index = offsets?.indexOf(offset) ?? -1;
    return index < 0 ? undefined : index + 1;
  }

  /** The synset at an offset of a part's data file. */
  synset(part: WordNetPart, offset: number): Synset {
    const id = `${part}${offset}`;
    let synset = this.synsets.get(id);
    if (synset === undefined) {
      const data = this.files[part].data;
      const end = data.indexOf('\n', offset);
      this.synsets.set(id, (synset = synsetOfLine(data.slice(offset, end < 0 ? data.length : end))));
    }
    return synset;
  }
}
