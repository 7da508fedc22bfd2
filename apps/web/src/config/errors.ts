/** A configuration variable is missing or invalid. `variable` names it. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(
    readonly variable: string,
    readonly reason: string,
    readonly received?: string,
  ) {
    super(
      `Invalid environment variable ${variable}: ${reason}` +
        (received === undefined ? "" : ` (got ${JSON.stringify(received)})`),
    );
  }
}
