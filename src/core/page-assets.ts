import type { Resource } from './resource.js';

/** The built page as the registry serves it: index.html and its hashed assets, each a Resource ready to send. */
export interface PageAssets {
  page: Resource;
  /** Assets by file name. */
  assets: ReadonlyMap<string, Resource>;
}
