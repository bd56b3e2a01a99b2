import type { Registry } from '../../registry/registry.js';

/** What every tool call is answered from: the request's view of the registry, and where the registry is reached. */
export interface ToolContext {
  /** The view of the registry the request may see: private packs are there only with their token. */
  readonly registry: Registry;
  /**
   * The registry's address as the client reached it (`https://icons.example.com`),
   * for the URLs an answer gives; empty when the request named no host, and
   * the URLs are then paths from the site's root.
   */
  readonly origin: string;
}

/** A URL of the registry: its origin, its base path, then `path` (which starts with `/`). */
export function registryUrl(context: ToolContext, path: string): string {
  return `${context.origin}${path}`;
}

/** The environment variable the setups a tool gives read a private pack's token from. */
export const TOKEN_VARIABLE = 'ICONS_TOKEN';
