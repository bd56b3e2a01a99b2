import { SEARCH_PAGE, type SearchAnswer, type SearchHit, searchIcons } from './api.js';
import { announce, h } from './dom.js';
import { IconGrid } from './grid.js';
import { remember } from './icons.js';
import { mark, markEach } from './marks.js';
import { Newest } from './state.js';
import type { ListContext } from './view.js';
import { groupedCount } from '../src/core/grouped-count.js';

/**
 * Search results that follow the words typed: each answer replaces the
 * one before only once it has come (no empty box in between), an answer
 * that comes after a newer one is dropped, and an empty answer says so and
 * offers the registry's correction, which a click searches for.
 */
export class Results {
  readonly element = h('section', { class: 'results', 'aria-label': 'Search results' });
  private readonly searches = new Newest();
  private controller: AbortController | undefined;

  constructor(
    private readonly context: ListContext,
    private readonly options: {
      pack?: string;
      /** Called with the correction picked. */
      correct: (words: string) => void;
      /** The icons listed when nothing is searched for (a pack's), if any. */
      idle?: () => SearchHit[];
      /** The label of the grid. */
      label: (words: string) => string;
    },
  ) {}

  /** Shows the results of `words`: `answer` when given (asked for already), else asked for now. */
  async show(words: string, answer?: Promise<SearchAnswer>): Promise<void> {
    const newest = this.searches.begin();
    this.controller?.abort();
    if (!words) {
      const idle = this.options.idle?.();
      if (idle) this.draw(words, { results: idle, total: idle.length }, []);
      else {
        this.element.replaceChildren();
        this.context.setGrid(undefined);
      }
      return;
    }
    const controller = new AbortController();
    this.controller = controller;
    let found: SearchAnswer;
    try {
      found = await (answer ?? searchIcons(words, { pack: this.options.pack, signal: controller.signal }));
    } catch (error) {
      if (!newest()) return;
      this.element.replaceChildren(h('p', { class: 'empty' }, `The search did not answer: ${(error as Error).message}`));
      return;
    }
    if (!newest()) return;
    this.draw(words, found, found.results);
  }

  /** Draws `loaded` of `answer`; returns the grid drawn, if any icon was. */
  private draw(words: string, answer: SearchAnswer, loaded: SearchHit[]): IconGrid | undefined {
    const hits = [...loaded];
    for (const hit of hits) if (hit.icon) remember(hit.id, hit.icon);
    const count = h('p', { class: 'count', 'data-total': answer.total });
    const correction = answer.didYouMean && answer.didYouMean !== words ? answer.didYouMean : undefined;
    const suggestion = correction
      ? h(
          'p',
          { class: 'did-you-mean' },
          'Did you mean ',
          h('button', { type: 'button', class: 'link', id: 'did-you-mean', 'data-words': correction }, correction),
          '?',
        )
      : undefined;
    suggestion?.querySelector('button')?.addEventListener('click', () => this.options.correct(correction as string));
    const children: Node[] = [count];
    if (suggestion) children.push(suggestion);
    if (!words) count.textContent = `${groupedCount(answer.total)} icons`;
    else if (!hits.length) {
      count.textContent = '';
      children.push(h('p', { class: 'empty', id: 'no-results' }, `No icon matches “${words}”.${correction ? '' : ' Try another word, or fewer words.'}`));
    } else count.textContent = `${groupedCount(answer.total)} ${answer.total === 1 ? 'icon' : 'icons'} for “${words}”`;
    announce(words ? (hits.length ? count.textContent : `No icon matches ${words}`) : count.textContent);
    if (hits.length) {
      const grid = new IconGrid(
        hits.map((hit) => ({ id: hit.id, showPack: !this.options.pack, variants: hit.variants, equivalentOf: hit.equivalentOf })),
        this.options.label(words),
        {
          open: (index) => this.context.open(index),
          firstPaint: {
            rows: 1,
            drawn: (drawn) => {
              mark('results-painted', drawn);
              markEach('search-painted', { words, drawn });
            },
          },
        },
      );
      children.push(grid.element);
      if (words && answer.total > hits.length) {
        const more = h('button', { type: 'button', class: 'more', id: 'more-results' }, `Show ${Math.min(SEARCH_PAGE, answer.total - hits.length)} more`);
        more.addEventListener('click', async () => {
          more.disabled = true;
          const next = await searchIcons(words, { pack: this.options.pack, offset: hits.length }).catch(() => undefined);
          if (!next || !this.element.contains(more)) return;
          const first = hits.length;
          // The button clicked is gone with the grid it followed: the focus goes to the first icon it brought, not to the body.
          const drawn = this.draw(words, { ...answer, total: next.total }, [...hits, ...next.results]);
          if (next.results.length) drawn?.focus(first);
        });
        children.push(more);
      }
      this.element.replaceChildren(...children);
      this.context.setGrid(grid);
      grid.draw();
      return grid;
    }
    this.element.replaceChildren(...children);
    this.context.setGrid(undefined);
    return undefined;
  }
}
