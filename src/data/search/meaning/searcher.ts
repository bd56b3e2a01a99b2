import { packScopeOf, packsSearched } from '../../../core/icon-ids.js';
import type { Catalog } from '../../catalog/catalog.js';
import { type MeaningSources, meaningSourcesOf } from './catalog-glyphs.js';
import { Counterparts } from './counterparts.js';
import type { GlyphIndex } from './glyph-index.js';
import type { MeaningAnswer, MeaningHit, MeaningQuery } from './meaning-answer.js';
import type { MeaningJob, MeaningResult, MeaningResults } from './meaning-job.js';
import { downloadsOf } from './pack-popularity.js';
import { logoPacks, packDrawings } from './pack-kinds.js';
import { COUNTERPART_LIMITS, TAGGED_NAME_LIMITS, workBoundOf } from './limits.js';
import { leftOut, type ParsedMeaningQuery, parseMeaningQuery, TIERS } from './parse.js';
import { bestOf, coarseRank, type Found, firstOf, Ranker, type Standing, standsAbove } from './rank.js';
import { FoundList, foundKey, type Scored, Scorer } from './score.js';
import { LOOSE_FULL_MATCHES, OTHER_READINGS, TAGGED_NAME_SCORE } from './weights.js';
import { wholeNameOf } from '../../search-index/vocabulary/words.js';
import { lookAlike, lookAlikeOrder, shapeFromHex } from '../shape/look-alike.js';

/** A search within one pack, and what its completion by the rest of the catalog reads (see withCounterparts). */
interface OnePackSearch {
  q: string;
  pack: string;
  job: MeaningJob;
  first: ReadonlySet<string>;
  sources: MeaningSources;
  /** Whether a pack is visible to the caller in the database numbered `database`, whatever the search's filters. */
  visibleIn: (pack: string, database: number) => boolean;
  /** Whether the search reads a pack there: visible, and passing its filters. */
  servedBy: (pack: string, database: number) => boolean;
  catalog: Catalog;
}

/** A glyph to rank as found (see raise): where it is, its key in a FoundList, and the tier, score and rank it is found with. */
interface Raised {
  key: number;
  index: number;
  glyph: number;
  tier: number;
  score: number;
  rank: number;
}

/**
 * Search by meaning, as a thread runs it: a query is parsed (parse.ts), the
 * glyphs it matches scored (score.ts) and ranked (rank.ts). Searches run one
 * at a time, each to its end, and the arrays they work in are this object's,
 * reused by each: one searcher per thread that searches.
 */
export class MeaningSearcher {
  private readonly scorer = new Scorer();
  private readonly ranker = new Ranker();
  /** The icons of other packs that mean what one means, found by this searcher's searches of its names. */
  private readonly counterparts = new Counterparts((query, sources) => this.search(query, sources));
  /** The list of the best trial of a sentence with one word left out (see withOneWordLeftOut), kept while the others are searched. */
  private readonly kept = new FoundList();
  /** What a search that left a word out found, kept while the rest of the catalog is searched (see withFullMatchesElsewhere). */
  private readonly partial = new FoundList();
  /** Loosely met full matches, kept while the query is searched with a word left out (see looseFullMatchesOrLeftOut). */
  private readonly looseFull = new FoundList();
  /** What a search within one pack found, kept while its other readings are searched (see withOtherReadings). */
  private readonly beforeOtherReadings = new FoundList();

  /**
   * Runs a search by meaning over the packs `served` of `catalog`. Results
   * carry names, not drawings: the search thread runs one search at a time,
   * and reading and drawing each result's icon (withDrawings) is left to the
   * thread that answers, so that the two threads share an answer's work.
   */
  run(job: MeaningJob, catalog: Catalog, served: readonly string[]): MeaningResults {
    const shown = new Set(served);
    const scoped = packScopeOf(job.q, (id) => shown.has(id));
    const scopedPacks = packsSearched(scoped.pack, job.packs);
    const only = scopedPacks && new Set(scopedPacks);
    // A pack whose icons are drawn in several ways is searched for those drawn as asked (see ScoredPacks.drawn).
    const drawings = job.style ? packDrawings(catalog) : undefined;
    const wantedLicense = job.license?.toLowerCase();
    const allowed = (pack: string) => {
      if (!shown.has(pack) || (only && !only.has(pack))) return false;
      const entry = catalog.packs.get(pack)?.entry;
      if (!entry) return false;
      // SPDX ids are matched without case: a pack may spell its licence `mit`.
      if (wantedLicense !== undefined && entry.license.spdx?.toLowerCase() !== wantedLicense) return false;
      if (job.palette !== undefined && (entry.palette ?? false) !== job.palette) return false;
      return drawings === undefined || drawings.get(pack) === job.style || drawings.get(pack) === 'mixed';
    };
    // A pack is searched in the database that serves it: an own pack may replace a default one of the same id.
    const visibleIn = (pack: string, database: number) => shown.has(pack) && catalog.database(pack) === catalog.databases[database];
    const servedBy = (pack: string, database: number) => visibleIn(pack, database) && allowed(pack);
    const sources = meaningSourcesOf(catalog);
    const first = new Set(job.first ?? []);
    if (job.shape !== undefined) return this.lookAlike(job, catalog, sources, servedBy, first);
    const onePack = only?.size === 1 && allowed([...only][0] as string) ? ([...only][0] as string) : undefined;
    const searched = (allBelow?: number, within?: OnePackSearch) =>
      this.search(
        {
          q: scoped.q,
          limit: job.limit,
          offset: job.offset,
          packs: servedBy,
          first,
          last: logoPacks(catalog),
          workUnits: job.workUnits,
          allBelow,
          taggedIn: within?.pack,
          keepPartial: within !== undefined,
          otherReadings: within && ((spent, wanted, led) => this.equivalentsInPack(within, false, spent, { wanted, led })),
          otherWritings: within !== undefined,
          drawn: job.style,
        },
        sources,
      );
    const within: OnePackSearch | undefined =
      onePack === undefined ? undefined : { q: scoped.q, pack: onePack, job, first, sources, visibleIn, servedBy, catalog };
    const answer =
      job.like === undefined
        ? within === undefined
          ? searched()
          : this.withCounterparts(searched(COUNTERPART_LIMITS.below, within), within)
        : this.counterparts.sameMeaning(
            job.like,
            job,
            sources,
            (pack, database) => servedBy(pack, database),
            (pack) => shown.has(pack),
            catalog,
          );
    const style = job.style;
    const results = answer.hits.map((hit): MeaningResult => {
      // A glyph found for a style is offered as its icon drawn so (tabler's `heart-filled` for `fill`, not `heart`).
      const index = style === undefined ? undefined : sources.indexes[hit.index];
      const { name, variants } = index && style ? index.nameDrawnIn(hit.glyph, style) : hit;
      return {
        id: `${hit.pack}:${name}`,
        pack: hit.pack,
        name,
        variants,
        ...(hit.equivalentOf === undefined ? {} : { equivalentOf: hit.equivalentOf }),
      };
    });
    return { query: answer.query, total: answer.total, results, ...(answer.didYouMean === undefined ? {} : { didYouMean: answer.didYouMean }) };
  }

  /**
   * Searches glyphs by what the query means: each query word matches the
   * names holding it, the name words the vocabulary says it means, the name
   * words it starts (the word being typed), and, when no name or vocabulary
   * knows it, the nearest known words. A glyph must match every word. The
   * work is bounded by the entries read, whatever the query.
   */
  search(query: MeaningQuery, sources: MeaningSources): MeaningAnswer {
    const parsed = parseMeaningQuery(query.q, sources, { otherWritings: query.otherWritings === true, ofName: query.ofName === true });
    const answer: MeaningAnswer = { query: parsed.words.join(' '), total: 0, hits: [], work: 0 };
    if (parsed.words.length === 0) return answer;
    let { found, work } = this.scorer.score(parsed, query, sources);
    const loose = looseFullMatchOf(found, parsed.words.length, query);
    if (found.size === 0 && parsed.words.length >= 2 && !query.everyWord) {
      const left = this.withOneWordLeftOut(parsed, query, sources, work);
      // Without a standing to beat, a list always comes back (the last trial's, empty, when none found anything).
      found = left.found ?? found;
      work = left.work;
      answer.leftOut = true;
    } else if (loose !== undefined) {
      const weighed = this.looseFullMatchesOrLeftOut(found, loose, parsed, query, sources, work);
      ({ found, work } = weighed);
      if (weighed.leftOut) answer.leftOut = true;
    }
    if (query.taggedIn !== undefined) work = this.raiseTaggedNames(found, parsed, query.taggedIn, query, sources, work);
    let equivalentOf: ReadonlyMap<number, string> | undefined;
    if (query.otherReadings) ({ found, work, equivalentOf } = this.withOtherReadings(found, parsed, query, sources, work, answer.leftOut === true));
    if (answer.leftOut && query.keepPartial) this.partial.copyOf(found);
    answer.work = work;
    const offered = parsed.likely ?? parsed.corrected;
    if (offered) answer.didYouMean = offered.join(' ');
    answer.total = found.size;
    const hitOf = (hit: Found) => withEquivalence(hitOfFound(hit, sources), equivalentOf);
    if (query.allBelow !== undefined && found.size < query.allBelow) {
      // All of them ranked once: a page ranks from the first hit on, so it is a slice of them.
      answer.all = this.ranker.page(found, sources, 0, found.size).map(hitOf);
      answer.hits = answer.all.slice(query.offset, query.offset + query.limit);
    } else answer.hits = this.ranker.page(found, sources, query.offset, query.limit).map(hitOf);
    return answer;
  }

  /**
   * In a search within one pack, ranks the pack's glyphs named as an icon
   * library named what it tagged with a query word, or two adjacent words
   * (Vocabulary's taggedNamesOf), as the closest meaning of that word: Lucide tags `unlink`
   * "disconnect", so "disconnect" within Carbon finds Carbon's `unlink`
   * before the phones and plugs the word's links reach. Of a query of
   * several words, a glyph counts for the share of them tagging its name
   * ("hard copy" within Lucide: `egg`, tagged "hard", is no printer). The
   * names tagged with more of the query's words come first, then the most
   * tagged; at most TAGGED_NAME_LIMITS.perSearch glyphs are
   * raised (one found already as well or better is not), and the entries
   * read to find them, and the pass over what was found, count against the
   * search's bound. Returns the entries read in all.
   */
  private raiseTaggedNames(found: FoundList, parsed: ParsedMeaningQuery, pack: string, query: MeaningQuery, sources: MeaningSources, spent: number): number {
    const vocabulary = sources.vocabulary;
    if (vocabulary === undefined) return spent;
    const asked = new Set(parsed.words);
    const tagging = new Map<string, { words: number; place: number }>();
    const countTagged = (key: string, words: number) =>
      vocabulary.taggedNamesOf(key).forEach((name, place) => {
        const known = tagging.get(name);
        if (known) {
          known.words = Math.min(asked.size, known.words + words);
          known.place = Math.min(known.place, place);
        } else tagging.set(name, { words: Math.min(asked.size, words), place });
      });
    for (const word of asked) countTagged(word, 1);
    // A two-word tag ("sign up" on Lucide's `user-plus`) counts for the query words it holds, each once; one of stop
    // words alone ("to do") for none, and is not read.
    for (const pair of parsed.pairs ?? []) {
      const holds = [...new Set(pair.split('-'))].filter((word) => asked.has(word)).length;
      if (holds > 0) countTagged(pair, holds);
    }
    const names = [...tagging]
      .sort((a, b) => b[1].words - a[1].words || a[1].place - b[1].place || a[0].length - b[0].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, TAGGED_NAME_LIMITS.names);
    const limit = workBoundOf(query.workUnits);
    let work = spent;
    const read = (entries: number) => {
      if (work + entries > limit) return false;
      work += entries;
      return true;
    };
    // The indexes that serve the pack to this search, with its number in each.
    const serving = sources.indexes
      .map((index, indexNumber) => ({ index, indexNumber, packNumber: index.packs.indexOf(pack) }))
      .filter(({ indexNumber, packNumber }) => packNumber >= 0 && (query.packs?.(pack, indexNumber) ?? true));
    // The glyphs to raise, best first, gathered before any is: one pass over what was found then tells which are listed.
    const candidates: Raised[] = [];
    for (const [name, tagged] of names) {
      const score = (TAGGED_NAME_SCORE * tagged.words) / asked.size;
      const rank = coarseRank(query.first?.has(pack) ? 0 : 1, TIERS.meaning, score, downloadsOf(pack) ?? 0);
      // One glyph of each name: a pack's numbered siblings (`unlink`, `unlink-2`) would take two places of a few.
      const named = serving.flatMap(({ index, indexNumber, packNumber }) =>
        index
          .glyphsNamed(name, packNumber, read)
          .filter((glyph) => query.drawn === undefined || index.drawnIn(glyph, query.drawn))
          .map((glyph) => ({ indexNumber, glyph })),
      );
      const first = named[0];
      if (first !== undefined)
        candidates.push({ key: foundKey(first.indexNumber, first.glyph), index: first.indexNumber, glyph: first.glyph, tier: TIERS.meaning, score, rank });
    }
    if (candidates.length > 0 && read(found.size)) raise(found, candidates, TAGGED_NAME_LIMITS.perSearch);
    return work;
  }

  /**
   * A search within one pack whose first glyph is met through meanings (no
   * glyph of the pack is named for what the query asks), or that left a word
   * out (none is named for all of it): what it found first is a guess. Other
   * readings of the query are ranked right after its first
   * OTHER_READINGS.after glyphs, as the last of those:
   *
   * - when the search found at least COUNTERPART_LIMITS.below glyphs (fewer
   *   are completed by withCounterparts) with every word (with a word left
   *   out, withFullMatchesElsewhere leads with the equivalents of full
   *   matches), the pack's equivalents of what the rest of the catalog finds
   *   first (equivalentsInPack): "eatery" within Tabler found buildings, and
   *   Lucide's `utensils` points at its `tools-kitchen`;
   * - of two words or more, none being typed (a completion met it, and the
   *   words alone would answer for the words before it: "home sm" within
   *   Tabler is its `smart-home`, not its `home`), the first glyphs of each
   *   word searched alone in the pack, as which word names what is wanted is
   *   a guess ("add a comment" within Phosphor found only its plus signs, not
   *   its speech bubbles).
   *
   * They are raised in the list found, so that pages stay slices of one list
   * and `total` counts each glyph once. The passes over what was found count
   * against the search's bound, and the other searches share what is left.
   */
  private withOtherReadings(
    found: FoundList,
    parsed: ParsedMeaningQuery,
    query: MeaningQuery,
    sources: MeaningSources,
    spent: number,
    leftOut: boolean,
  ): { found: FoundList; work: number; equivalentOf?: ReadonlyMap<number, string> } {
    const first = firstOf(found);
    if (first === undefined || (first.tier !== TIERS.meaning && !leftOut)) return { found, work: spent };
    // With a word left out, the pack's equivalents of the catalog's full matches lead already (withFullMatchesElsewhere).
    const seekEquivalents = !leftOut && found.size >= COUNTERPART_LIMITS.below;
    // Three passes over what was found: for a completion, over the glyphs tied with the last of the first, for the raised.
    const bound = workBoundOf(query.workUnits);
    let work = spent + 3 * found.size;
    const eachWord = parsed.words.length >= 2 && !completed(found);
    if (work > bound || !(seekEquivalents || eachWord)) return { found, work: spent };
    // The other searches reuse the scorer's lists: what was found is kept apart while they run.
    const kept = this.beforeOtherReadings;
    kept.copyOf(found);
    const leading = this.ranker.page(kept, sources, 0, OTHER_READINGS.after);
    const last = leading[leading.length - 1] as Found;
    const led = new Set(leading.map((hit) => foundKey(hit.index, hit.glyph)));
    const raised = new Map<number, MeaningHit>();
    const add = (hit: MeaningHit) => {
      const key = foundKey(hit.index, hit.glyph);
      if (!led.has(key) && raised.size < OTHER_READINGS.most) raised.set(key, hit);
    };
    if (seekEquivalents && query.otherReadings) {
      const completion = query.otherReadings(work, OTHER_READINGS.most, led);
      work = completion.work;
      for (const equivalent of completion.equivalents.values()) add(equivalent);
    }
    if (eachWord) {
      const share = Math.floor((bound - work) / parsed.words.length);
      const bests = parsed.words.map((word) => {
        const alone = this.search(
          { ...query, q: word, limit: OTHER_READINGS.perWord, offset: 0, allBelow: undefined, keepPartial: false, otherReadings: undefined, workUnits: share },
          sources,
        );
        work += alone.work;
        return alone.hits;
      });
      // The words' firsts, then their seconds.
      for (let place = 0; place < OTHER_READINGS.perWord; place++)
        for (const best of bests) {
          const hit = best[place];
          if (hit !== undefined) add(hit);
        }
    }
    // Just below the last of the first glyphs, in the order raised: its tier and rank, each a hair under its score and
    // the one before, and the glyphs tied with it that rank after it (a pack's many `-plus` names for "add") under them.
    const hair = (steps: number) => last.score * (1 - steps * 1e-9);
    const tiedAfter = hair(raised.size + 1);
    for (let at = 0; at < kept.size; at++)
      if (kept.ranks[at] === last.rank && kept.scores[at] === last.score && !led.has(foundKey(kept.indexes[at] as number, kept.glyphs[at] as number)))
        kept.scores[at] = tiedAfter;
    const candidates = [...raised].map(
      ([key, hit], at): Raised => ({ key, index: hit.index, glyph: hit.glyph, tier: last.tier, score: hair(at + 1), rank: last.rank }),
    );
    raise(kept, candidates, candidates.length);
    const equivalentOf = new Map<number, string>();
    for (const [key, hit] of raised) if (hit.equivalentOf !== undefined) equivalentOf.set(key, hit.equivalentOf);
    return { found: kept, work, equivalentOf };
  }

  /**
   * A search within one pack that finds few glyphs by their names (fewer
   * than COUNTERPART_LIMITS.below), completed by the glyphs of that pack
   * that mean what the rest of the catalog's best results mean: a pack
   * names a thing otherwise than the words of the query do (heroicons'
   * `speaker-wave` for "loudness", which other packs call `volume`), and
   * the catalog's other packs bridge the two. The best few results of the
   * catalog without the pack are each taken as an icon whose equivalent in
   * the pack is sought (as `like=` seeks it); those not found already
   * follow the pack's own results, in the order of the results they answer.
   * A search that finds more, but only with a word left out, is completed
   * otherwise (see withFullMatchesElsewhere). The whole shares what the
   * search left of its bound on entries read.
   */
  private withCounterparts(direct: MeaningAnswer, asked: OnePackSearch): MeaningAnswer {
    const { job } = asked;
    const all = direct.all;
    if (all === undefined) return direct.leftOut ? this.withFullMatchesElsewhere(direct, asked) : direct;
    const listed = new Set(all.map((hit) => foundKey(hit.index, hit.glyph)));
    const completion = this.equivalentsInPack(asked, false, direct.work, { wanted: COUNTERPART_LIMITS.below - listed.size, led: listed });
    const added = [...completion.equivalents].filter(([key]) => !listed.has(key)).map(([, equivalent]) => equivalent);
    const hits = [...all, ...added];
    return { ...direct, total: hits.length, hits: hits.slice(job.offset, job.offset + job.limit), work: completion.work };
  }

  /**
   * A search within one pack that matched no glyph with every word of the
   * query, or only through loose links, so that one was left out, while the rest of the catalog has
   * glyphs that match them all: the pack's equivalents of those come first,
   * then what the pack matched with a word left out (the list the search
   * found, kept for this, ranked without them), so that pages are slices of
   * one list. No Tabler glyph is named for both "hard" and "copy", and the
   * search found its copies; the rest of the catalog's printers, tagged
   * "hard copy", point at Tabler's `printer`. When the bound leaves no room
   * for the equivalents, or none is found, the pack's own ranking is the answer.
   */
  private withFullMatchesElsewhere(direct: MeaningAnswer, asked: OnePackSearch): MeaningAnswer {
    const { job, sources } = asked;
    const partial = this.partial;
    // The pass over the kept list that counts the equivalents it holds is set aside first, so the searches cannot spend it.
    const reserved = direct.work + partial.size;
    if (reserved > workBoundOf(job.workUnits)) return direct;
    const completion = this.equivalentsInPack(asked, true, reserved);
    const lead = completion.equivalents;
    if (lead.size === 0) return { ...direct, work: completion.work };
    // The list is the equivalents, then what the pack matched without them: a page of it reads that far into the ranking.
    // A prefix of the ranking is the same whatever its length, as the kept list is of one pack (rank.ts spreads only several packs' hits).
    const leading = [...lead.values()].slice(job.offset, job.offset + job.limit);
    const from = Math.max(0, job.offset - lead.size);
    const rest = this.ranker
      .page(partial, sources, 0, from + job.limit + lead.size)
      .filter((hit) => !lead.has(foundKey(hit.index, hit.glyph)))
      .slice(from, from + job.limit - leading.length)
      .map((hit) => hitOfFound(hit, sources));
    const listed = partial.positionsOf(new Set(lead.keys())).size;
    return { ...direct, total: lead.size + partial.size - listed, hits: [...leading, ...rest], work: completion.work };
  }

  /**
   * The pack's equivalents (see Counterparts.of) of the best few results of
   * the rest of the catalog, by foundKey, each glyph once with the id of the
   * first result it answers (`equivalentOf`), in their order, each sought by the result's whole names (its own, its
   * variants' and aliases') and found by a name or what it means. With
   * `fullMatches`, of results that match every word of the query, the best
   * scoring at least COUNTERPART_LIMITS.anchorMinScore, as the results
   * themselves must; otherwise of results that may leave a word out, only
   * one named closely (at least COUNTERPART_LIMITS.minScore). The searches
   * share what `spent` left of the bound. With `wanted`, the search stops once
   * that many are found that `led` does not hold: the readings of
   * withOtherReadings take no more.
   */
  private equivalentsInPack(
    asked: OnePackSearch,
    fullMatches: boolean,
    spent: number,
    enough?: { wanted: number; led: ReadonlySet<number> },
  ): { equivalents: Map<number, MeaningHit>; work: number } {
    const { pack, job, sources, visibleIn, servedBy, catalog } = asked;
    const bound = workBoundOf(job.workUnits);
    // Equivalents that lead the answer come from its closest matches only; the completion of a first page reaches further.
    const reach = fullMatches ? COUNTERPART_LIMITS.leading : COUNTERPART_LIMITS;
    let work = spent;
    const anchors = this.search(
      {
        q: asked.q,
        limit: reach.searched,
        offset: 0,
        // Whatever the filters: the anchors only point at what the pack, which passed them, holds.
        packs: (other, database) => other !== pack && visibleIn(other, database),
        first: asked.first,
        everyWord: fullMatches,
        workUnits: Math.floor((bound - work) / 2),
      },
      sources,
    );
    work += anchors.work;
    // Only what the words mean, not the completions of a word being typed nor corrections, and not through weak links;
    // each whole name once among the names tried (emoji packs all call the wastebasket `wastebasket`, and Osmic numbers
    // its sizes, `waste-basket-10` and `waste-basket-14`), by a few of its glyphs, tried in turn until one has a
    // counterpart: packs name a thing alike but alias it otherwise, and only mdi's `laptop`, not lucide's, is also
    // called a computer, as heroicons calls it.
    const named = new Map<string, MeaningHit[]>();
    for (const hit of anchors.hits) {
      const whole = wholeNameOf(hit.name);
      if (hit.tier > TIERS.meaning || hit.score < COUNTERPART_LIMITS.anchorMinScore) continue;
      const same = named.get(whole);
      if (same) {
        if (same.length < COUNTERPART_LIMITS.anchorsOfOneName) same.push(hit);
      } else if (named.size < reach.anchors) named.set(whole, [hit]);
    }
    const distinct = [...named.values()];
    const inPack = (other: string, database: number) => other === pack && servedBy(other, database);
    const equivalents = new Map<number, MeaningHit>();
    let besidesLed = 0;
    for (const [at, sameName] of distinct.entries()) {
      if (enough !== undefined && besidesLed >= enough.wanted) break;
      // A glyph whose names are all those of one tried already would be sought by the same searches, and find nothing again.
      const sought = new Set<string>();
      for (const anchor of sameName) {
        const names = [...new Set([anchor.name, ...anchor.variants].map(wholeNameOf))].sort().join(' ');
        if (sought.has(names)) continue;
        sought.add(names);
        // An equal part of what is left for each name to come: a glyph tried after another of its name takes from the names after it.
        const share = Math.floor((bound - work) / (distinct.length - at));
        // Sought by the result's whole names, and as close as an anchor must be; of a result that may leave a word out, closer.
        const counterparts = this.counterparts.of(anchor, { offset: 0, limit: 1 }, sources, inPack, catalog, {
          workUnits: share,
          wholeNames: true,
          minScore: fullMatches ? COUNTERPART_LIMITS.anchorMinScore : COUNTERPART_LIMITS.minScore,
          drawn: job.style,
        });
        work += counterparts.work;
        // Found by a name or what it means, not by a category's title nor a correction.
        const found = counterparts.hits.filter((hit) => hit.tier <= TIERS.meaning);
        for (const hit of found) {
          const key = foundKey(hit.index, hit.glyph);
          if (equivalents.has(key)) continue;
          equivalents.set(key, { ...hit, equivalentOf: `${anchor.pack}:${anchor.name}` });
          if (!enough?.led.has(key)) besidesLed++;
        }
        if (found.length > 0) break;
      }
    }
    return { equivalents, work };
  }

  /**
   * A sentence's few full matches over the catalog, or the full matches of two words or more within one pack,
   * when the best of them met its words through loose links (`text-grammar-arrow-left` for "undo last change"),
   * give way to the sentence with one word left out (see
   * withOneWordLeftOut) if its best result stands above theirs: such full
   * matches are chance meetings of weak links. Both are judged by their best
   * hit whatever packs rank first, so that a caller's private pack does not
   * decide how well the query was matched. Else the full matches are the
   * answer, kept in `looseFull` while the trials ran.
   */
  private looseFullMatchesOrLeftOut(
    found: FoundList,
    full: Standing,
    parsed: ParsedMeaningQuery,
    query: MeaningQuery,
    sources: MeaningSources,
    spent: number,
  ): { found: FoundList; work: number; leftOut: boolean } {
    this.looseFull.copyOf(found);
    const left = this.withOneWordLeftOut(parsed, query, sources, spent, full);
    return left.found ? { found: left.found, work: left.work, leftOut: true } : { found: this.looseFull, work: left.work, leftOut: false };
  }

  /**
   * A query of several words no glyph matches in full, searched with one
   * word left out: a sentence ("put something in the cloud") holds words no
   * icon draws. Each word is left out in turn, and the search whose first
   * result is best (tier, then band of score) is the answer; of equals, the
   * one that finds fewer glyphs, whose words say more of what is asked for
   * ("crop to square" is searched for `crop`, not for `square`, which very
   * many names hold); but of two words typed side by side, the one with the
   * last word, which names what the two together are (a "hero image" is an
   * image, a "hero banner" a banner), except within one pack, where the first
   * often names its glyph (Fluent's pie chart is `data-pie`). The
   * entries the first search left unread are shared: each trial gets an
   * equal part, the one chosen is searched again with what is left, which is
   * at least its part, so that the whole stays within the search's bound.
   * A trial that read all it wanted within its part is not searched again: a
   * larger part finds the same, so its list is kept instead, and so are its
   * entries counted again, as a second search would read them. Given
   * `toBeat`, no list (undefined) unless the chosen trial's best hit stands
   * above it, and, of two words, is named by the word kept; without, always a list.
   */
  private withOneWordLeftOut(
    parsed: ParsedMeaningQuery,
    query: MeaningQuery,
    sources: MeaningSources,
    spent: number,
    toBeat?: Standing,
  ): { found: FoundList | undefined; work: number } {
    const limit = workBoundOf(query.workUnits);
    const trials = parsed.words.map((_, left) => leftOut(parsed, left, sources));
    const share = Math.floor((limit - spent) / (trials.length + 1));
    let work = spent;
    let best: { trial: ParsedMeaningQuery; top: Standing; strongest: Standing; size: number; kept: Scored | undefined } | undefined;
    let found: FoundList | undefined;
    // The trials leave out each word in turn: the first one, which keeps the last word, stands when it equals another.
    const [first, last] = parsed.words;
    const lastWordNames = parsed.words.length === 2 && parsed.pairs?.includes(`${first}-${last}`) === true && query.taggedIn === undefined;
    for (const trial of trials) {
      const tried = this.scorer.score(trial, { ...query, workUnits: share }, sources);
      work += tried.work;
      found = tried.found;
      const top = firstOf(tried.found);
      if (top === undefined) continue;
      const better = best === undefined || standsAbove(top, best.top) || (!standsAbove(best.top, top) && !lastWordNames && tried.found.size < best.size);
      if (!better) continue;
      let kept: Scored | undefined;
      if (!tried.exhausted) {
        this.kept.copyOf(tried.found);
        kept = { ...tried, found: this.kept };
      }
      best = { trial, top, strongest: bestOf(tried.found) as Standing, size: tried.found.size, kept };
    }
    // None found anything: the last trial's list is as empty as the first search's.
    if (best === undefined) return { found: toBeat === undefined ? found : undefined, work };
    // Not searched again for the rest of the bound when it cannot beat what it would replace.
    if (toBeat !== undefined && !standsAbove(best.strongest, toBeat)) return { found: undefined, work };
    // Of two words, the word kept must be a name of what was found: one word's meanings alone are no surer than both
    // words' met loosely ("without sound" within Lucide is `volume-off`, not the speakers "sound" means).
    if (toBeat !== undefined && parsed.words.length === 2 && best.strongest.tier !== TIERS.name) return { found: undefined, work };
    const chosen = best.kept ?? this.scorer.score(best.trial, { ...query, workUnits: limit - work }, sources);
    return { found: chosen.found, work: work + chosen.work };
  }

  /**
   * The glyphs that look most like a drawing (job.shape), of the packs the
   * search may read: the caller's first packs, then the most used, whole
   * packs while the look-alike search's budget lasts (see shape/look-alike.ts).
   */
  private lookAlike(
    job: MeaningJob,
    catalog: Catalog,
    sources: MeaningSources,
    servedBy: (pack: string, database: number) => boolean,
    first: ReadonlySet<string>,
  ): MeaningResults {
    const searched = [...catalog.packs.keys()].filter((pack) => {
      const database = catalog.database(pack);
      return database !== undefined && servedBy(pack, catalog.databases.indexOf(database));
    });
    const packs = lookAlikeOrder(searched, first);
    const alike = lookAlike(shapeFromHex(job.shape as string), packs, catalog, sources, first).hits;
    const style = job.style;
    // A glyph's shape is its own icon's: one whose own icon is drawn otherwise is not offered as another of its icons.
    const hits = style === undefined ? alike : alike.filter((hit) => (sources.indexes[hit.index] as GlyphIndex).ownDrawnIn(hit.glyph, style));
    const results = hits.slice(job.offset, job.offset + job.limit).map((hit): MeaningResult => {
      const index = sources.indexes[hit.index] as GlyphIndex;
      const pack = index.packIdOf(hit.glyph);
      const { name, variants } = index.nameOf(hit.glyph);
      return { id: `${pack}:${name}`, pack, name, variants };
    });
    return { query: '', total: hits.length, results };
  }
}

/** The hit with the id of the result it was found the equivalent of, when it was raised as one (see withOtherReadings). */
function withEquivalence(hit: MeaningHit, equivalentOf: ReadonlyMap<number, string> | undefined): MeaningHit {
  const of = equivalentOf?.get(foundKey(hit.index, hit.glyph));
  return of === undefined ? hit : { ...hit, equivalentOf: of };
}

/** A glyph found, with its pack and names. */
function hitOfFound(hit: Found, sources: MeaningSources): MeaningHit {
  const index = sources.indexes[hit.index] as GlyphIndex;
  return { pack: index.packIdOf(hit.glyph), ...index.nameOf(hit.glyph), tier: hit.tier, score: hit.score, index: hit.index, glyph: hit.glyph };
}

/**
 * Ranks `candidates` (best first) as found in their tiers with their
 * scores, at most `most` of them: one not listed yet is added, one listed
 * is raised unless it was found as well or better. One pass over `found`
 * tells which are listed.
 */
function raise(found: FoundList, candidates: readonly Raised[], most: number): void {
  const listed = found.positionsOf(new Set(candidates.map((candidate) => candidate.key)));
  let raised = 0;
  for (const { key, index, glyph, tier, score, rank } of candidates) {
    if (raised === most) break;
    const at = listed.get(key);
    if (at === undefined) {
      found.push(index, glyph, tier, score, rank);
      listed.set(key, found.size - 1);
      raised++;
    } else if (found.improve(at, tier, score, rank)) raised++;
  }
}

/** Whether a glyph was found by completing the word being typed: the query is then most likely a start. */
function completed(found: FoundList): boolean {
  for (let at = 0; at < found.size; at++) if (found.tiers[at] === TIERS.partial) return true;
  return false;
}

/**
 * The best of a query's full matches when they are weighed against the query with a word left out (see
 * looseFullMatchesOrLeftOut), its words met through loose links: its score under LOOSE_FULL_MATCHES.score, and no
 * name holding every word. Over the catalog, those of a query of three words or more, when they are fewer than a first
 * page: two words met together, however loosely, were more often right than either alone. Within one pack, those of a
 * query of two words or more, however many, met through meanings: the glyphs of a pack that meet every word only
 * through loose meanings were more often wrong than its glyphs found for fewer words (of two words, only for a word
 * that names them: see withOneWordLeftOut), but a word being typed, or misspelt, is met by a completion or a
 * correction that scores as low, and leaving it out would answer for the words before it. docs/search.md has the
 * figures.
 */
function looseFullMatchOf(found: FoundList, words: number, query: MeaningQuery): Standing | undefined {
  if (query.everyWord) return undefined;
  const onePack = query.taggedIn !== undefined;
  if (onePack ? words < 2 : words < 3 || found.size >= LOOSE_FULL_MATCHES.fewerThan) return undefined;
  const full = bestOf(found);
  if (full === undefined || full.score >= LOOSE_FULL_MATCHES.score) return undefined;
  return (onePack ? full.tier === TIERS.meaning : full.tier !== TIERS.name) ? full : undefined;
}
