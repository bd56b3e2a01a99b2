/** Says why a command failed, on stderr like every message of the command line; returns its exit code. */
export function fail(message: string, code: number): number {
  process.stderr.write(`icon-registry: ${message}\n`);
  return code;
}
