import type { IconifyJSON } from '@iconify/types';
import { isObject } from '../../util/json-object.js';
import { NPM_SCOPE } from '../../core/paths.js';

/** A file of a package, at `package/{path}` in its tarball. */
export interface PackageFile {
  path: string;
  bytes: Buffer;
}

/** A package: its manifest (package.json, as the packument repeats it) and its files, package.json first. */
export interface PackageContents {
  manifest: Record<string, unknown>;
  files: PackageFile[];
}

/*
 * The layout of the real `@iconify-json/{pack}` packages, which
 * `exportJSONPackage` of @iconify/tools writes: the set split into
 * icons.json, info.json, metadata.json and chars.json, the `index` modules
 * that export the four (with their types), and a package.json whose
 * `iconSet` names the files and whose `exports` lets loaders import each.
 * Loaders that read the real packages (unplugin-icons, UnoCSS preset-icons,
 * @iconify/utils' node loader) read these the same way.
 */

/** The parts of a set, in the order of the `index` modules' exports, with their types of @iconify/types. */
const PARTS = [
  ['icons', 'IconifyJSON'],
  ['info', 'IconifyInfo'],
  ['metadata', 'IconifyMetaData'],
  ['chars', 'IconifyChars'],
] as const;
type Part = (typeof PARTS)[number][0];

/** The fields of icons.json beside `prefix` and `icons`, in the order the real packages write them. */
const ICONS_FIELDS = ['aliases', 'lastModified', 'left', 'top', 'width', 'height'] as const;
/** The fields that make up metadata.json. */
const METADATA_FIELDS = ['categories', 'themes', 'prefixes', 'suffixes'] as const;

/** JSON as the real packages write it: tab-indented, with a final newline. */
const jsonFile = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, '\t')}\n`);

/** An object's entries sorted by key, as the history keeps a revision's icons, so that a set has one form wherever it is read from. */
function sortedByName<V>(entries: Record<string, V>): Record<string, V> {
  const sorted: Record<string, V> = {};
  for (const name of Object.keys(entries).sort()) sorted[name] = entries[name] as V;
  return sorted;
}

/** What each part holds of the set; undefined for a part the set has nothing of. */
function partsOf(pack: string, set: IconifyJSON): Record<Part, Record<string, unknown> | undefined> {
  const icons: Record<string, unknown> = { prefix: pack, icons: sortedByName(set.icons) };
  for (const field of ICONS_FIELDS) {
    const value = field === 'aliases' ? (Object.keys(set.aliases ?? {}).length ? sortedByName(set.aliases ?? {}) : undefined) : set[field];
    if (value !== undefined) icons[field] = value;
  }
  const metadata: Record<string, unknown> = {};
  for (const field of METADATA_FIELDS) if (set[field]) metadata[field] = set[field];
  const chars = isObject(set.chars) && Object.keys(set.chars).length ? set.chars : undefined;
  return {
    icons,
    info: set.info ? { prefix: pack, ...set.info } : undefined,
    metadata: Object.keys(metadata).length ? metadata : undefined,
    chars,
  };
}

/**
 * The package `@iconify-json/{pack}` at `version`, made from the pack
 * document: the same document and version give the same files, byte
 * for byte, whatever order the document's fields and icons came in.
 */
export function packageContents(pack: string, version: string, set: IconifyJSON): PackageContents {
  const parts = partsOf(pack, set);
  const name = `${NPM_SCOPE}/${pack}`;
  const iconSet: Record<string, string> = {};
  const exported: Record<string, unknown> = { './*': './*', '.': { types: './index.d.ts', require: './index.js', import: './index.mjs' } };
  const files: PackageFile[] = [];
  const required: string[] = [];
  const imported: string[] = [];
  const empty: string[] = [];
  for (const [part] of PARTS) {
    const file = `${part}.json`;
    files.push({ path: file, bytes: jsonFile(parts[part] ?? {}) });
    if (parts[part]) {
      iconSet[part] = file;
      exported[`./${file}`] = `./${file}`;
      required.push(`const ${part} = require('./${file}');`);
      imported.push(`import ${part} from './${file}' with { type: 'json' };`);
    } else {
      required.push(`const ${part} = {};`);
      empty.push(`const ${part} = {};`);
    }
  }
  const names = PARTS.map(([part]) => part);
  const types = PARTS.map(([, type]) => type);
  files.push(
    { path: 'index.js', bytes: Buffer.from(`${[...required, '', ...names.map((part) => `exports.${part} = ${part};`)].join('\n')}\n`) },
    { path: 'index.mjs', bytes: Buffer.from(`${[...imported, '', ...empty, `export { ${names.join(', ')} };`].join('\n')}\n`) },
    {
      path: 'index.d.ts',
      bytes: Buffer.from(
        `${[
          `import type { ${types.join(', ')} } from '@iconify/types';`,
          '',
          `export { ${types.join(', ')} };`,
          '',
          ...PARTS.map(([part, type]) => `export declare const ${part}: ${type};`),
        ].join('\n')}\n`,
      ),
    },
    { path: 'README.md', bytes: Buffer.from(readmeOf(name, set.info?.name ?? pack)) },
  );
  const license = set.info?.license?.spdx;
  const manifest: Record<string, unknown> = {
    name,
    description: `${set.info?.name ?? pack} icon set in Iconify JSON format`,
    version,
    ...(set.info?.version ? { iconSetVersion: set.info.version } : {}),
    main: 'index.js',
    module: 'index.mjs',
    types: 'index.d.ts',
    ...(license ? { license } : {}),
    exports: exported,
    iconSet,
    dependencies: { '@iconify/types': '*' },
  };
  return { manifest, files: [{ path: 'package.json', bytes: jsonFile(manifest) }, ...files] };
}

/** The README of the real packages, for this set. */
function readmeOf(name: string, title: string): string {
  return `# ${title}

This package contains icon data for ${title} icon set.

Files:

-   Icon data is stored in \`icons.json\` in \`IconifyJSON\` format. See [IconifyJSON documentation](https://iconify.design/docs/types/iconify-json.html).
-   Icon set information is stored in \`info.json\` in \`IconifyInfo\` format. See [IconifyInfo documentation](https://iconify.design/docs/types/iconify-info.html).

## Installation

\`\`\`bash
npm install ${name} --save-dev
\`\`\`

## Usage

Icon data can be used with many tools and components, see [Iconify documentation](https://iconify.design/docs/usage/).
`;
}
