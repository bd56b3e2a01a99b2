import { britishSpellingsOf } from './spellings.js';
import type { WordNet, WordNetPart } from './wordnet.js';
import { nameWordsOf, singularOf, tagKeysOf, wholeNameOf } from './words.js';

/**
 * The vocabulary of search by meaning: which name words a query word means.
 * A tag "garbage" on Lucide's `trash` says that "garbage" means the name
 * word `trash`, wherever the word occurs (mdi's `trash-can`, tabler's
 * `trash-x`); sources that agree make a link stronger, WordNet's synonyms
 * stand in, weaker, for words no icon source tags.
 */

/**
 * The icon sources whose tags are read, in the order of a link's provenance
 * counts; WordNet last. `emoji` is CLDR's annotations of the emoji (their
 * names and keywords), as emojibase-data publishes them; `jargon` the
 * project's own lists: the names of interface controls (ui-jargon.ts), of
 * actions (ui-actions.ts), the words of photo and text editing
 * (editing-words.ts), the ideas conventional symbols stand for
 * (conventional-symbols.ts), and informal and regional words for everyday
 * things (everyday-words.ts); `fields` the project's words of trades and fields
 * (field-words.ts), a list of another kind, counted apart: how strongly a list
 * links a tag to a name word depends on all of that list's entries (see
 * linkStrength), and the names of things of every field would have reweighed
 * the links of the names of controls.
 */
export const ICON_SOURCES = ['lucide', 'tabler', 'phosphor', 'fontawesome', 'emoji', 'mdi', 'octicons', 'jargon', 'fields'] as const;
export type IconSource = (typeof ICON_SOURCES)[number];

/** The project's own lists, written by hand (see ICON_SOURCES): too few entries to weigh a name word by, and no pack's names. */
const PROJECT_SOURCES: ReadonlySet<IconSource> = new Set(['jargon', 'fields']);

/**
 * Sources whose names are not the short words icon packs share: an emoji's
 * CLDR name is a phrase ("grinning face with big eyes", "wastebasket"), and
 * Material Design Icons' names are its own compounds (`cellphone`,
 * `toy-brick`), whose aliases are other names for one glyph (lego, plugin,
 * extension) rather than tags that independent sources agree on. Their tags
 * are read as any source's, weaker, but their names are no name words of the
 * vocabulary: a tag that is one is no slip, and WordNet may still link it
 * ("wastebasket" to `trash`).
 */
const DESCRIBING_SOURCES: ReadonlySet<IconSource> = new Set(['emoji', 'mdi']);
export const VOCABULARY_SOURCES = [...ICON_SOURCES, 'wordnet'] as const;

/** An icon of a tag source: its name and its tags, as the source writes them. */
export interface TaggedIcon {
  name: string;
  tags: readonly string[];
}

export interface VocabularyInput {
  /** Each source's icons; a source left out counts as one with no icons. */
  icons: Partial<Record<IconSource, readonly TaggedIcon[]>>;
  wordnet: WordNet | undefined;
}

/**
 * A link from a query word to a name word: its weight, and its provenance,
 * one count per source of VOCABULARY_SOURCES: the icons of that source
 * whose tag and name make the link, or for WordNet the synset relations.
 */
export type LinkTuple = [nameWord: string, weight: number, ...provenance: number[]];

/** The meta key under which the default catalog stores its vocabulary table, as JSON. */
export const VOCABULARY_KEY = 'vocabulary';

/** The vocabulary as JSON: each query word with its links, strongest first. An array of pairs, so no word is ever an object's key. */
export interface VocabularyTable {
  sources: readonly string[];
  words: Array<[word: string, links: LinkTuple[]]>;
  /** Each query word, or two words joined with `-`, with the whole names the icon libraries tagged with it, most tagged first (see taggedNames). */
  names: Array<[word: string, names: string[]]>;
}

/** How the vocabulary is weighed and bounded. */
export const VOCABULARY_LIMITS = {
  /** Links kept per query word, strongest first. */
  maxLinks: 8,
  /** Links weaker than this are dropped: a sliver of a common tag spread over many names. */
  minWeight: 0.05,
  /** A word of a several-word tag counts this much of the whole tag ("heart rate monitor" says less about `heart` than "heart"). */
  partShare: 0.5,
  /**
   * A tag that is itself a name word elsewhere, linked to another name word
   * by one source only, is more likely a slip (Lucide tags `trash` with
   * "binoculars") than a meaning; its link counts this much. The project's
   * own lists are written for their tags, and none is taken for a slip.
   */
  loneNameWordShare: 0.2,
  /**
   * A describing source's link (see DESCRIBING_SOURCES) counts this much of
   * an icon source's: emoji keywords are loose ("dismiss" on the hand with
   * its palm down), aliases name one glyph, and their name words are not
   * the icon packs'.
   */
  describingShare: 0.5,
  /** WordNet's links weigh at most this, below the icon sources' (up to 1 for each source that agrees). */
  wordnetWeight: 0.5,
  /** Senses of a lemma read, most frequent first: rare senses (`plate` for home plate) are noise. */
  wordnetSenses: 3,
  /** Shares of a WordNet relation: a synonym, a hyponym (a kind of the name word: "cottage" for `house`), a hypernym. */
  synonymShare: 1,
  hyponymShare: 0.5,
  hypernymShare: 0.25,
  /**
   * A derivationally related form of the anchor (the verb "print" of the
   * name word `printer`, the noun "deletion" of `delete`): the same meaning
   * told as an action, its doer or its result, so that a verb finds the
   * thing drawn for it.
   */
  derivationShare: 0.5,
  /** A British spelling's link to the American word it spells, a name word (`colour` → `color`): the same word, as strong as the closest link. */
  spellingWeight: 1,
  /** Whole names kept per word (see taggedNames), the most tagged first. */
  maxTaggedNames: 8,
} as const;

/**
 * The version of how the vocabulary is made from its sources: a catalog's
 * fingerprint holds it beside the sources' versions (see
 * vocabularySourceVersions), so that a catalog whose vocabulary was made
 * another way is built again rather than kept. Bumped when the method changes.
 */
export const VOCABULARY_METHOD = 4;

/** Counts of one source's icons: per key, per name word, per pair. */
interface SourceCounts {
  icons: number;
  keyIcons: Map<string, number>;
  wordIcons: Map<string, number>;
  /** Per key, per name word: icons holding both, and the same counted by how much of the tag the key is (a part counts partShare). */
  pairs: Map<string, Map<string, { icons: number; weighted: number }>>;
  /** Per tag of one or two words, per whole name (see wholeNameOf): icons of that name so tagged (see taggedNames); empty for a source whose names are no pack's. */
  taggedNames: Map<string, Map<string, number>>;
}

/**
 * `countNames`: whole names are counted per tag of one word or two (see taggedNames).
 * `ownNameTagsLink`: an icon's name is the words packs draw the thing with, among them the word it is asked for by, as
 * in the project's own lists (`watermark-copyright`, tagged "watermark"): a tag of its own name words still links to
 * the others. A library's tag of its own name words ("pie chart" on `chart-pie`) says nothing about the others.
 * `namesOthers`: whether a word of a tag of several words, not of the name, names other things: it is not keyed alone.
 */
function countSource(
  icons: readonly TaggedIcon[],
  isKnown: (word: string) => boolean,
  options: { countNames: boolean; ownNameTagsLink: boolean; namesOthers?: (word: string) => boolean },
): SourceCounts {
  const { countNames, ownNameTagsLink, namesOthers = () => false } = options;
  const counts: SourceCounts = { icons: 0, keyIcons: new Map(), wordIcons: new Map(), pairs: new Map(), taggedNames: new Map() };
  for (const icon of icons) {
    const nameWords = nameWordsOf(icon.name);
    if (nameWords.length === 0) continue;
    const wholeName = wholeNameOf(icon.name);
    counts.icons++;
    for (const word of nameWords) counts.wordIcons.set(word, (counts.wordIcons.get(word) ?? 0) + 1);
    const own = new Set(icon.name.split('-').map((word) => singularOf(word, isKnown)));
    const isOwn = (key: string) => !ownNameTagsLink && key.split('-').every((word) => own.has(word));
    const keys = new Map<string, number>();
    const add = (key: string, share: number) => {
      if (key.length > 1 && !isOwn(key)) keys.set(key, Math.max(keys.get(key) ?? 0, share));
    };
    for (const tag of icon.tags) {
      const tagKeys = tagKeysOf(tag, isKnown);
      if (tagKeys === undefined || isOwn(tagKeys.whole)) continue;
      add(tagKeys.whole, 1);
      for (const part of tagKeys.parts) if (own.has(part) || !namesOthers(part)) add(part, VOCABULARY_LIMITS.partShare);
    }
    for (const [key, share] of countNames ? keys : []) {
      // A tag of one word or two ("sign up"), whole (not a part of a longer tag): counted once per icon, however often
      // the icon repeats it.
      if (share !== 1 || key.split('-').length > 2) continue;
      let names = counts.taggedNames.get(key);
      if (!names) counts.taggedNames.set(key, (names = new Map()));
      names.set(wholeName, (names.get(wholeName) ?? 0) + 1);
    }
    for (const [key, share] of keys) {
      counts.keyIcons.set(key, (counts.keyIcons.get(key) ?? 0) + 1);
      let byWord = counts.pairs.get(key);
      if (!byWord) counts.pairs.set(key, (byWord = new Map()));
      for (const word of nameWords) {
        const pair = byWord.get(word);
        if (pair) {
          pair.icons++;
          pair.weighted += share;
        } else byWord.set(word, { icons: 1, weighted: share });
      }
    }
  }
  return counts;
}

/**
 * How strongly one source links a key to a name word, 0 to 1: the share of
 * the key's icons named with the word (a tag spread over many names gives
 * each little), times the square of the normalised pointwise mutual
 * information of key and word (a word in very many names, `circle` or
 * `off`, is weak evidence for any tag; squared, a middling association
 * counts little), times how much of the tag the key is. `wordShare` is
 * the share of icons whose name holds the word.
 */
function linkStrength(counts: SourceCounts, keyIcons: number, wordShare: number, pair: { icons: number; weighted: number }): number {
  const share = pair.icons / keyIcons;
  const joint = pair.icons / counts.icons;
  const information = joint >= 1 ? 1 : Math.log(joint / ((keyIcons / counts.icons) * wordShare)) / -Math.log(joint);
  return share * Math.max(0, information) ** 2 * (pair.weighted / pair.icons);
}

/** A link being gathered: its weight so far and its provenance counts. */
interface Gathered {
  weight: number;
  /** One count per source of VOCABULARY_SOURCES. */
  provenance: number[];
}

type Links = Map<string, Map<string, Gathered>>;

function gather(links: Links, key: string, nameWord: string, weight: number, source: number, evidence: number): void {
  let byWord = links.get(key);
  if (!byWord) links.set(key, (byWord = new Map()));
  let link = byWord.get(nameWord);
  if (!link) byWord.set(nameWord, (link = { weight: 0, provenance: VOCABULARY_SOURCES.map(() => 0) }));
  link.weight += weight;
  link.provenance[source] = (link.provenance[source] as number) + evidence;
}

const PROJECT_SOURCE_INDEXES = ICON_SOURCES.flatMap((source, index) => (PROJECT_SOURCES.has(source) ? [index] : []));

/**
 * How common each name word is among the names of the icon libraries (the
 * sources that name glyphs, not the project's own): the share of their icons
 * whose name holds it.
 */
function nameWordShares(counts: ReadonlyMap<IconSource, SourceCounts>): (word: string) => number {
  let icons = 0;
  const holding = new Map<string, number>();
  for (const [source, count] of counts) {
    if (DESCRIBING_SOURCES.has(source) || PROJECT_SOURCES.has(source)) continue;
    icons += count.icons;
    for (const [word, n] of count.wordIcons) holding.set(word, (holding.get(word) ?? 0) + n);
  }
  return (word) => (icons === 0 ? 0 : (holding.get(word) ?? 0) / icons);
}

/** Each icon source's counts (see countSource). */
type CountedSources = ReadonlyMap<(typeof ICON_SOURCES)[number], SourceCounts>;

/** The links the icon sources make, and every name word of theirs. */
function iconSourceLinks(counted: CountedSources): { links: Links; nameWords: Set<string> } {
  const links: Links = new Map();
  const nameWords = new Set<string>();
  const librariesShare = nameWordShares(counted);
  ICON_SOURCES.forEach((source, index) => {
    const counts = counted.get(source) as SourceCounts;
    const share = DESCRIBING_SOURCES.has(source) ? VOCABULARY_LIMITS.describingShare : 1;
    if (!DESCRIBING_SOURCES.has(source)) for (const word of counts.wordIcons.keys()) nameWords.add(word);
    // The project's own lists are a few hundred entries each, too few to tell a common name word from a telling one (`down` from `trending`): the libraries' names tell.
    const wordShare = (word: string) => {
      const own = (counts.wordIcons.get(word) as number) / counts.icons;
      return PROJECT_SOURCES.has(source) ? Math.max(own, librariesShare(word)) : own;
    };
    for (const [key, byWord] of counts.pairs) {
      const keyIcons = counts.keyIcons.get(key) as number;
      for (const [word, pair] of byWord) gather(links, key, word, share * linkStrength(counts, keyIcons, wordShare(word), pair), index, pair.icons);
    }
  });
  for (const [key, byWord] of links) {
    if (!nameWords.has(key)) continue;
    for (const link of byWord.values()) {
      const sources = link.provenance.filter((count) => count > 0).length;
      if (sources === 1 && !PROJECT_SOURCE_INDEXES.some((index) => (link.provenance[index] as number) > 0)) link.weight *= VOCABULARY_LIMITS.loneNameWordShare;
    }
  }
  return { links, nameWords };
}

/** The strongest links of a key, best first, with the weakest dropped. */
function strongest(byWord: Map<string, Gathered>): Array<[string, Gathered]> {
  return [...byWord]
    .filter(([, link]) => link.weight >= VOCABULARY_LIMITS.minWeight)
    .sort((a, b) => b[1].weight - a[1].weight || (a[0] < b[0] ? -1 : 1))
    .slice(0, VOCABULARY_LIMITS.maxLinks);
}

/**
 * WordNet's links for words the icon sources do not tag, and for those they
 * do tag, the name words they are a synonym or a kind of: a lemma sharing a
 * synset with an anchor (a name word, or a key the icon sources link) means
 * that name word, or what the key means ("dustbin" shares a synset with the
 * tag "trash can"); lemmas of the anchor's direct
 * hyponyms and hypernyms likewise, weaker, and the anchor's derivationally
 * related forms in any part ("print" for `printer`). Each relation counts by the
 * rank of the synset among the senses of both lemmas, so that rare senses
 * weigh little, and a lemma related to many anchors spreads its weight.
 */
function wordnetLinks(wordnet: WordNet, iconLinks: Links, nameWords: ReadonlySet<string>): Links {
  const limits = VOCABULARY_LIMITS;
  const source = VOCABULARY_SOURCES.indexOf('wordnet');
  /** What each key the icon sources link means, strongest first; a key whose links were all too weak is no anchor. */
  const meanings = new Map<string, Array<[string, Gathered]>>();
  for (const [key, byWord] of iconLinks) {
    const best = strongest(byWord);
    if (best.length > 0) meanings.set(key, best);
  }
  /** Per new key, per anchor: the strongest relation found. */
  const relations = new Map<string, Map<string, number>>();
  const relate = (lemma: string, anchor: string, part: WordNetPart, offset: number, anchorRank: number, share: number, ofTaggedToo = false) => {
    // A name word means itself; a word the icon sources tag keeps their links, and gains only the relations marked ofTaggedToo.
    if (nameWords.has(lemma) || (meanings.has(lemma) && !(ofTaggedToo && nameWords.has(anchor)))) return;
    const rank = wordnet.rankOf(lemma, part, offset);
    if (rank === undefined || rank > limits.wordnetSenses) return;
    const strength = share / (anchorRank * rank);
    let byAnchor = relations.get(lemma);
    if (!byAnchor) relations.set(lemma, (byAnchor = new Map()));
    byAnchor.set(anchor, Math.max(byAnchor.get(anchor) ?? 0, strength));
  };
  for (const anchor of new Set([...nameWords, ...meanings.keys()])) {
    for (const { part, offsets } of wordnet.sensesOf(anchor)) {
      offsets.slice(0, limits.wordnetSenses).forEach((offset, index) => {
        const synset = wordnet.synset(part, offset);
        for (const lemma of synset.lemmas) relate(lemma, anchor, part, offset, index + 1, limits.synonymShare, true);
        for (const [targets, share, ofTaggedToo] of [
          [synset.hyponyms, limits.hyponymShare, true],
          [synset.hypernyms, limits.hypernymShare, false],
        ] as const) {
          for (const target of targets)
            for (const lemma of wordnet.synset(part, target).lemmas) relate(lemma, anchor, part, target, index + 1, share, ofTaggedToo);
        }
        for (const derivation of synset.derivations) {
          if (synset.words[derivation.from - 1] !== anchor) continue;
          const lemma = wordnet.synset(derivation.part, derivation.offset).words[derivation.to - 1];
          if (lemma !== undefined) relate(lemma, anchor, derivation.part, derivation.offset, index + 1, limits.derivationShare);
        }
      });
    }
  }
  const links: Links = new Map();
  for (const [lemma, byAnchor] of relations) {
    const spread = Math.sqrt(byAnchor.size);
    for (const [anchor, strength] of byAnchor) {
      const weight = (limits.wordnetWeight * strength) / spread;
      // A name word is meant itself; what a name word's own tags mean is a second step away, and noise.
      if (nameWords.has(anchor)) {
        gather(links, lemma, anchor, weight, source, 1);
        continue;
      }
      const meaning = meanings.get(anchor);
      if (meaning === undefined) continue;
      const top = (meaning[0] as [string, Gathered])[1].weight;
      for (const [word, link] of meaning) gather(links, lemma, word, (weight * link.weight) / top, source, 1);
    }
  }
  // Several relations may agree (dustbin is a trash can and a garbage can), yet WordNet stays below the icon sources.
  for (const byWord of links.values()) for (const link of byWord.values()) link.weight = Math.min(link.weight, limits.wordnetWeight);
  return links;
}

/**
 * The British spelling of a key or name word (`colour`, `centre`,
 * `organise`, see spellings.ts) means what the word means: its links, and
 * the word itself where it is a name word, as strongly as the closest link.
 */
function spellingLinks(wordnet: WordNet, tables: readonly Links[], nameWords: ReadonlySet<string>): Links {
  const source = VOCABULARY_SOURCES.indexOf('wordnet');
  const links: Links = new Map();
  for (const word of new Set([...nameWords, ...tables.flatMap((table) => [...table.keys()])])) {
    for (const variant of britishSpellingsOf(word, wordnet, VOCABULARY_LIMITS.wordnetSenses)) {
      if (nameWords.has(word)) gather(links, variant, word, VOCABULARY_LIMITS.spellingWeight, source, 1);
      for (const table of tables) {
        for (const [nameWord, link] of table.get(word) ?? []) {
          if (nameWord === variant) continue;
          let byWord = links.get(variant);
          if (!byWord) links.set(variant, (byWord = new Map()));
          const known = byWord.get(nameWord);
          if (known === undefined || known.weight < link.weight) byWord.set(nameWord, { weight: link.weight, provenance: [...link.provenance] });
        }
      }
    }
  }
  return links;
}

/** The links of several tables as one: of a name word two tables link a key to, the stronger link. */
function merged(tables: readonly Links[]): Links {
  const all: Links = new Map();
  for (const table of tables) {
    for (const [key, byWord] of table) {
      let into = all.get(key);
      if (!into) all.set(key, (into = new Map()));
      for (const [word, link] of byWord) if ((into.get(word)?.weight ?? -1) < link.weight) into.set(word, link);
    }
  }
  return all;
}

/** Rounds a weight for the table: three decimals tell links apart and keep it small. */
function rounded(weight: number): number {
  return Math.round(weight * 1000) / 1000;
}

/**
 * The whole names the icon libraries tagged with each tag of one word or two,
 * as the packs name their glyphs once style words are dropped (Lucide's
 * `unlink` for "disconnect", `user-plus` for "sign up"), the most tagged first. The links above split a name
 * into its words (Tabler's `arrow-back-up` for "undo" gives `arrow`, `back`
 * and `up`, each meaning "undo" no more than any arrow does); the whole
 * name is what the library drew for it, and a search within one pack finds
 * the pack's glyph of that name.
 * The most tagged come first (icons so tagged, an icon once however often
 * it repeats the tag), and of names tagged as often the shorter.
 * Describing sources are left out: their names are no pack's (see
 * DESCRIBING_SOURCES); so is the project's own list, whose entries are
 * named by the words packs draw them with, not as any pack names a glyph.
 * A tag that is a word of the icon's own name is too: the name finds that
 * glyph already.
 */
function taggedNames(counted: CountedSources): VocabularyTable['names'] {
  const byKey = new Map<string, Map<string, number>>();
  for (const counts of counted.values()) {
    for (const [key, names] of counts.taggedNames) {
      let merged = byKey.get(key);
      if (!merged) byKey.set(key, (merged = new Map()));
      for (const [name, icons] of names) merged.set(name, (merged.get(name) ?? 0) + icons);
    }
  }
  return [...byKey]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([key, names]): [string, string[]] => [
      key,
      [...names]
        // Of names tagged as often, the shorter first: `unlink` says more of "disconnect" than `database-x`.
        .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))
        .slice(0, VOCABULARY_LIMITS.maxTaggedNames)
        .map(([name]) => name),
    ]);
}

/**
 * Builds the vocabulary from the icon sources' tags and WordNet. Pure: the
 * caller reads the sources (see vocabulary-sources.ts); search reads
 * the table as a Vocabulary (search/meaning/vocabulary.ts).
 */
export function buildVocabulary(input: VocabularyInput): VocabularyTable {
  const wordnet = input.wordnet;
  const iconNames = new Set(ICON_SOURCES.flatMap((source) => (input.icons[source] ?? []).flatMap((icon) => icon.name.split('-'))));
  // The words a plural may be the plural of: names, and WordNet's lemmas (which are singular).
  const isKnown = (word: string) => iconNames.has(word) || (wordnet?.has(word) ?? false);
  // Whole names are counted of the icon libraries alone (see taggedNames).
  const namesPacks = (source: IconSource) => !DESCRIBING_SOURCES.has(source) && !PROJECT_SOURCES.has(source);
  const countOf = (source: IconSource, namesOthers?: (word: string) => boolean) =>
    countSource(input.icons[source] ?? [], isKnown, { countNames: namesPacks(source), ownNameTagsLink: PROJECT_SOURCES.has(source), namesOthers });
  // The fields' list is counted last (it is last of the sources), once the libraries' name words are: a word of a
  // field's phrase that is one of them names something else ("flat" of "flat tyre", "jet" of "jet lag"), and is left
  // to mean what it names.
  const beforeFields = new Map(ICON_SOURCES.filter((source) => source !== 'fields').map((source) => [source, countOf(source)] as const));
  const libraryNameWords = new Set([...beforeFields].filter(([source]) => namesPacks(source)).flatMap(([, counts]) => [...counts.wordIcons.keys()]));
  const counted: CountedSources = new Map([...beforeFields, ['fields', countOf('fields', (word) => libraryNameWords.has(word))]]);
  const { links, nameWords } = iconSourceLinks(counted);
  const tables = wordnet ? [links, wordnetLinks(wordnet, links, nameWords)] : [links];
  if (wordnet) tables.push(spellingLinks(wordnet, tables, nameWords));
  const words: VocabularyTable['words'] = [];
  for (const [key, byWord] of merged(tables)) {
    const kept = strongest(byWord).map(([word, link]): LinkTuple => [word, rounded(link.weight), ...link.provenance]);
    if (kept.length > 0) words.push([key, kept]);
  }
  words.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { sources: [...VOCABULARY_SOURCES], words, names: taggedNames(counted) };
}
