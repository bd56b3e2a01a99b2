import type { IconifyIcon } from '@iconify/types';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { stringToColor } from '@iconify/utils';
import { z } from 'zod';
import { MAX_BUNDLE_BODY_BYTES, MAX_BUNDLE_ICONS } from '../../../core/bundle-limits.js';
import { pathOf } from '../../../core/paths.js';
import { badRequest, quoted, type Problem } from '../../../core/problem.js';
import type { PackSource } from '../../../registry/pack-source.js';
import { ICON_FORMATS, type IconFormat, iconFile, isFileFormat, isPackFormat, type Look, packFile, unoClass } from '../icon-forms.js';
import { type AskedIcon, iconIdSchema, idOf, parseIconId } from '../icon-ids.js';
import { type Absent, missingIcons, noneFound } from '../missing-icons.js';
import { registryUrl, TOKEN_VARIABLE, type ToolContext } from '../tool-context.js';
import { toolAnswer, toolProblem } from '../tool-result.js';

/** A height: pixels as a number, or a CSS length. */
const SIZE = /^[0-9]{1,4}(\.[0-9]{1,3})?(px|em|rem|%)?$/;
/** A CSS colour that can stand in an SVG attribute and in a component's source: a hex, a name, or an rgb()/hsl() function. */
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,32}|(rgb|rgba|hsl|hsla)\([0-9., %/]{1,48}\))$/;

export const GET_ICONS = {
  name: 'get_icons',
  title: 'Get icons as code',
  description: [
    `One icon or up to ${MAX_BUNDLE_ICONS} at once, in the form a project takes them: 'svg' (a complete <svg>), a component ('react' TSX, 'vue' SFC, 'svelte', 'solid' TSX, 'jsx' React without TypeScript),`,
    "'iconify-json' (IconifyJSON per pack, for @iconify/utils, Iconify components and build tools), 'css' (the Iconify API's CSS per pack, classes .icon--{pack}--{name}) or 'unocss' (the class of UnoCSS's preset-icons, and the config that loads the packs from this registry).",
    'Each component carries a licence comment; write it to the file named. `size` sets the height (the width follows), `color` what currentColor becomes; components are printed from that SVG.',
    'Ids may be pinned to a kept revision of their pack (lucide@1.2.100:trash). Ids not found are listed in `missing`, with the closest names.',
  ].join(' '),
  inputSchema: z.strictObject({
    icons: z.array(iconIdSchema).min(1).max(MAX_BUNDLE_ICONS).describe(`Icon ids, at most ${MAX_BUNDLE_ICONS}.`),
    format: z.enum(ICON_FORMATS).default('svg').describe('The form of the icons.'),
    size: z
      .union([z.number().positive().max(9999), z.string().regex(SIZE)])
      .optional()
      .describe("Height: a number of pixels (24), or a CSS length ('1.5em', '32px'); the width follows the icon's proportions. Not for iconify-json."),
    color: z
      .string()
      .regex(COLOR)
      // Of the words the pattern lets through, only colours: `fill="notacolour"` would paint black, and so would `face`,
      // which @iconify/utils reads as a hex without its `#` but an SVG attribute does not.
      .refine((value) => stringToColor(value) !== null && !/^[0-9a-fA-F]{3,8}$/.test(value), {
        message: "not a CSS colour: '#ff0000', 'red', 'rgb(0 0 0)'",
      })
      .optional()
      .describe("The colour currentColor becomes: '#ff0000', 'red', 'rgb(0 0 0)'. Multicolour icons keep their colours. Not for iconify-json."),
  }),
};

type Args = { icons: string[]; format: IconFormat; size?: number | string; color?: string };

/** An icon found, with the source it was found in. */
interface Found extends AskedIcon {
  source: PackSource;
  icon: IconifyIcon;
}

export async function getIcons(context: ToolContext, args: Args): Promise<CallToolResult> {
  const look: Look = { ...(args.size === undefined ? {} : { size: String(args.size) }), ...(args.color === undefined ? {} : { color: args.color }) };
  if (args.format === 'iconify-json' && (look.size !== undefined || look.color !== undefined)) {
    return toolProblem(badRequest("IconifyJSON is the icons' data: it has no size or colour. Leave out size and color, or ask for another format."));
  }
  const asked = askedIcons(args.icons);
  if ('status' in asked) return toolProblem(asked);
  const sources = new Map<string, PackSource | Problem>();
  const found: Found[] = [];
  const absent: Absent[] = [];
  let bodyBytes = 0;
  for (const icon of asked) {
    const key = `${icon.pack}@${icon.version ?? ''}`;
    let source = sources.get(key);
    if (!source) sources.set(key, (source = await context.registry.packSourceRead(icon.pack, icon.version)));
    if ('status' in source) {
      absent.push({ icon, problem: source });
      continue;
    }
    const data = source.icon(icon.name);
    if (!data) {
      absent.push({ icon, revision: source.revision });
      continue;
    }
    bodyBytes += data.body.length;
    if (bodyBytes > MAX_BUNDLE_BODY_BYTES) return toolProblem(tooLarge());
    found.push({ ...icon, source, icon: data });
  }
  const missing = await missingIcons(context.registry, absent);
  if (found.length === 0) return noneFound(missing);
  const answer = formsOf(context, args.format, found, look);
  if ('problem' in answer) return toolProblem(answer.problem);
  return toolAnswer({ format: args.format, ...answer.forms, missing });
}

/** The ids read, each once, in the order asked; the first that is no id is the problem. */
function askedIcons(ids: readonly string[]): AskedIcon[] | Problem {
  const seen = new Set<string>();
  const asked: AskedIcon[] = [];
  for (const id of ids) {
    const icon = parseIconId(id);
    if ('status' in icon) return icon;
    if (seen.has(idOf(icon))) continue;
    seen.add(idOf(icon));
    asked.push(icon);
  }
  return asked;
}

/** The icons in the form asked for, by icon, by pack, or as classes with their setup. */
function formsOf(context: ToolContext, format: IconFormat, found: readonly Found[], look: Look): { forms: Record<string, unknown> } | { problem: Problem } {
  if (isFileFormat(format)) {
    return { forms: { icons: found.map(({ pack, name, source, icon }) => ({ ...named(pack, name, source), ...iconFile(format, source, name, icon, look) })) } };
  }
  // One file per revision of a pack, however its version was asked for (a range and the version it resolves to are one).
  const sourceOf = new Map<string, PackSource>();
  const bySource = new Map<PackSource, string[]>();
  for (const { source: asked, name } of found) {
    const key = `${asked.pack}@${asked.revision ?? ''}`;
    const source = sourceOf.get(key) ?? asked;
    sourceOf.set(key, source);
    const names = bySource.get(source) ?? [];
    if (!names.includes(name)) names.push(name);
    bySource.set(source, names);
  }
  if (isPackFormat(format)) {
    return {
      forms: {
        packs: [...bySource].map(([source, names]) => ({
          pack: source.pack,
          ...(source.revision === undefined ? {} : { version: source.revision }),
          icons: names.map((name) => `${source.pack}:${name}`),
          ...packFile(format, source, names, look),
        })),
      },
    };
  }
  const packs = [...bySource.keys()].map((source) => source.pack);
  const twice = packs.find((pack, i) => packs.indexOf(pack) !== i);
  if (twice !== undefined)
    return { problem: badRequest(`A UnoCSS config loads one revision of a pack: ask for the icons of ${quoted(twice)} at one version.`) };
  return {
    forms: {
      icons: found.map(({ pack, name, source }) => ({ ...named(pack, name, source), ...unoClass(pack, name, look) })),
      setup: unoSetup(context, [...bySource.keys()]),
    },
  };
}

/** An icon's id, and the exact revision it was drawn from when pinned. */
const named = (pack: string, name: string, source: PackSource) => ({
  id: `${pack}:${name}`,
  ...(source.revision === undefined ? {} : { version: source.revision }),
});

/** The lines of `uno.config` that make preset-icons load the packs from this registry (a private pack's with the token). */
function unoSetup(context: ToolContext, sources: readonly PackSource[]): string {
  const privatePacks = new Set(context.registry.firstInSearch);
  const lines = sources.map((source) => {
    const route =
      source.revision === undefined
        ? ({ kind: 'pack', pack: source.pack } as const)
        : ({ kind: 'pinned', pack: source.pack, version: source.revision } as const);
    const url = registryUrl(context, pathOf(route, context.registry.basePath));
    const init = privatePacks.has(source.pack) ? `, { headers: { Authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\` } }` : '';
    return `      '${source.pack}': () => fetch('${url}'${init}).then((response) => response.json()),`;
  });
  return [
    '// uno.config.ts: preset-icons loads these packs from the registry (npm install -D @unocss/preset-icons)',
    "import presetIcons from '@unocss/preset-icons'",
    '',
    'export default {',
    '  presets: [',
    '    presetIcons({',
    '      collections: {',
    ...lines,
    '      },',
    '    }),',
    '  ],',
    '}',
    '',
  ].join('\n');
}

const tooLarge = (): Problem => ({
  status: 400,
  code: 'bundle_too_large',
  detail: `The icons asked for hold more than ${MAX_BUNDLE_BODY_BYTES / (1024 * 1024)} MB of SVG; ask for them in several calls.`,
});
