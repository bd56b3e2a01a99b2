import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_ASSET_NAME, PAGE_ASSETS_FOLDER } from '../../core/paths.js';
import type { PageAssets } from '../../core/page-assets.js';
import { memoryResource, type Resource } from '../../core/resource.js';

/*
 * The page (built from ui/ into dist/ui/ by scripts/build-ui.mjs): index.html,
 * its content security policy filled in here, served at the base path and
 * revalidated on every use, and its script and style sheet, named by a hash
 * of their content and cached for a year.
 */

/** Where the build puts the page, beside the compiled server. */
export const PAGE_DIR = fileURLToPath(new URL('../../ui/', import.meta.url));
export const PAGE_FILE = 'index.html';

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

/**
 * What the page may load: only its own files and the registry's routes
 * (icons are inline SVG, whose style attributes need inline styles); nothing
 * from another host, no plug-ins, not in a frame.
 */
export const PAGE_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Directives a policy in a `<meta>` element cannot hold: browsers ignore them there. */
const HEADER_ONLY_DIRECTIVES: ReadonlySet<string> = new Set(['frame-ancestors', 'report-uri', 'report-to', 'sandbox']);

/**
 * The policy as the page's `<meta http-equiv="Content-Security-Policy">`
 * carries it: every directive of the header but those a meta element cannot
 * hold. A static host that sends no header (object storage, a CDN) still
 * enforces it, and the server sends the page with the same meta, so the
 * exported file is what the server sends.
 */
export function metaSecurityPolicy(policy: string): string {
  return policy
    .split('; ')
    .filter((directive) => !HEADER_ONLY_DIRECTIVES.has(directive.split(' ', 1)[0] as string))
    .join('; ');
}

/** Where the built index.html takes the policy: the content of its meta element. */
const POLICY_PLACEHOLDER = '{{csp}}';
const attributeValue = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The built page, or undefined when there is none (dist/ui/ not built). */
export function loadPageAssets(dir = PAGE_DIR): PageAssets | undefined {
  if (!existsSync(join(dir, PAGE_FILE))) return undefined;
  const resource = (file: string, cacheControl: string, bytes = readFileSync(join(dir, file))) =>
    memoryResource({ status: 200, contentType: TYPES[file.slice(file.lastIndexOf('.') + 1)] as string, lastModified: undefined, cacheControl }, bytes);
  const assets = new Map<string, Resource>();
  for (const file of readdirSync(dir)) if (PAGE_ASSET_NAME.test(file)) assets.set(file, resource(file, 'public, max-age=31536000, immutable'));
  const html = readFileSync(join(dir, PAGE_FILE), 'utf8').replace(POLICY_PLACEHOLDER, attributeValue(metaSecurityPolicy(PAGE_SECURITY_POLICY)));
  return { page: resource(PAGE_FILE, 'no-cache', Buffer.from(html)), assets };
}

/** Every file of the page, by path relative to the base path, for the static export. */
export function pageFiles(assets: PageAssets): Array<[string, Resource]> {
  return [[PAGE_FILE, assets.page], ...[...assets.assets].map(([file, resource]): [string, Resource] => [`${PAGE_ASSETS_FOLDER}/${file}`, resource])];
}
