import { MAX_BUNDLE_BODY_BYTES, MAX_BUNDLE_ICONS, MAX_PACK_ZIPS, MAX_ZIP_FILES } from '../bundle-limits.js';
import { type BundleFormat, FRAMEWORKS, pathOf } from '../paths.js';
import { MAX_BODY_BYTES } from '../target.js';
import { FILE_FORMATS } from './bundle-files.js';

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
              description: 'Instead of q, an icon id: the icon of each other pack that means the same.',
              schema: { type: 'string' },
            },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 200, default: 48 } },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 10000, default: 0 } },
            { name: 'packs', in: 'query', description: 'Comma list of at most 64 pack ids.', schema: { type: 'string' } },
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
                didYouMean: { type: 'string', description: 'The query with misspelt words corrected, when any were.' },
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
                      width: { type: 'number' },
                      height: { type: 'number' },
                      body: { type: 'string' },
                    },
                  },
                },
              },
            }),
            '503': problem('Too many searches waiting (search_busy); retry after a second.'),
            ...errors,
          },
        },
      },
      [pathOf({ kind: 'changes' }, '')]: {
        get: {
          operationId: 'getChanges',
          summary: 'What changed in a pack between two of its revisions; without pack, every revision kept since a moment, newest first',
          parameters: [
            { name: 'pack', in: 'query', schema: name },
            { name: 'from', in: 'query', description: 'With pack: the earlier revision.', schema: { type: 'string' } },
            { name: 'to', in: 'query', description: 'With pack: the later revision; the one served when absent.', schema: { type: 'string' } },
            { name: 'icons', in: 'query', description: 'With pack: only these names (comma list of at most 200).', schema: { type: 'string' } },
            { name: 'since', in: 'query', description: 'Without pack: an ISO 8601 date or instant.', schema: { type: 'string' } },
          ],
          responses: {
            '200': json('With pack: added, hidden, renamed ({name, to}) and changed names. Without: the revisions, each with counts of what it changed.', {
              type: 'object',
            }),
            '404': problem('No such pack (pack_not_found), or a revision the registry does not keep (unknown_version, the kept ones in suggestions).'),
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
            '404': problem('No such pack, revision or icon.'),
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
          required: ['id', 'pack', 'name', 'width', 'height', 'body', 'svg', 'react', '$schema', 'type', 'files'],
          properties: {
            id: { type: 'string', description: '<pack>:<name>' },
            pack: name,
            name,
            width: { type: 'number', description: 'viewBox width' },
            height: { type: 'number', description: 'viewBox height' },
            body: { type: 'string', description: 'Inner SVG markup of svg.' },
            svg: { type: 'string', description: 'Complete SVG, as @iconify/utils iconToSVG + iconToHTML make it.' },
            react: { type: 'string', description: 'TSX source of a React component.' },
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
