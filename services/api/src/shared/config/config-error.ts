/** A setting that is missing or malformed; the process stops with its one-line message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
