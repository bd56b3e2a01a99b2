/** The file name of a version's tarball, as npm's own registry names them: `lucide-1.2.137.tgz`. */
export const tarballFileOf = (pack: string, version: string) => `${pack}-${version}.tgz`;
