import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_PACKS } from './paths.js';

/** The folder pack of hostile SVG files; its id is the folder name. */
export const HOSTILE_SVG_PACK = 'fixture-hostile-svg';
export const HOSTILE_SVG_DIR = join(FIXTURE_PACKS, HOSTILE_SVG_PACK);

export interface CorpusFile {
  file: string;
  /** Absolute path, as the build log names it. */
  path: string;
  markup: string;
}

/** Every `.svg` file of the hostile corpus, sorted by name. */
export function hostileSvgFiles(): CorpusFile[] {
  return readdirSync(HOSTILE_SVG_DIR)
    .filter((file) => file.endsWith('.svg'))
    .sort()
    .map((file) => ({ file, path: join(HOSTILE_SVG_DIR, file), markup: readFileSync(join(HOSTILE_SVG_DIR, file), 'utf8') }));
}

/** A corpus file as an icon body: what lies inside its root <svg>, with any prolog (XML declaration, DOCTYPE) kept in front. */
export function bodyOf(markup: string): string {
  const open = markup.search(/<svg[\s>]/i);
  const close = markup.lastIndexOf('</svg>');
  return `${markup.slice(0, open)}${markup.slice(markup.indexOf('>', open) + 1, close)}`;
}
