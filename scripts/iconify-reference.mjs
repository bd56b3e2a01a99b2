/*
 * Starts the reference Iconify API (@iconify/api) as it runs with its
 * default source, the whole @iconify/json package, but reading the package
 * installed here instead of downloading it: the sets of its collections.json,
 * in that order (the order its search ranks sets by).
 */
import { loaded } from '@iconify/api/lib/data/loading.js';
import { startHTTPServer } from '@iconify/api/lib/http/index.js';
import { initAPI } from '@iconify/api/lib/init.js';
import { loadEnvConfig } from '@iconify/api/lib/misc/load-config.js';
import { createPackageIconSetImporter } from '@iconify/api/lib/config/importers/full-local-package.js';

loadEnvConfig();
await startHTTPServer();
await initAPI({ importers: [createPackageIconSetImporter('@iconify/json')] });
loaded();
