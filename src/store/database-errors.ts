// What the person running the bot reads when its database cannot be opened (at start, and by db:deploy
// and db:status): one sentence naming the database, never its password, and what to do, instead of a
// driver's stack trace. The drivers' errors are recognised by their codes: PostgreSQL's SQLSTATE, Node's
// system error codes, SQLite's result codes.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseUrlError, resolveDatabaseUrl, sqliteFile } from './database.ts';

/** The database a URL names, as the start-up line and the sentences below name it. */
export type DatabaseDescription =
  { kind: 'sqlite'; file: string } | { kind: 'postgresql'; host: string; port: number; database: string; user: string };

/** Which database DATABASE_URL names; throws DatabaseUrlError (a guided sentence) when it names none. */
export function describeDatabase(url: string | undefined, cwd = process.cwd()): DatabaseDescription {
  const target = resolveDatabaseUrl(url, cwd);
  if (target.kind === 'sqlite') return { kind: 'sqlite', file: sqliteFile(target) };
  const parsed = new URL(target.url);
  const user = decodeURIComponent(parsed.username) || 'postgres';
  return {
    kind: 'postgresql',
    // A socket directory or host given as a parameter (?host=/var/run/postgresql) wins, as in pg.
    host: parsed.searchParams.get('host') ?? (parsed.hostname || 'localhost'),
    port: Number(parsed.searchParams.get('port') ?? (parsed.port || 5432)),
    database: decodeURIComponent(parsed.pathname.slice(1)) || user,
    user,
  };
}

/** "PostgreSQL database tmbot on db.internal:5432 as tmbot", "SQLite file /srv/tm-bot/data/tm.db". */
export function databaseLabel(d: DatabaseDescription): string {
  return d.kind === 'sqlite'
    ? `SQLite file ${d.file}`
    : `PostgreSQL database "${d.database}" on ${where(d)} as "${d.user}"`;
}

const where = (d: { host: string; port: number }) => (d.host.startsWith('/') ? d.host : `${d.host}:${d.port}`);

/** The fields of an error and of the errors it wraps (cause, AggregateError's list), nearest first. */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; detail?: unknown }> {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!(e instanceof Object) || seen.has(e)) continue;
    seen.add(e);
    yield e as { code?: unknown; message?: unknown };
    queue.push((e as { cause?: unknown }).cause, ...((e as { errors?: unknown[] }).errors ?? []));
  }
}

function find(error: unknown, test: (code: string, message: string) => boolean): string | undefined {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (test(code, message)) return code || message;
  }
  return undefined;
}

const SSL_CERTIFICATE =
  /^(SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|CERT_HAS_EXPIRED|ERR_TLS_CERT_ALTNAME_INVALID)$/;

/**
 * The sentence for a failure to open the database DATABASE_URL names, or undefined when the error is
 * not one of the known mistakes (a bug, or a fault this module does not know: the caller shows it as it is).
 */
export function databaseProblem(error: unknown, url: string | undefined, cwd = process.cwd()): string | undefined {
  if (error instanceof DatabaseUrlError) return error.message;
  let d: DatabaseDescription;
  try {
    d = describeDatabase(url, cwd);
  } catch (urlError) {
    return urlError instanceof DatabaseUrlError ? urlError.message : undefined;
  }
  return d.kind === 'sqlite' ? sqliteProblem(error, d.file) : postgresProblem(error, d);
}

function postgresProblem(error: unknown, d: Extract<DatabaseDescription, { kind: 'postgresql' }>): string | undefined {
  const at = `PostgreSQL at ${where(d)}`;
  const has = (test: (code: string, message: string) => boolean) => find(error, test) !== undefined;
  const code = (...codes: string[]) => has((c) => codes.includes(c));
  if (code('28P01') || has((_, m) => /password authentication failed/i.test(m)))
    return (
      `${at} refused the password for user "${d.user}" (DATABASE_URL): the password is wrong, or there is no such ` +
      'user. Check the password in DATABASE_URL ' +
      '(characters such as @ : / # ? must be percent-encoded there: @ is %40, # is %23), or set it on the server: ' +
      `ALTER ROLE "${d.user}" PASSWORD '…'; (CREATE ROLE "${d.user}" LOGIN PASSWORD '…'; for a new one).`
    );
  if (has((_, m) => /role ".*" does not exist/i.test(m)))
    return `${at} has no user "${d.user}" (DATABASE_URL). Create it: CREATE ROLE "${d.user}" LOGIN PASSWORD '…'; or name an existing one in DATABASE_URL.`;
  if (has((_, m) => /no pg_hba\.conf entry/i.test(m))) {
    const unencrypted = has((_, m) => /no encryption/i.test(m));
    return (
      `${at} does not accept this machine's connections for user "${d.user}" to database "${d.database}" ` +
      `(no pg_hba.conf entry${unencrypted ? ' for an unencrypted connection' : ''}): ` +
      (unencrypted ? 'add ?sslmode=require to DATABASE_URL, or ' : '') +
      "add a line for this machine's address to the server's pg_hba.conf and reload it."
    );
  }
  if (code('3D000'))
    return (
      `${at} has no database "${d.database}" (DATABASE_URL). Create it, owned by the bot's user: ` +
      `createdb -h ${d.host} -U postgres -O ${d.user} ${d.database} (or CREATE DATABASE "${d.database}" OWNER "${d.user}";). ` +
      'The bot creates its tables itself.'
    );
  if (code('42501'))
    return (
      `User "${d.user}" may not create the bot's tables in database "${d.database}" on ${where(d)} (permission denied). ` +
      `Make it the database's owner (ALTER DATABASE "${d.database}" OWNER TO "${d.user}";) or let it create in the ` +
      `schema: GRANT CREATE ON SCHEMA public TO "${d.user}";`
    );
  if (code('57P03') || has((_, m) => /the database system is (starting up|shutting down|in recovery)/i.test(m)))
    return `${at} is starting up, shutting down or recovering; start the bot again once it accepts connections (a supervisor's restart does).`;
  if (code('53300') || has((_, m) => /too many (clients|connections)/i.test(m)))
    return `${at} has no connection left (too many clients): raise max_connections (each bot process opens up to 10) or stop what holds them.`;
  if (has((_, m) => /does not support SSL/i.test(m)))
    return `${at} does not offer SSL, but DATABASE_URL asks for it: remove sslmode from DATABASE_URL, or enable ssl on the server.`;
  const certificate = find(error, (c) => SSL_CERTIFICATE.test(c));
  if (certificate)
    return (
      `${at} presented a certificate the bot does not trust (${certificate}): name its CA with ` +
      'sslrootcert=/path/to/ca.pem in DATABASE_URL, or use sslmode=no-verify to encrypt without checking it.'
    );
  if (code('ECONNREFUSED'))
    return (
      `Nothing answers at ${where(d)} (connection refused): is PostgreSQL running there, on that port, and listening ` +
      "on that address (listen_addresses)? If it runs in a container beside the bot, use the container's name as the host."
    );
  const unresolved = find(error, (c) => c === 'ENOTFOUND' || c === 'EAI_AGAIN');
  if (unresolved)
    return `The host name "${d.host}" in DATABASE_URL does not resolve (${unresolved}): check its spelling, or use the server's IP address.`;
  const silent = find(error, (c) => /^(ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET)$/.test(c));
  if (silent || has((_, m) => /timeout expired|Connection terminated due to connection timeout/i.test(m)))
    return `${where(d)} does not answer (${silent ?? 'timeout'}): a firewall, a wrong address, or the server is down.`;
  return undefined;
}

function sqliteProblem(error: unknown, file: string): string | undefined {
  const dir = path.dirname(file);
  // SQLite reports a directory as a file it cannot open, or as an I/O error.
  if (existsSync(file) && statSync(file).isDirectory())
    return `DATABASE_URL names the directory ${file}: name a file in it instead, such as file:${path.join(file, 'tm.db')}.`;
  const elsewhere = 'or point DATABASE_URL at a writable place (such as file:/var/lib/tm-bot/tm.db)';
  // Creating its directory: a part of the path is a file, or may not be written.
  const mkdir = find(error, (c) => /^(ENOTDIR|EEXIST|EACCES|EPERM|EROFS)$/.test(c));
  if (mkdir === 'ENOTDIR' || mkdir === 'EEXIST')
    return `The SQLite file ${file} cannot be created: a part of its path is a file, not a directory (${mkdir}). Move that file away, ${elsewhere}.`;
  if (mkdir === 'EROFS' || find(error, (c, m) => c === 'SQLITE_READONLY' || /read-?only/i.test(m)))
    return `The SQLite file ${file} is on a read-only file system, or may not be written by the bot: make it writable (a volume, in a container), ${elsewhere}.`;
  if (mkdir)
    return `The SQLite file ${file} cannot be created: the user running the bot (uid ${process.getuid?.() ?? '?'}) may not write to ${dir} (${mkdir}). Give it that directory (chown), ${elsewhere}.`;
  if (find(error, (c, m) => c.startsWith('SQLITE_CANTOPEN') || /unable to open database file/i.test(m)))
    return `SQLite cannot open ${file}: the user running the bot (uid ${process.getuid?.() ?? '?'}) must be able to write to the file and to ${dir}. Give it both (chown), ${elsewhere}.`;
  if (find(error, (c, m) => c.startsWith('SQLITE_BUSY') || /database is locked/i.test(m)))
    return `Another process holds the SQLite file ${file} locked: one bot process per SQLite file (stop the other one), or use PostgreSQL for several.`;
  if (find(error, (c, m) => c === 'SQLITE_FULL' || c === 'ENOSPC' || /disk is full/i.test(m)))
    return `The disk holding ${file} is full: free some space, then start again.`;
  return undefined;
}
