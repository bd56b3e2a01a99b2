import { DEFAULT_PREVIEW_SIZE, MAX_PREVIEW_BODY, MAX_PREVIEW_RATIO, MAX_WAITING_PREVIEWS, PREVIEW_SIZES } from '../preview-limits.js';
import { MAX_BUNDLE_BODY_BYTES, MAX_BUNDLE_ICONS, MAX_PACK_ZIPS, MAX_ZIP_FILES } from '../bundle-limits.js';
import { MAX_CHANGES_ICONS, MAX_FEED_REVISIONS } from '../changes-limits.js';
import { MAX_WAITING_REVISION_JOBS } from '../revision-limits.js';
import { type BundleFormat, FRAMEWORKS, momentBasePath, NPM_SCOPE, pathOf } from '../paths.js';
import { MAX_BODY_BYTES } from '../target.js';
import { FILE_FORMATS } from './bundle-files.js';
import { NPM_ABBREVIATED_TYPE } from '../resource.js';

/**
 * The OpenAPI 3.1 description of the registry, served at /r/openapi.json.
 * `basePath` becomes the server URL, so clients generated from it work
 * behind a path prefix too.
 */
export function openApiDocument(basePath: string, version: string): object {
  const name = { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 128 };
  const problem = (description: string) => ({
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
  });
  const json = (description: string, schema: object) => ({
    description,
    headers: {
      ETag: { $ref: '#/components/headers/ETag' },
      'Last-Modified': { $ref: '#/components/headers/LastModified' },
      'Cache-Control': { $ref: '#/components/headers/CacheControl' },
    },
    content: { 'application/json': { schema } },
  });
  const conditional = [{ $ref: '#/components/parameters/IfNoneMatch' }, { $ref: '#/components/parameters/IfModifiedSince' }];
  const errors = {
    '304': { description: 'Not modified: the cached copy named by If-None-Match or If-Modified-Since is current.' },
    '400': problem('Malformed request target (bad_request).'),
    '405': problem('Method other than GET, HEAD or OPTIONS (method_not_allowed).'),
    '414': problem('Request target over 2048 bytes (uri_too_long).'),
    '500': problem('Unexpected failure (internal_error).'),
  };
  /** The problems of the npm routes, in the form npm's clients read: a problem document whose `error` repeats the detail. */
  const npmProblem = (description: string) => ({
    description,
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/NpmProblem' } } },
  });
  const answer = (description: string, type: string, schema: object) => ({ ...json(description, schema), content: { [type]: { schema } } });
  const icons = {
    name: 'icons',
    in: 'query',
    required: true,
    description: `Icon ids 'pack:name', separated by commas (or in several icons parameters): at most ${MAX_BUNDLE_ICONS} distinct ids, within the 2048 bytes of a request target. Order and repeats do not change the answer.`,
    schema: { type: 'string', example: 'mdi:home,lucide:trash' },
  };
  const fileFormat = (whole: string) => ({
    name: 'format',
    in: 'query',
    required: false,
    description: `The files of the zip: svg gives ${whole}/{name}.svg (each the icon document svg), react gives {pack}/{name}.tsx (each the icon document react).`,
    schema: { type: 'string', enum: FILE_FORMATS, default: 'svg' },
  });
  const bundleErrors = {
    ...errors,
    '400': problem(
      `No icons, a malformed id (bad_request), more than ${MAX_BUNDLE_ICONS} ids (too_many_icons), icons holding more than ${MAX_BUNDLE_BODY_BYTES / (1024 * 1024)} MB of SVG (bundle_too_large), an unknown format, or two icons of one symbol id in a sprite (bad_request).`,
    ),
  };
  const bundle = (format: BundleFormat, summary: string, type: string, schema: object, parameters: object[] = []) => ({
    get: {
      operationId: `getBundle${format[0]?.toUpperCase()}${format.slice(1)}`,
      summary,
      parameters: [icons, ...parameters, ...conditional],
      responses: { '200': answer(summary, type, schema), ...bundleErrors },
    },
  });
  const zip = { type: 'string', contentMediaType: 'application/zip' };
  const { '400': _anyBadRequest, ...errorsBut400 } = errors;
  const changesParameter = {
    pack: { name: 'pack', in: 'query', description: 'A pack: its changes (with from), else its revisions.', schema: name },
    from: { name: 'from', in: 'query', description: 'With pack: the earlier revision.', schema: { type: 'string' } },
    to: { name: 'to', in: 'query', description: 'With pack and from: the later revision; the one served when absent.', schema: { type: 'string' } },
    icons: {
      name: 'icons',
      in: 'query',
      description: `With pack and from: only these names (comma list of at most ${MAX_CHANGES_ICONS}).`,
      schema: { type: 'string' },
    },
    before: {
      name: 'before',
      in: 'query',
      description: 'With pack alone: the revisions kept before this one (the next of the page before).',
      schema: { type: 'string' },
    },
    limit: {
      name: 'limit',
      in: 'query',
      description: 'With pack alone: at most this many revisions.',
      schema: { type: 'integer', minimum: 1, maximum: MAX_FEED_REVISIONS, default: MAX_FEED_REVISIONS },
    },
    since: {
      name: 'since',
      in: 'query',
      description: 'Without pack: a date (2026-11-25) or an instant with its offset (2026-11-25T10:00:00Z), read as /at/ reads a moment.',
      schema: { type: 'string' },
    },
  };
  const revisionName = { type: 'string' };
  const count = { type: 'integer', minimum: 0 };
  const revision = {
    type: 'object',
    required: ['pack', 'version', 'previous', 'recorded', 'added', 'hidden', 'renamed', 'changed'],
    properties: {
      pack: name,
      version: revisionName,
      previous: { type: ['string', 'null'], description: "The revision before it; null for the pack's first (its counts are then 0)." },
      recorded: { type: 'string', format: 'date-time' },
      added: count,
      hidden: count,
      renamed: count,
      changed: count,
    },
  };
  const names = { type: 'array', items: name };
  const changesSchemas = [
    {
      title: 'PackChanges',
      type: 'object',
      required: ['pack', 'from', 'to', 'added', 'hidden', 'renamed', 'changed'],
      properties: {
        pack: name,
        from: revisionName,
        to: revisionName,
        added: names,
        hidden: names,
        renamed: { type: 'array', items: { type: 'object', required: ['name', 'to'], properties: { name, to: name } } },
        changed: names,
      },
    },
    {
      title: 'PackHistory',
      type: 'object',
      required: ['pack', 'served', 'before', 'revisions', 'next'],
      properties: {
        pack: name,
        served: { type: ['string', 'null'] },
        before: { type: ['string', 'null'] },
        revisions: { type: 'array', items: revision, maxItems: MAX_FEED_REVISIONS },
        next: { type: ['string', 'null'], description: 'Ask with before= this for the older revisions; null when none is left.' },
      },
    },
    {
      title: 'ChangesFeed',
      type: 'object',
      required: ['since', 'revisions'],
      properties: { since: { type: ['string', 'null'] }, revisions: { type: 'array', items: revision, maxItems: MAX_FEED_REVISIONS } },
    },
  ];
  return {
    openapi: '3.1.0',
    info: {
      title: 'icon-registry',
      version,
      description:
        'Vector icon packs as JSON: the index of packs, whole packs in IconifyJSON, and single icons with SVG and a React component, and their Vue, Svelte, Solid and plain JSX components; icons found by meaning; many icons at once as IconifyJSON, an SVG sprite or a zip, and whole packs as zips; an MCP server and llms.txt for agents.',
    },
    servers: [{ url: basePath || '/' }],
    paths: {
      [pathOf({ kind: 'index' }, '')]: {
        get: {
          operationId: 'listPacks',
          summary: 'Every pack, sorted by id',
          parameters: conditional,
          responses: { '200': json('The index of packs.', { type: 'array', items: { $ref: '#/components/schemas/RegistryEntry' } }), ...errors },
        },
      },
      [pathOf({ kind: 'search' }, '')]: {
        get: {
          operationId: 'searchIcons',
          summary: 'Icons by what the query means: names, the vocabulary, completions and corrections; variants of a glyph as one result',
          parameters: [
            { name: 'q', in: 'query', schema: { type: 'string', maxLength: 256 } },
            {
              name: 'like',
              in: 'query',
              description:
                'Instead of q, an icon id: the icon of each other pack that means the same; of its name matches as good as the best, the one whose shape is nearest.',
              schema: { type: 'string' },
            },
            {
              name: 'svg',
              in: 'query',
              description:
                'Instead of q, a pasted SVG document (at most 1,800 characters, no script, image or outside reference, at most 8 use elements): the glyphs whose shapes are nearest, nearest first, of the most used packs (or of packs) while 16,000 glyphs last.',
              schema: { type: 'string', maxLength: 1800 },
            },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 48 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 10000, default: 0 } },
            {
              name: 'packs',
              in: 'query',
              description:
                "Comma list of at most 64 pack ids; one not served is a 404 pack_not_found. Within one pack, a search that finds fewer than 10 glyphs by the pack's names is completed by the pack's equivalents of the catalog's first results, after its own; one whose first glyph is met through meanings, none being named for what is asked, ranks other readings after its first six: those equivalents, and each word's best alone.",
              schema: { type: 'string' },
            },
            { name: 'license', in: 'query', description: 'SPDX id of the packs searched.', schema: { type: 'string' } },
            { name: 'palette', in: 'query', schema: { type: 'string', enum: ['mono', 'color'] } },
            { name: 'style', in: 'query', schema: { type: 'string', enum: ['fill', 'stroke'] } },
            ...conditional,
          ],
          responses: {
            '200': json('The results, best first.', {
              type: 'object',
              required: ['query', 'total', 'results'],
              properties: {
                query: { type: 'string' },
                total: { type: 'integer' },
                didYouMean: {
                  type: 'string',
                  description:
                    'The query with misspelt words corrected, when any were; or, when a word is the name of a few icons but most likely a typo of a far commoner word, the query as likely meant (the results then match the words as typed).',
                },
                results: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['id', 'pack', 'name', 'variants', 'width', 'height', 'body'],
                    properties: {
                      id: { type: 'string' },
                      pack: name,
                      name,
                      variants: { type: 'array', items: { type: 'string' }, description: "The glyph's other names: styles and plain aliases." },
                      equivalentOf: {
                        type: 'string',
                        description:
                          'Within one pack: found as the equivalent of this result of the rest of the catalog, as the pack names the thing otherwise than the query does.',
                      },
                      width: { type: 'number' },
                      height: { type: 'number' },
                      body: { type: 'string' },
                    },
                  },
                },
              },
            }),
            '404': problem(
              'A pack of packs, or the icon of like, that the registry does not serve (pack_not_found, icon_not_found, the closest ids in suggestions).',
            ),
            '503': problem('Too many searches waiting (search_busy); retry after a second.'),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'changes' }, '')]: {
        get: {
          operationId: 'getChanges',
          summary:
            "What changed in a pack between two of its revisions (pack and from); a pack's kept revisions, newest first (pack alone); without pack, every revision kept since a moment, newest first",
          parameters: [...Object.values(changesParameter), ...conditional],
          responses: {
            '200': json(
              "With pack and from: added, hidden, renamed ({name, to}) and changed names. With pack alone: a page of the pack's revisions, each with counts of what it changed; next pages on. Without pack: the revisions recorded since since.",
              { oneOf: changesSchemas },
            ),
            '400': problem('A parameter out of its bounds, or parameters that do not go together (bad_request).'),
            '404': problem('No such pack (pack_not_found), or a revision the registry does not keep (unknown_version, the kept ones in suggestions).'),
            ...errorsBut400,
          },
        },
      },
      [pathOf({ kind: 'changes-atom' }, '')]: {
        get: {
          operationId: 'getChangesFeed',
          summary:
            "The revisions of /r/changes.json without from (every pack's since since, or with pack that pack's) as an Atom feed (RFC 4287), one entry per revision",
          parameters: [changesParameter.pack, changesParameter.before, changesParameter.limit, changesParameter.since, ...conditional],
          responses: {
            '200': answer(
              'An Atom feed: per revision, its id (tag:icon-registry,2026:{pack}@{version}), its title ({pack} {version}), when it was recorded (updated), a summary of what it changed, and a link to the changes from the revision before, relative to xml:base, the documents folder.',
              'application/atom+xml',
              { type: 'string' },
            ),
            '400': problem('A parameter out of its bounds, or from, to or icons, which only /r/changes.json reads (bad_request).'),
            '404': problem('No such pack (pack_not_found), or no revision before (unknown_version).'),
            ...errorsBut400,
          },
        },
      },
      [`${momentBasePath('', '{moment}').replace(encodeURIComponent('{moment}'), '{moment}')}/{route}`]: {
        get: {
          operationId: 'getAtMoment',
          summary:
            'Any route (documents, pinned documents, search, the Iconify API) as the registry answered it at a past moment; the answers never change (immutable)',
          parameters: [
            {
              name: 'moment',
              in: 'path',
              required: true,
              description: 'A date (2026-11-25, its start in UTC) or an instant with its offset (2026-11-25T10:00:00Z), at least 10 s in the past.',
              schema: { type: 'string' },
            },
            {
              name: 'route',
              in: 'path',
              required: true,
              description: 'The path of any route under the base path, slashes included.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': { description: "The route's answer at that moment, cached as immutable." },
            '404': problem(
              "A moment that is no date or instant is a 400 (bad_request). A moment before the registry served anything (before_first_revision), one not settled yet (moment_not_settled), a route not answered at a moment: what changed and npm's packages (not_at_a_moment), or what the route answered then.",
            ),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'pack', pack: '{pack}@{version}' }, '')]: {
        get: {
          operationId: 'getPinnedPack',
          summary:
            'A pack as one revision drew it: the same bytes for as long as the revision is kept (immutable); a range or latest redirects to its revision',
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'version', in: 'path', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': json("The revision's pack document; info.version names it.", { $ref: '#/components/schemas/PackDocument' }),
            '302': { description: 'A range (^1.2.100, 1) or latest: the exact revision it resolves to now is in Location.' },
            '404': problem('No such pack (pack_not_found), or no such revision (unknown_version, the kept ones in suggestions).'),
            '503': problem(`More than ${MAX_WAITING_REVISION_JOBS} revisions' documents are waiting to be made in this process (too_busy, with Retry-After).`),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'icon', pack: '{pack}@{version}', name: '{name}' }, '')]: {
        get: {
          operationId: 'getPinnedIcon',
          summary: 'An icon as one revision drew it (immutable); a range or latest redirects to its revision',
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'version', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'name', in: 'path', required: true, schema: name },
          ],
          responses: {
            '200': json("The icon document of that revision; its component's licence comment names the revision.", {
              $ref: '#/components/schemas/IconDocument',
            }),
            '302': { description: 'A range or latest: the exact revision it resolves to now is in Location.' },
            '404': problem(
              "No such pack (pack_not_found), revision (unknown_version, the kept ones in suggestions) or icon (icon_not_found, the revision's closest names in suggestions, as pack@version:name).",
            ),
            '503': problem(
              `More than ${MAX_WAITING_REVISION_JOBS} revisions' documents are waiting to be made in this process, the first icon of a revision no update has kept among them (too_busy, with Retry-After).`,
            ),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'pack', pack: '{pack}' }, '')]: {
        get: {
          operationId: 'getPack',
          summary: 'One whole pack in IconifyJSON',
          parameters: [{ name: 'pack', in: 'path', required: true, schema: name }, ...conditional],
          responses: {
            '200': json('The pack document.', { $ref: '#/components/schemas/PackDocument' }),
            '404': problem('No such pack (pack_not_found, with suggestions) or no such path (not_found).'),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'icon', pack: '{pack}', name: '{name}' }, '')]: {
        get: {
          operationId: 'getIcon',
          summary: 'One icon or alias, with its SVG and React component; also a shadcn registry item',
          parameters: [{ name: 'pack', in: 'path', required: true, schema: name }, { name: 'name', in: 'path', required: true, schema: name }, ...conditional],
          responses: {
            '200': json('The icon document.', { $ref: '#/components/schemas/IconDocument' }),
            '404': problem('No such pack (pack_not_found) or icon (icon_not_found), with suggestions.'),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'preview', pack: '{pack}', name: '{name}' }, '')]: {
        get: {
          operationId: 'getIconPreview',
          summary:
            "One icon or alias drawn as a PNG at a few fixed sizes (by resvg, as the page shows heavy multicolour glyphs), kept like the pack's documents; never compressed again",
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'name', in: 'path', required: true, schema: name },
            {
              name: 'size',
              in: 'query',
              required: false,
              description: `Pixels high; a wide icon is at most ${MAX_PREVIEW_RATIO} times as wide, fitted to that width beyond it.`,
              schema: { type: 'integer', enum: PREVIEW_SIZES, default: DEFAULT_PREVIEW_SIZE },
            },
            ...conditional,
          ],
          responses: {
            '200': answer('The PNG.', 'image/png', { type: 'string', contentMediaType: 'image/png' }),
            '400': problem('A size not listed, size given twice, or any other parameter (bad_request).'),
            '404': problem(
              `No such pack (pack_not_found) or icon (icon_not_found), with suggestions; or an icon of more than ${MAX_PREVIEW_BODY} characters of markup (no_preview).`,
            ),
            '503': problem(`More than ${MAX_WAITING_PREVIEWS} previews are waiting to be drawn in this process (too_busy, with Retry-After).`),
            ...errorsBut400,
            '500': problem('The icon could not be drawn (preview_failed), or an unexpected failure (internal_error).'),
          },
        },
      },
      [pathOf({ kind: 'previews' }, '')]: {
        get: {
          operationId: 'getPreviews',
          summary:
            "Many icons' previews at one size in one answer, each as data: URL of the PNG its own route answers (a screen of heavy glyphs in a few requests rather than one per icon)",
          parameters: [
            icons,
            {
              name: 'size',
              in: 'query',
              required: false,
              description: 'Pixels high, as for one preview.',
              schema: { type: 'integer', enum: PREVIEW_SIZES, default: DEFAULT_PREVIEW_SIZE },
            },
            ...conditional,
          ],
          responses: {
            '200': json('The previews, and the ids without one.', { $ref: '#/components/schemas/Previews' }),
            '400': problem(
              `No icons or a malformed id (bad_request), more than ${MAX_BUNDLE_ICONS} ids (too_many_icons), a size not listed, size given twice, or any other parameter (bad_request).`,
            ),
            '503': problem(`More than ${MAX_WAITING_PREVIEWS} previews are waiting to be drawn in this process (too_busy, with Retry-After).`),
            ...errorsBut400,
          },
        },
      },
      [pathOf({ kind: 'component', framework: 'vue', pack: '{pack}', name: '{name}' }, '').replace('/vue/', '/{framework}/')]: {
        get: {
          operationId: 'getComponent',
          summary:
            "One icon's component for a framework, as a registry item of that framework's CLI (shadcn-vue, shadcn-svelte; shadcn for Solid and plain JSX)",
          parameters: [
            { name: 'framework', in: 'path', required: true, schema: { type: 'string', enum: [...FRAMEWORKS] } },
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'name', in: 'path', required: true, schema: name },
            ...conditional,
          ],
          responses: {
            '200': json('The framework item.', { $ref: '#/components/schemas/FrameworkDocument' }),
            '404': {
              description:
                "No such pack (pack_not_found) or icon (icon_not_found): a problem as the CLIs show it, application/json with the suggestions in detail, also on the status line's reason phrase.",
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
            },
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'iconify-json-package', pack: '{pack}' }, '')]: {
        get: {
          operationId: 'getPackAsPackage',
          summary:
            'One whole pack where a CDN serves the npm package @iconify-json/{pack} (for UnoCSS preset-icons `cdn`); the same document as /r/{pack}.json',
          parameters: [{ name: 'pack', in: 'path', required: true, schema: name }, ...conditional],
          responses: {
            '200': json('The pack document.', { $ref: '#/components/schemas/PackDocument' }),
            '404': problem('No such pack (pack_not_found, with suggestions).'),
            ...errors,
          },
        },
      },
      // npm sends the escaped form, `@iconify-json%2f{pack}`, and both are answered: the plain one reads better as a template.
      [pathOf({ kind: 'npm-packument', name: `${NPM_SCOPE}/{pack}`, pack: '{pack}' }, '').replace('%2f', '/')]: {
        get: {
          operationId: 'getNpmPackument',
          summary:
            "The packument of the npm package @iconify-json/{pack} (also at @iconify-json%2f{pack}, as npm asks): every kept revision of the pack as a version, latest the one served; abbreviated when Accept asks for npm's install form",
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'Accept', in: 'header', required: false, schema: { type: 'string', example: NPM_ABBREVIATED_TYPE } },
            ...conditional,
          ],
          responses: {
            '200': {
              ...json('The packument; its tarball addresses are absolute, made from the Host header (and X-Forwarded-Proto).', {
                $ref: '#/components/schemas/Packument',
              }),
              content: {
                'application/json': { schema: { $ref: '#/components/schemas/Packument' } },
                [NPM_ABBREVIATED_TYPE]: { schema: { $ref: '#/components/schemas/Packument' } },
              },
            },
            '400': npmProblem('No Host header naming the server (bad_request), or a malformed request target.'),
            '404': npmProblem('No such pack (pack_not_found), or a package outside @iconify-json (package_not_found).'),
            '503': npmProblem('Too many packages waiting to be made (too_busy, with Retry-After).'),
            ...Object.fromEntries(Object.entries(errors).filter(([status]) => status !== '400')),
          },
        },
      },
      [pathOf({ kind: 'npm-tarball', name: `${NPM_SCOPE}/{pack}`, pack: '{pack}', file: '{file}' }, '')]: {
        get: {
          operationId: 'getNpmTarball',
          summary:
            'A version of @iconify-json/{pack} as a tarball ({pack}-{version}.tgz), laid out as the real packages are; made once, the same bytes for good (immutable)',
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'file', in: 'path', required: true, schema: { type: 'string', example: 'lucide-1.2.137.tgz' } },
            ...conditional,
          ],
          responses: {
            '200': answer('The tarball, never compressed again.', 'application/octet-stream', { type: 'string', contentMediaType: 'application/gzip' }),
            '404': npmProblem('No such pack (pack_not_found), or no such version (unknown_version).'),
            '503': npmProblem('Too many packages waiting to be made (too_busy, with Retry-After).'),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'bundle', format: 'json' }, '')]: bundle(
        'json',
        'Many icons of any packs: one IconifyJSON per pack, and the ids not served',
        'application/json',
        {
          $ref: '#/components/schemas/Bundle',
        },
      ),
      [pathOf({ kind: 'bundle', format: 'svg' }, '')]: bundle(
        'svg',
        'Many icons of any packs as an SVG sprite: a <symbol id="{pack}-{name}" viewBox="..."> per icon, ids not served named in a comment',
        'image/svg+xml',
        { type: 'string' },
      ),
      [pathOf({ kind: 'bundle', format: 'zip' }, '')]: bundle(
        'zip',
        'Many icons of any packs as a zip of files, ids not served listed in MISSING.txt; never compressed again',
        'application/zip',
        zip,
        [fileFormat('{pack}')],
      ),
      [pathOf({ kind: 'pack-zip', pack: '{pack}' }, '')]: {
        get: {
          operationId: 'getPackZip',
          summary: 'Every icon and alias of a pack as a zip of files, made as it is sent (chunked, no Content-Length), never compressed again',
          parameters: [{ name: 'pack', in: 'path', required: true, schema: name }, fileFormat('{pack}'), ...conditional],
          responses: {
            '200': answer('The zip.', 'application/zip', zip),
            '400': problem(`An unknown format (bad_request), or a pack of more than ${MAX_ZIP_FILES} icons (too_many_files).`),
            '404': problem('No such pack (pack_not_found, with suggestions).'),
            '503': problem(`More than ${MAX_PACK_ZIPS} packs are being zipped by this process (too_busy, with Retry-After).`),
            ...Object.fromEntries(Object.entries(errors).filter(([status]) => status !== '400')),
          },
        },
      },
      [pathOf({ kind: 'pack-zip', pack: '{pack}@{version}' }, '')]: {
        get: {
          operationId: 'getPinnedPackZip',
          summary:
            "Every icon and alias of one revision of a pack as a zip of files, laid out as the pack's zip and dated when the revision was recorded: the same bytes for as long as the revision is kept (immutable); a range or latest redirects to its revision",
          parameters: [
            { name: 'pack', in: 'path', required: true, schema: name },
            { name: 'version', in: 'path', required: true, schema: { type: 'string' } },
            fileFormat('{pack}'),
            ...conditional,
          ],
          responses: {
            '200': answer("The zip; its components' licence comments name the revision.", 'application/zip', zip),
            '302': { description: 'A range (^1.2.100, 1) or latest: the exact revision it resolves to now is in Location, with the query.' },
            '400': problem(`An unknown format (bad_request), or a revision of more than ${MAX_ZIP_FILES} icons (too_many_files).`),
            '404': problem('No such pack (pack_not_found), or no such revision (unknown_version, the kept ones in suggestions).'),
            '503': problem(
              `More than ${MAX_PACK_ZIPS} packs are being zipped by this process, or, for the first of a revision no update has kept, more than ${MAX_WAITING_REVISION_JOBS} revisions' documents are waiting to be made (too_busy, with Retry-After).`,
            ),
            ...Object.fromEntries(Object.entries(errors).filter(([status]) => status !== '400')),
          },
        },
      },
      [pathOf({ kind: 'mcp' }, '')]: {
        post: {
          operationId: 'mcp',
          summary:
            'The MCP server, over Streamable HTTP without sessions: one JSON-RPC message per POST (initialize, tools/list, tools/call), each request answered with one JSON body. Its tools search icons by meaning, give icons as SVG, components, IconifyJSON, CSS or UnoCSS classes, match an icon in other packs, list packs, give a pack’s changes and the install command of shadcn, shadcn-vue and shadcn-svelte. The one route that takes POST; it changes nothing.',
          parameters: [
            { name: 'Accept', in: 'header', required: true, schema: { type: 'string', example: 'application/json, text/event-stream' } },
            { name: 'MCP-Protocol-Version', in: 'header', required: false, schema: { type: 'string' } },
          ],
          requestBody: {
            required: true,
            description: `A JSON-RPC message of the Model Context Protocol, at most ${MAX_BODY_BYTES / 1024} KB; a batch (an array) is refused.`,
            content: { 'application/json': { schema: { type: 'object', required: ['jsonrpc', 'method'] } } },
          },
          responses: {
            '200': { description: 'The JSON-RPC response.', content: { 'application/json': { schema: { type: 'object', required: ['jsonrpc'] } } } },
            '202': { description: 'A notification, accepted.' },
            '400': { description: 'Not a JSON-RPC message, or a batch (a JSON-RPC error).', content: { 'application/json': { schema: { type: 'object' } } } },
            '405': problem('GET, HEAD or any method but POST and OPTIONS: the server offers no event stream (method_not_allowed, with Allow: POST, OPTIONS).'),
            '406': { description: 'An Accept that does not list application/json and text/event-stream (a JSON-RPC error).' },
            '413': problem(`A body over ${MAX_BODY_BYTES / 1024} KB (content_too_large); the connection is closed.`),
            '415': { description: 'A Content-Type other than application/json (a JSON-RPC error).' },
          },
        },
      },
      [pathOf({ kind: 'llms' }, '')]: {
        get: {
          operationId: 'getLlmsTxt',
          summary: 'What the registry is and how its routes are used, for agents that read rather than call, in the llms.txt convention (Markdown)',
          responses: { '200': { description: 'The text.', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
    },
    components: {
      parameters: {
        IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
        IfModifiedSince: { name: 'If-Modified-Since', in: 'header', required: false, schema: { type: 'string' } },
      },
      headers: {
        ETag: { description: 'Strong entity tag of the bytes sent.', schema: { type: 'string' } },
        LastModified: { description: "The pack's lastModified, when known.", schema: { type: 'string' } },
        CacheControl: { description: 'public, max-age=<seconds>', schema: { type: 'string' } },
      },
      schemas: {
        NpmProblem: {
          allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', required: ['error'], properties: { error: { type: 'string' } } }],
        },
        Packument: {
          type: 'object',
          required: ['name', 'dist-tags', 'versions'],
          properties: {
            name: { type: 'string' },
            'dist-tags': { type: 'object', required: ['latest'], properties: { latest: { type: 'string' } } },
            versions: {
              type: 'object',
              additionalProperties: {
                type: 'object',
                required: ['name', 'version', 'dist'],
                properties: {
                  name: { type: 'string' },
                  version: { type: 'string' },
                  dist: {
                    type: 'object',
                    required: ['tarball', 'integrity', 'shasum'],
                    properties: { tarball: { type: 'string' }, integrity: { type: 'string' }, shasum: { type: 'string' } },
                  },
                },
              },
            },
            time: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        Author: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, url: { type: 'string' } } },
        License: {
          type: 'object',
          required: ['title'],
          properties: { title: { type: 'string' }, spdx: { type: 'string' }, url: { type: 'string' } },
        },
        RegistryEntry: {
          type: 'object',
          required: ['id', 'name', 'total', 'author', 'license'],
          properties: {
            id: name,
            name: { type: 'string' },
            total: { type: 'integer', minimum: 0 },
            author: { $ref: '#/components/schemas/Author' },
            license: { $ref: '#/components/schemas/License' },
            category: { type: 'string' },
            samples: { type: 'array', items: { type: 'string' } },
            palette: { type: 'boolean' },
            height: { oneOf: [{ type: 'number' }, { type: 'array', items: { type: 'number' } }] },
          },
        },
        PackDocument: {
          type: 'object',
          description: 'IconifyJSON (types in @iconify/types); every other field of the source is kept.',
          required: ['prefix', 'icons', 'aliases', 'width', 'height', 'info'],
          properties: {
            prefix: name,
            info: { type: 'object', required: ['name', 'author', 'license'] },
            icons: { type: 'object', additionalProperties: { type: 'object', required: ['body'] } },
            aliases: { type: 'object', additionalProperties: { type: 'object', required: ['parent'] } },
            width: { type: 'number' },
            height: { type: 'number' },
            lastModified: { type: 'integer' },
          },
        },
        IconDocument: {
          type: 'object',
          required: ['id', 'pack', 'name', 'width', 'height', 'body', 'svg', 'react', '$schema', 'type', 'files', 'state'],
          properties: {
            id: { type: 'string', description: '<pack>:<name>' },
            pack: name,
            name,
            width: { type: 'number', description: 'viewBox width' },
            height: { type: 'number', description: 'viewBox height' },
            body: { type: 'string', description: 'Inner SVG markup of svg.' },
            svg: { type: 'string', description: 'Complete SVG, as @iconify/utils iconToSVG + iconToHTML make it.' },
            react: { type: 'string', description: 'TSX source of a React component.' },
            state: {
              type: 'string',
              enum: ['active', 'hidden', 'renamed'],
              description: 'Drawn as itself, hidden (addressable but no longer listed), or renamed: an alias drawing another name as it is.',
            },
            successor: { ...name, description: 'For a renamed icon, the name its glyph goes by now.' },
            $schema: { type: 'string', const: 'https://ui.shadcn.com/schema/registry-item.json' },
            type: { type: 'string', const: 'registry:component' },
            title: { type: 'string' },
            description: { type: 'string' },
            files: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'type', 'target', 'content'],
                properties: { path: { type: 'string' }, type: { type: 'string' }, target: { type: 'string' }, content: { type: 'string' } },
              },
            },
          },
        },
        FrameworkDocument: {
          type: 'object',
          description:
            'The icon document without react, with the component in a field named after the framework (vue, svelte, solid or jsx), as a registry item of its CLI.',
          required: ['id', 'pack', 'name', 'width', 'height', 'body', 'svg', '$schema', 'type', 'files', 'docs', 'meta'],
          properties: {
            id: { type: 'string', description: '<pack>:<name>' },
            pack: name,
            name,
            width: { type: 'number' },
            height: { type: 'number' },
            body: { type: 'string' },
            svg: { type: 'string' },
            vue: { type: 'string', description: 'A Vue 3 SFC (script setup, lang ts).' },
            svelte: { type: 'string', description: 'A Svelte 5 component (lang ts, rest props spread).' },
            solid: { type: 'string', description: 'A Solid component in TSX.' },
            jsx: { type: 'string', description: 'A React component in plain JSX.' },
            $schema: { type: 'string' },
            type: { type: 'string', const: 'registry:component' },
            files: {
              type: 'array',
              items: {
                type: 'object',
                required: ['type', 'content'],
                properties: { path: { type: 'string' }, type: { type: 'string' }, target: { type: 'string' }, content: { type: 'string' } },
              },
            },
            docs: { type: 'string' },
            meta: { type: 'object' },
          },
        },
        Previews: {
          type: 'object',
          required: ['size', 'previews', 'missing', 'no_preview'],
          properties: {
            size: { type: 'integer', enum: PREVIEW_SIZES, description: 'Pixels high of every preview.' },
            previews: {
              type: 'object',
              description: 'By id, the PNG its own route answers at that size, as a data: URL.',
              additionalProperties: { type: 'string', pattern: '^data:image/png;base64,' },
            },
            missing: {
              type: 'array',
              description: 'Ids asked for that this registry (as the request may see it) does not serve, sorted.',
              items: { type: 'string' },
            },
            no_preview: {
              type: 'array',
              description: `Ids served that have no preview (more than ${MAX_PREVIEW_BODY} characters of markup, or not drawable): draw their SVG. Sorted.`,
              items: { type: 'string' },
            },
          },
        },
        Bundle: {
          type: 'object',
          required: ['packs', 'missing'],
          properties: {
            packs: {
              type: 'object',
              description:
                "By pack id, the IconifyJSON of the icons asked for (with the icons their aliases lead to) and the set's info, as the Iconify API answers /{pack}.json?icons=.",
              additionalProperties: { $ref: '#/components/schemas/PackDocument' },
            },
            missing: {
              type: 'array',
              description: 'Ids asked for that this registry (as the request may see it) does not serve, sorted.',
              items: { type: 'string' },
            },
          },
        },
        Problem: {
          type: 'object',
          description: 'RFC 9457 problem details.',
          required: ['type', 'title', 'status', 'code', 'detail'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            code: {
              type: 'string',
              enum: [
                'pack_not_found',
                'icon_not_found',
                'too_many_icons',
                'bundle_too_large',
                'too_many_files',
                'too_busy',
                'not_found',
                'method_not_allowed',
                'bad_request',
                'uri_too_long',
                'content_too_large',
                'header_too_large',
                'request_timeout',
                'internal_error',
              ],
            },
            detail: { type: 'string' },
            suggestions: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  };
}
