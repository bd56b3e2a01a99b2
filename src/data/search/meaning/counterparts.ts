import { iconIdParts } from '../../../core/icon-ids.js';
import type { Catalog } from '../../catalog/catalog.js';
import type { MeaningSources } from './catalog-glyphs.js';
import type { GlyphIndex } from './glyph-index.js';
import type { MeaningJob } from './meaning-job.js';
import type { MeaningAnswer, MeaningHit, MeaningQuery } from './meaning-answer.js';
import { downloadsOf } from './pack-popularity.js';
import { logoPacks } from './pack-kinds.js';
import { TIERS } from './parse.js';
import { skinTonedNames } from './skin-tones.js';
import { LIKE_PART_SHARE } from './weights.js';
import { nameWordsOf } from '../../search-index/vocabulary/words.js';
import { LOGO_WORDS, STYLE_WORDS } from '../../search-index/vocabulary/style-words.js';
import type { IconStyle } from '../../search-index/icon-style.js';
import { shapeDistance } from '../../search-index/shape.js';
import { glyphShapesOf } from '../shape/glyph-shapes.js';

/** Names of the icon a `like` search starts from that are searched, at most: its own, then its variants and aliases. */
const MAX_LIKE_NAMES = 4;
/** Results read of each of those searches for the best of each pack. */
const LIKE_DEPTH = 1000;
/**
 * Of each pack, the name matches whose shapes are compared with the icon's,
 * at most: the best, and those of its tier that score at least
 * LIKE_SHAPE_SCORE_SHARE of it. The one that looks most alike is offered.
 */
const LIKE_SHAPE_CANDIDATES = 4;
const LIKE_SHAPE_SCORE_SHARE = 0.75;
/** Packs of a page whose matches are compared by shape, at most: a page's drawing is bounded, whatever its limit. */
const LIKE_SHAPED_PACKS = 48;

/** How an icon's names are searched: the searcher's own search by meaning, over the same sources. */
export type SearchByMeaning = (query: MeaningQuery, sources: MeaningSources) => MeaningAnswer;

/**
 * The icons of other packs that mean what an icon means (`like=`, and the
 * equivalents that complete a search within one pack): found by searching
 * the icon's names, and, of a pack's matches as good as its best, the one
 * that looks most like it.
 */
export class Counterparts {
  constructor(private readonly search: SearchByMeaning) {}

  /**
   * The icons of other packs that mean what `id` means: each of its names
   * (`mdi:delete` is also `trash-can`) searched as a query, and of each pack
   * the best result of the first name that finds any, packs in the order the
   * searches rank them. An id of a pack not served, or a name its pack lacks,
   * finds nothing (`/r/search.json` answers either with a 404 before).
   */
  sameMeaning(
    id: string,
    job: MeaningJob,
    sources: MeaningSources,
    allowed: (pack: string, database: number) => boolean,
    served: (pack: string) => boolean,
    catalog: Catalog,
  ): MeaningAnswer {
    const { pack, name } = iconIdParts(id);
    const none: MeaningAnswer = { query: id, total: 0, hits: [], work: 0 };
    if (!served(pack)) return none;
    const own = this.search(
      { q: name.replace(/-/g, ' '), limit: LIKE_DEPTH, offset: 0, packs: (other) => other === pack, everyWord: true, ofName: true },
      sources,
    ).hits.find((hit) => hit.name === name || hit.variants.includes(name));
    // An icon search does not find is hidden in its pack (kept for old links, as lucide:github is): its name alone is
    // searched, its shape unknown (see mostAlike), since finding what replaces it is what such an icon is asked like for.
    const asked = own ?? { pack, name, variants: [], tier: 0, score: 1, index: -1, glyph: -1 };
    return {
      query: id,
      ...this.of(asked, job, sources, (other, database) => other !== pack && allowed(other, database), catalog, { drawn: job.style, logosByName: true }),
    };
  }

  /**
   * Of each pack `allowed`, the glyph that means what `own` means: each of
   * its names searched as a query, and of each pack the best result of the
   * first name that finds any (the one that looks most like `own` of those
   * as good), packs in the order the searches rank them; the page of them
   * asked for. With `workUnits`, the searches share that bound on entries
   * read, each an equal part of what the ones before it left; with
   * `wholeNames`, only whole names are searched, not each of their words;
   * with `logosByName`, a logo is sought by its brand's name, whole without
   * the words that say it is a logo, and only a glyph named so, or by one of
   * its words, is its counterpart (as `like=` seeks it; the equivalents that
   * complete a search within one pack seek an anchor's names as they are:
   * there, a logo anchor's bare name found Remix Icon's X for "block user");
   * with `minScore`, a match scoring less is none, and is not compared by shape.
   */
  of(
    own: MeaningHit,
    page: { offset: number; limit: number },
    sources: MeaningSources,
    allowed: (pack: string, database: number) => boolean,
    catalog: Catalog,
    {
      workUnits,
      wholeNames = false,
      logosByName = false,
      minScore = 0,
      drawn,
    }: { workUnits?: number; wholeNames?: boolean; logosByName?: boolean; minScore?: number; drawn?: IconStyle } = {},
  ): { total: number; hits: MeaningHit[]; work: number } {
    const found = new Map<string, MeaningHit[]>();
    let work = 0;
    // Each name whole, then each of its words alone, a little lower: another pack may call `content-copy` just `copy`.
    // Its aliases, not its themes: `gear-bold` says nothing `gear` does not, but `bold`.
    const ownWords = nameWordsOf(own.name);
    // An emoji's skin tones say how it is drawn: its name is searched with them (the same emoji in that tone, as each
    // kind of pack names tones) and without (packs that draw it in one tone), and its words alone without them.
    const toned = skinTonedNames(own.name, sources.emojiNames, (name) => catalog.hasEntry(own.pack, name));
    const leading = [ownWords, ...(toned ? [nameWordsOf(toned[1]), nameWordsOf(toned[2])] : [])];
    // `brand` and `logo` say that an icon is a brand's logo (tabler's `brand-figma`, carbon's `logo-figma`), not what it
    // draws: with `logosByName`, a name is searched whole without them (`brand-github` as "github", which Phosphor's
    // `github-logo` holds as its one word), unless they are all it has.
    const drawnWords = (words: readonly string[]) =>
      logosByName && words.some((word) => !LOGO_WORDS.has(word)) ? words.filter((word) => !LOGO_WORDS.has(word)) : words;
    const searchedAs = (words: readonly string[]) => drawnWords(words).join(' ');
    // Each other name once, as it is searched: without their style words, mdi's `bin` and `bin-outline` are one, which
    // would take two of the few places (and, sought by its brand's name, so are an icon's `brand-x` and `x`).
    const others = new Map(
      own.variants
        .map(nameWordsOf)
        .filter((words) => !ownWords.every((word) => words.includes(word)))
        .map((words) => [searchedAs(words), words]),
    );
    for (const words of leading) others.delete(searchedAs(words));
    const names = [...leading, ...others.values()].slice(0, MAX_LIKE_NAMES);
    const wholes = [...new Set(names.map(searchedAs))].map((q) => ({ q, part: false }));
    // A word alone that only says how the icon is drawn (a style word, or a theme its pack declares: solar's `bold` of
    // `exit-bold`) would find the glyphs named for it (`lucide:bold`), not what the icon draws.
    const index = sources.indexes[own.index];
    // A hidden icon, searched by its name alone, has no index (see sameMeaning), and no themes. A logo word draws nothing either.
    const drawsSomething = (word: string) => !STYLE_WORDS.has(word) && !LOGO_WORDS.has(word) && !index?.glyphsThemed(word)?.includes(own.glyph);
    const parts = [...new Set((toned ? names.slice(2) : names).flat())].filter(drawsSomething);
    // A brand's logo is another icon's counterpart when it bears the icon's name, not when it means one of its words, or
    // what a word means (`logos:open-graph` for `padlock-open`): a brand is named for what it does, not for what it draws.
    const logos = logoPacks(catalog);
    // A glyph is a logo when its pack is one of logos, a name of it says so (`brand-x`, `x-logo`), or its pack lists it
    // under logos (mdi's "Brand / Logo": `language-python`).
    const drawsALogo = (hit: MeaningHit, hitNames: ReadonlyArray<readonly string[]>) => {
      const hitIndex = sources.indexes[hit.index];
      return (
        logos.has(hit.pack) ||
        hitNames.some((words) => words.some((word) => LOGO_WORDS.has(word))) ||
        (hitIndex !== undefined && logosListedIn(hitIndex).has(hit.glyph))
      );
    };
    const isLogo = drawsALogo(own, names);
    const queries = wholeNames ? wholes : [...wholes, ...parts.map((word) => ({ q: word, part: true }))];
    // With `logosByName`, a logo's counterpart is named likewise, by its name whole or by one of its words (Simple Icons'
    // `python` for mdi's `language-python`): what the name means (`git-branch` for GitHub's) is no logo.
    const reaches = (hit: MeaningHit, part: boolean) =>
      isLogo && logosByName ? hit.tier === TIERS.name : isLogo || !logos.has(hit.pack) || (!part && hit.tier === TIERS.name);
    for (const [at, { q, part }] of queries.entries()) {
      if (q === '') continue;
      const share = workUnits === undefined ? undefined : Math.floor((workUnits - work) / (queries.length - at));
      const searched = this.search(
        { q, limit: LIKE_DEPTH, offset: 0, packs: allowed, everyWord: true, ofName: true, workUnits: share, otherWritings: true, drawn },
        sources,
      );
      work += searched.work;
      for (const match of searched.hits) {
        if (!reaches(match, part)) continue;
        const hit = part ? { ...match, tier: Math.max(match.tier, TIERS.meaning), score: LIKE_PART_SHARE * match.score } : match;
        if (hit.score < minScore) continue;
        const list = found.get(hit.pack);
        if (list) list.push(hit);
        else found.set(hit.pack, [hit]);
      }
    }
    // Of a logo's, a glyph that says it is none comes after every glyph that says it is one, in its pack and among
    // packs: `tabler:brand-x`, X's logo, is Phosphor's `x-logo` before any cross named `x`. Not the reverse: many
    // logos say nothing of it (Bootstrap's `github`, Lucide's hidden `github`), and would be taken for none.
    const unsaid = new Map<MeaningHit, number>();
    const kindOf = (hit: MeaningHit) => {
      if (!isLogo) return 0;
      let kind = unsaid.get(hit);
      if (kind === undefined) {
        const hitNames = [hit.name, ...hit.variants].map((name) => name.split('-'));
        kind = drawsALogo(hit, hitNames) ? 0 : 1;
        unsaid.set(hit, kind);
      }
      return kind;
    };
    const byMatch = (a: MeaningHit, b: MeaningHit) => kindOf(a) - kindOf(b) || a.tier - b.tier || b.score - a.score;
    const best = [...found.values()].map((hits) => hits.reduce((a, b) => (byMatch(b, a) < 0 ? b : a)));
    // As in a search, the packs of logos come after the others found as well (in the order of their ids).
    const used = (pack: string) => (!isLogo && logos.has(pack) ? -1 : (downloadsOf(pack) ?? 0));
    const ranked = best.sort((a, b) => kindOf(a) - kindOf(b) || a.tier - b.tier || used(b.pack) - used(a.pack) || (a.pack < b.pack ? -1 : 1));
    const hits = ranked.slice(page.offset, page.offset + page.limit).map((hit, at) => {
      if (at >= LIKE_SHAPED_PACKS) return hit;
      const sameKind = (found.get(hit.pack) as MeaningHit[]).filter((match) => kindOf(match) === kindOf(hit));
      return this.mostAlike(own, hit, sameKind, sources, catalog);
    });
    return { total: ranked.length, hits, work };
  }

  /**
   * Of a pack's name matches as good as its best, the one whose shape is
   * nearest the icon's: of `lucide:headset` and `lucide:mic`, both found
   * by `mdi:microphone`'s names, the microphone. A match whose shape cannot
   * be drawn is compared as unlike anything, so names alone decide among
   * such.
   */
  private mostAlike(own: MeaningHit, best: MeaningHit, matches: readonly MeaningHit[], sources: MeaningSources, catalog: Catalog): MeaningHit {
    const seen = new Set<string>();
    const candidates: MeaningHit[] = [];
    // The best first: shapes that are as near keep the order names gave.
    for (const hit of [best, ...[...matches].sort((a, b) => b.score - a.score)]) {
      if (hit.tier !== best.tier || hit.score < LIKE_SHAPE_SCORE_SHARE * best.score) continue;
      const key = `${hit.index}:${hit.glyph}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push(hit);
      if (candidates.length === LIKE_SHAPE_CANDIDATES) break;
    }
    if (candidates.length === 1) return best;
    const shapesOf = (hit: MeaningHit) => {
      const database = catalog.databases[hit.index];
      const index = sources.indexes[hit.index];
      return database && index ? glyphShapesOf(index, database) : undefined;
    };
    // Drawn in one go per database: a sheet of them costs resvg one call.
    const glyphsOfIndex = new Map<number, number[]>();
    for (const hit of [own, ...candidates]) glyphsOfIndex.set(hit.index, [...(glyphsOfIndex.get(hit.index) ?? []), hit.glyph]);
    for (const hit of [own, ...candidates]) shapesOf(hit)?.draw(glyphsOfIndex.get(hit.index) ?? []);
    const ownShapes = shapesOf(own)?.shapes;
    if (!ownShapes) return best;
    let chosen = best;
    let nearest = Number.POSITIVE_INFINITY;
    for (const hit of candidates) {
      const shapes = shapesOf(hit)?.shapes;
      const distance = shapes ? shapeDistance(ownShapes, own.glyph, shapes, hit.glyph) : Number.POSITIVE_INFINITY;
      if (distance < nearest) {
        nearest = distance;
        chosen = hit;
      }
    }
    return chosen;
  }
}

/** The glyphs of `index` its packs list under a category that says logos (mdi's "Brand / Logo"), read once an index. */
const logosListed = new WeakMap<GlyphIndex, ReadonlySet<number>>();
function logosListedIn(index: GlyphIndex): ReadonlySet<number> {
  let listed = logosListed.get(index);
  if (!listed) {
    listed = new Set([...LOGO_WORDS].flatMap((word) => [...(index.glyphsTagged(word) ?? [])]));
    logosListed.set(index, listed);
  }
  return listed;
}
