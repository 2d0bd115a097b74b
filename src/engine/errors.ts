/** A move the rules do not allow. Thrown inside the engine, returned as a value by `apply`. */
export class RuleError extends Error {
  override readonly name = 'RuleError';
}

export function fail(message: string): never {
  throw new RuleError(message);
}
