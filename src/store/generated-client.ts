// The Prisma clients are generated at install (`npm run generate`, run by npm's postinstall). An install
// with --ignore-scripts skips that; the bot then says so instead of dying on an import error.

export const GENERATE_HINT =
  'The Prisma client has not been generated (npm install runs `npm run generate`, unless scripts were ignored). Run `npm run generate`, then start again.';

/** True when `error` is the failure to import a generated Prisma client. */
export function isMissingGeneratedClient(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'ERR_MODULE_NOT_FOUND' && /[/\\]generated[/\\]/.test(String(message));
}
