/*
 * Starts the reference Iconify API (@iconify/api) as it runs with its
 * default source, the whole @iconify/json package, but reading the package
 * installed here instead of downloading it: the sets of its collections.json,
 * in that order (the order its search ranks sets by).
 *
 * The reference keeps a cache of the sets it has loaded (about 450 MB),
 * emptied when it starts, under its working directory unless CACHE_ROOT_DIR
 * says where. Run from the project's root, that would be a folder in the
 * work tree, so without CACHE_ROOT_DIR it goes into the project's
 * git-ignored scratch/ folder instead, wherever the script is run from.
 *
 * When ICON_REGISTRY_ICONIFY_JSON names a folder laid out as @iconify/json
 * (the sample the tests serve in its place), it loads that folder instead, so
 * that both answer over the same data.
 */
import { fileURLToPath } from 'node:url';
import { appConfig } from '@iconify/api/lib/config/app.js';
import { loaded } from '@iconify/api/lib/data/loading.js';
import { startHTTPServer } from '@iconify/api/lib/http/index.js';
import { initAPI } from '@iconify/api/lib/init.js';
import { loadEnvConfig } from '@iconify/api/lib/misc/load-config.js';
import { createPackageIconSetImporter } from '@iconify/api/lib/config/importers/full-local-package.js';
import { createIconSetsPackageImporter } from '@iconify/api/lib/importers/full/json.js';
import { DirectoryDownloader } from '@iconify/api/lib/downloaders/directory.js';

appConfig.cacheRootDir = fileURLToPath(new URL('../scratch/iconify-reference-cache', import.meta.url));
loadEnvConfig();
await startHTTPServer();
const replacement = process.env.ICON_REGISTRY_ICONIFY_JSON;
const importer = replacement ? createIconSetsPackageImporter(new DirectoryDownloader(replacement), {}) : createPackageIconSetImporter('@iconify/json');
await initAPI({ importers: [importer] });
loaded();
