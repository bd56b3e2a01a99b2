import { MAX_BUNDLE_ICONS } from '../bundle-limits.js';
import { pathOf, type Route } from '../paths.js';

/**
 * `{base}/llms.txt`, in the llms.txt convention (a title, a summary in a
 * quote, then sections of links with a note each): what the registry is
 * and how its routes are used, for agents that read rather than call. The
 * links are paths from the site's root, under the base path; the page is
 * linked only where it is served.
 */
export function renderLlmsTxt(basePath: string, withPage: boolean): string {
  const path = (route: Route, query = '') => `${pathOf(route, basePath)}${query}`;
  const link = (title: string, href: string, note: string) => `- [${title}](${href}): ${note}`;
  return [
    '# icon-registry',
    '',
    '> A read-only icon registry: the packs of the Iconify catalog (each with its licence) and the company’s own packs, served as SVG, React, Vue, Svelte and Solid components, IconifyJSON and CSS, and found by what a query means. Nothing it answers changes anything.',
    '',
    "An icon's id is `pack:name` (`mdi:home`, `lucide:trash`). Pack ids and names are lower-case words joined by `-`. Private packs exist only for requests with `Authorization: Bearer <token>`; without it they answer as unknown packs. Errors are RFC 9457 problem documents whose `detail` says what is wrong and whose `suggestions` give the closest ids.",
    '',
    '## For agents',
    '',
    link(
      'MCP server',
      path({ kind: 'mcp' }),
      'Streamable HTTP (POST, JSON answers, no session). Tools: search_icons (by meaning, with an SVG of each result), get_icons (svg, react, vue, svelte, solid, jsx, iconify-json, css, unocss, at a size and colour, pinned to a revision), same_icon_in_other_packs, list_packs, pack_changes, install_command (shadcn, shadcn-vue, shadcn-svelte). Add it with `claude mcp add --transport http icons <origin>' +
        path({ kind: 'mcp' }) +
        '`.',
    ),
    link('OpenAPI description', path({ kind: 'openapi' }), 'every route of the registry’s own, its parameters, answers and errors (OpenAPI 3.1).'),
    '',
    '## Find icons',
    '',
    link(
      'Search by meaning',
      path({ kind: 'search' }, '?q=dustbin&limit=12'),
      '`q` (a few words; typos corrected), `packs` (comma list of ids), `license` (SPDX id), `style` (`fill` or `stroke`), `palette` (`mono` or `color`), `limit` (1 to 200), `offset`; `like=mdi:delete` instead of `q` gives the same icon in other packs.',
    ),
    link('Packs', path({ kind: 'index' }), 'every pack, sorted by id: name, number of icons, author, licence, category, palette, sample names.'),
    '',
    '## Take icons',
    '',
    link(
      'An icon',
      path({ kind: 'icon', pack: 'mdi', name: 'home' }),
      'its `svg`, inner `body`, size, and a typed React component (`react`); also a shadcn registry item: `npx shadcn add <this URL>` writes components/icons/mdi-home.tsx.',
    ),
    link(
      'An icon as SVG',
      path({ kind: 'iconify-svg', prefix: 'mdi', name: 'home' }, '?height=24&color=%23ff0000'),
      'the SVG file, at a height (the width follows) and with the colour that currentColor becomes.',
    ),
    link(
      'A component of another framework',
      path({ kind: 'component', framework: 'vue', pack: 'mdi', name: 'home' }),
      'also `svelte`, `solid` and `jsx` in place of `vue`; install with `npx shadcn-vue add`, `npx shadcn-svelte add` or `npx shadcn add`.',
    ),
    link(
      'Many icons at once',
      path({ kind: 'bundle', format: 'json' }, '?icons=mdi:home,lucide:trash'),
      `IconifyJSON per pack; \`bundle.svg\` is an SVG sprite, \`bundle.zip?format=react\` a zip of files; at most ${MAX_BUNDLE_ICONS} ids.`,
    ),
    link('A whole pack', path({ kind: 'pack', pack: 'mdi' }), 'the pack in IconifyJSON; `{pack}.zip` is every icon as a file.'),
    link('CSS', path({ kind: 'iconify-css', prefix: 'mdi' }, '?icons=home,account'), 'the Iconify API’s CSS of those icons (classes `.icon--mdi--home`).'),
    '',
    '## Versions',
    '',
    // Links every registry answers, a fresh one included: `latest` and a pack's history, not a revision only an update keeps.
    link(
      'A pinned icon',
      path({ kind: 'pinned', pack: 'lucide', version: 'latest', name: 'trash' }),
      'redirects to the icon as the revision served now draws it, at an address that keeps it for good (`lucide@1.2.100`, an exact kept revision); a range (`lucide@^1.2`) redirects to the newest kept revision it matches.',
    ),
    link(
      'Changes',
      path({ kind: 'changes' }, '?pack=lucide'),
      'a pack’s kept revisions, newest first; with `from={version}` (and `to`, `icons=` to check only the names a project uses), what it added, hid, renamed and redrew between two; without `pack`, the feed of revisions.',
    ),
    '',
    '## Optional',
    '',
    link(
      'Iconify API',
      path({ kind: 'iconify-collections' }),
      'the routes Iconify clients (`@iconify/react`, `iconify-icon`, Nuxt Icon) read: `/collections`, `/{pack}.json?icons=`, `/search?query=`, ...',
    ),
    ...(withPage ? [link('The page', path({ kind: 'page' }), 'a page for people to find, preview and take icons.')] : []),
    '',
  ].join('\n');
}
