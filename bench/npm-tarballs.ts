/**
 * The path of the tarball each pack's npm package has at `latest`, as its
 * packument gives it: what `npm install @iconify-json/{pack}` downloads.
 * Asking for the packuments makes the tarballs, so the load that follows
 * measures serving them, not making them.
 */
export async function npmTarballPaths(origin: string, packs: readonly string[]): Promise<string[]> {
  const paths: string[] = [];
  for (const pack of packs) {
    const response = await fetch(`${origin}/npm/@iconify-json%2f${pack}`);
    if (!response.ok) throw new Error(`packument of ${pack}: ${response.status}`);
    const packument = (await response.json()) as { 'dist-tags': { latest: string }; versions: Record<string, { dist: { tarball: string } }> };
    const latest = packument.versions[packument['dist-tags'].latest];
    if (!latest) throw new Error(`packument of ${pack} lists no latest version`);
    paths.push(new URL(latest.dist.tarball).pathname);
  }
  return paths;
}
