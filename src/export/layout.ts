/**
 * Where each document lives in an export: at its URL path, base path
 * included, so a web server whose root is the export serves the same URLs.
 */
export const indexPath = (basePath: string) => `${basePath}/r/registry.json`;
export const openApiPath = (basePath: string) => `${basePath}/r/openapi.json`;
export const packDocumentPath = (basePath: string, pack: string) => `${basePath}/r/${pack}.json`;
export const packDirectory = (basePath: string, pack: string) => `${basePath}/r/${pack}`;
export const iconPath = (basePath: string, pack: string, name: string) => `${basePath}/r/${pack}/${name}.json`;
/**
 * The problem document a web server sends for any missing path. The
 * underscore keeps it apart from every pack id (ids cannot contain one).
 */
export const notFoundPath = (basePath: string) => `${basePath}/r/_not-found.json`;
/** Records what an export was made from, so the next one can skip what has not changed. */
export const MANIFEST_FILE = '.icon-registry-export.json';
