// A problem with the command line or its input files: one clear line, exit code 2, nothing written.
export class UsageError extends Error {
  override name = 'UsageError';
  /** A command-line mistake, where the usage text helps; a problem with an input file stays one line. */
  readonly showUsage: boolean;
  constructor(message: string, showUsage = false) {
    super(message);
    this.showUsage = showUsage;
  }
}
