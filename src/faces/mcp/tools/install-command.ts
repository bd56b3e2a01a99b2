import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MAX_BUNDLE_ICONS } from '../../../core/bundle-limits.js';
import { DOCUMENTS_FOLDER, type Framework, pathOf, type Route } from '../../../core/paths.js';
import { badRequest, quoted, type Problem } from '../../../core/problem.js';
import { iconIdSchema, idOf, parseIconId } from '../icon-ids.js';
import { type Absent, missingIcons, noneFound } from '../missing-icons.js';
import { registryUrl, TOKEN_VARIABLE, type ToolContext } from '../tool-context.js';
import { toolAnswer, toolProblem } from '../tool-result.js';

const FRAMEWORK_CHOICES = ['react', 'jsx', 'solid', 'vue', 'svelte'] as const;
type FrameworkChoice = (typeof FRAMEWORK_CHOICES)[number];

/** The CLI that installs each framework's components from their registry items. */
const CLI_OF: Readonly<Record<FrameworkChoice, string>> = { react: 'shadcn', jsx: 'shadcn', solid: 'shadcn', vue: 'shadcn-vue', svelte: 'shadcn-svelte' };
/** The namespace a private pack is installed through, with the token in its headers. */
const NAMESPACE = '@icons';

export const INSTALL_COMMAND = {
  name: 'install_command',
  title: 'Install command (shadcn, shadcn-vue, shadcn-svelte)',
  description: [
    "The command that installs icons as components into a project with its components CLI: shadcn for React ('react' TSX, 'jsx', 'solid'), shadcn-vue for 'vue', shadcn-svelte for 'svelte'.",
    'Run it in the project (it has a components.json). The CLI writes each icon as a file of its own (components/icons/mdi-home.tsx) and prints its licence.',
    'A private pack installs through a namespace whose header carries the token: the answer gives the components.json entry to add, and the variable to set. Ids may be pinned (lucide@1.2.100:trash).',
  ].join(' '),
  inputSchema: z.strictObject({
    icons: z.array(iconIdSchema).min(1).max(MAX_BUNDLE_ICONS).describe(`Icon ids, at most ${MAX_BUNDLE_ICONS}.`),
    framework: z.enum(FRAMEWORK_CHOICES).default('react').describe("The project's framework; it chooses the CLI."),
  }),
};

type Args = { icons: string[]; framework: FrameworkChoice };

export async function installCommand(context: ToolContext, args: Args): Promise<CallToolResult> {
  const { registry } = context;
  const privatePacks = new Set(registry.firstInSearch);
  const items: string[] = [];
  const absent: Absent[] = [];
  let usesNamespace = false;
  const seen = new Set<string>();
  for (const id of args.icons) {
    const icon = parseIconId(id);
    if ('status' in icon) return toolProblem(icon);
    if (seen.has(idOf(icon))) continue;
    seen.add(idOf(icon));
    const source = await registry.packSourceRead(icon.pack, icon.version);
    if ('status' in source) {
      absent.push({ icon, problem: source });
      continue;
    }
    if (!source.icon(icon.name)) {
      absent.push({ icon, revision: source.revision });
      continue;
    }
    const packAt = source.revision === undefined ? icon.pack : `${icon.pack}@${source.revision}`;
    if (privatePacks.has(icon.pack)) {
      if (args.framework === 'svelte') return toolProblem(svelteSendsNoToken(icon.pack));
      usesNamespace = true;
      items.push(`${NAMESPACE}/${packAt}/${icon.name}`);
    } else {
      items.push(registryUrl(context, pathOf(itemRoute(args.framework, icon.pack, icon.name, source.revision), registry.basePath)));
    }
  }
  const missing = await missingIcons(registry, absent);
  if (items.length === 0) return noneFound(missing);
  const cli = CLI_OF[args.framework];
  const answer: Record<string, unknown> = { cli, command: `npx ${cli} add ${items.join(' ')}` };
  if (usesNamespace) {
    const template = args.framework === 'react' ? '{name}' : `${args.framework}/{name}`;
    answer.setup = {
      file: 'components.json',
      registries: {
        [NAMESPACE]: {
          url: registryUrl(context, `${registry.basePath}/${DOCUMENTS_FOLDER}/${template}.json`),
          headers: { Authorization: `Bearer \${${TOKEN_VARIABLE}}` },
        },
      },
      env: `${TOKEN_VARIABLE}: the token that reads the private pack; the CLI puts it in the header.`,
    };
  }
  answer.missing = missing;
  return toolAnswer(answer);
}

/** The registry item of an icon for a framework's CLI: the icon document for React, the framework's item otherwise; pinned to an exact revision when given. */
function itemRoute(framework: FrameworkChoice, pack: string, name: string, revision: string | undefined): Route {
  const component = framework === 'react' ? undefined : (framework as Framework);
  if (revision !== undefined) return { kind: 'pinned', pack, version: revision, name, ...(component ? { framework: component } : {}) };
  return component ? { kind: 'component', framework: component, pack, name } : { kind: 'icon', pack, name };
}

const svelteSendsNoToken = (pack: string): Problem =>
  badRequest(
    `shadcn-svelte sends no token, so it cannot install from the private pack ${quoted(pack)}: take the components with get_icons (format 'svelte') and write them to the project.`,
  );
