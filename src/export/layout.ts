/** Records what an export was made from, so the next one can skip what has not changed. */
export const MANIFEST_FILE = '.icon-registry-export.json';
