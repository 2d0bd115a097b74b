// Every database mistake an operator makes at start gets one sentence saying what to do: each case here
// opens the store with the mistake made for real (a wrong password on a real server, a closed port, a path
// through a file...) and reads the sentence the bot would print.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUrlError, resolveDatabaseUrl } from './database.ts';
import { databaseLabel, databaseProblem, describeDatabase } from './database-errors.ts';
import { openStore } from './prisma-repo.ts';
import { scratchPostgres, type ScratchDatabase } from './testing.ts';
import { freePort } from '../../test/support/ports.ts';

/** The sentence for opening the store at `url`, which must fail. */
async function sentenceFor(url: string): Promise<string | undefined> {
  const opened = await openStore(url).then(
    async ({ repo }) => {
      await repo.close();
      return undefined;
    },
    (error: unknown) => ({ error }),
  );
  if (!opened) throw new Error(`the store opened at ${url}`);
  return databaseProblem(opened.error, url);
}

describe('a DATABASE_URL of the wrong form', () => {
  it.each([
    ['mysql://bot:s3cret@db:3306/tm', /MySQL database \(mysql:\/\/\*\*\*@db:3306\/tm\).*SQLite \(file:.*PostgreSQL/],
    ['sqlite:///srv/tm.db', /SQLite files are written file:PATH/],
    ['./data/tm.db', /is not a URL; for a SQLite file write file:\.\/data\/tm\.db/],
    ['file:', /needs a path/],
    ['mongodb://bot:s3cret@db/tm', /names a mongodb: database/],
    ['postgresql://bot:s3#cret@db:5432/tm', /not a valid URL: .*percent-encode them there \(# is %23/],
  ])('%s is refused with a sentence before anything is opened', async (url, sentence) => {
    expect(() => resolveDatabaseUrl(url)).toThrow(DatabaseUrlError);
    const said = await sentenceFor(url);
    expect(said).toMatch(sentence);
    expect(said).not.toContain('s3cret');
  });
});

describe('a SQLite path that cannot be used', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tm-db-mistakes-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('through a file', async () => {
    await writeFile(path.join(dir, 'a-file'), 'x');
    expect(await sentenceFor(`file:${dir}/a-file/data/tm.db`)).toMatch(
      /^The SQLite file .*a-file\/data\/tm\.db cannot be created: a part of its path is a file, not a directory \(ENOTDIR\)/,
    );
  });

  it('a directory', async () => {
    expect(await sentenceFor(`file:${dir}`)).toBe(
      `DATABASE_URL names the directory ${dir}: name a file in it instead, such as file:${dir}/tm.db.`,
    );
  });

  // sysfs takes no new files, whoever asks (root too).
  it.runIf(process.platform === 'linux')('where no file may be created', async () => {
    expect(await sentenceFor('file:/sys/kernel/tm.db')).toMatch(
      /^SQLite cannot open \/sys\/kernel\/tm\.db: the user running the bot \(uid \d+\) must be able to write/,
    );
  });
});

describe('a PostgreSQL server that cannot be used', () => {
  it('nothing listening on the port', async () => {
    const port = await freePort();
    expect(await sentenceFor(`postgresql://bot:s3cret@127.0.0.1:${port}/tm`)).toBe(
      `Nothing answers at 127.0.0.1:${port} (connection refused): is PostgreSQL running there, on that port, and listening on that address (listen_addresses)? If it runs in a container beside the bot, use the container's name as the host.`,
    );
  });

  it('a host name that does not resolve', async () => {
    expect(await sentenceFor('postgresql://bot:s3cret@no-such-host.invalid:5432/tm')).toMatch(
      /^The host name "no-such-host\.invalid" in DATABASE_URL does not resolve \(ENOTFOUND|EAI_AGAIN\)/,
    );
  });

  const server = process.env.TEST_POSTGRES_URL;
  describe.runIf(server)('on a real server (TEST_POSTGRES_URL)', () => {
    const at = server ? new URL(server) : new URL('postgresql://x');
    const hostPort = `${at.hostname}:${at.port || 5432}`;
    const withUrl = (change: (url: URL) => void) => {
      const url = new URL(server!);
      change(url);
      return url.toString();
    };

    it('a wrong password, never shown', async () => {
      const said = await sentenceFor(withUrl((u) => (u.password = 'wrong-s3cret')));
      expect(said).toMatch(
        new RegExp(`^PostgreSQL at ${hostPort} refused the password for user "${at.username}" \\(DATABASE_URL\\)`),
      );
      expect(said).not.toContain('wrong-s3cret');
    });

    it('a user that does not exist', async () => {
      expect(await sentenceFor(withUrl((u) => (u.username = 'nobody_at_all')))).toMatch(
        /refused the password for user "nobody_at_all".*or there is no such user.*CREATE ROLE "nobody_at_all" LOGIN/,
      );
    });

    it('a database that does not exist', async () => {
      expect(await sentenceFor(withUrl((u) => (u.pathname = '/tm_no_such_database')))).toBe(
        `PostgreSQL at ${hostPort} has no database "tm_no_such_database" (DATABASE_URL). Create it, owned by the bot's user: createdb -h ${at.hostname} -U postgres -O ${at.username} tm_no_such_database (or CREATE DATABASE "tm_no_such_database" OWNER "${at.username}";). The bot creates its tables itself.`,
      );
    });

    describe('a user that may not create tables', () => {
      let db: ScratchDatabase;
      beforeAll(async () => {
        db = await scratchPostgres(server!);
        // PostgreSQL 15's default for anyone but the owner, here taken from the owner too.
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        await client.query('REVOKE CREATE ON SCHEMA public FROM pg_database_owner, PUBLIC');
        await client.end();
      });
      afterAll(() => db.drop());

      it('is told to own the database or get CREATE on the schema', async () => {
        const name = new URL(db.url).pathname.slice(1);
        expect(await sentenceFor(db.url)).toMatch(
          new RegExp(
            `^User "${at.username}" may not create the bot's tables in database "${name}" .*ALTER DATABASE "${name}" OWNER TO "${at.username}".*GRANT CREATE ON SCHEMA public`,
          ),
        );
      });
    });

    it('SSL asked of a server without it, or with a certificate nobody vouches for', async () => {
      // Debian's server has SSL with a self-signed certificate when the ssl-cert package made one, else none.
      expect(await sentenceFor(withUrl((u) => u.searchParams.set('sslmode', 'require')))).toMatch(
        new RegExp(
          `^PostgreSQL at ${hostPort} (does not offer SSL, but DATABASE_URL asks for it|presented a certificate the bot does not trust)`,
        ),
      );
    });
  });
});

describe('the database named in the start-up line', () => {
  it('names PostgreSQL by host, port, database and user, never the password', () => {
    const d = describeDatabase('postgresql://tmbot:s3cret@db.internal:6543/games');
    expect(databaseLabel(d)).toBe('PostgreSQL database "games" on db.internal:6543 as "tmbot"');
    expect(JSON.stringify(d)).not.toContain('s3cret');
    expect(databaseLabel(describeDatabase('postgres://tmbot@localhost/tm?host=/var/run/postgresql'))).toBe(
      'PostgreSQL database "tm" on /var/run/postgresql as "tmbot"',
    );
  });

  it('names SQLite by its absolute file', () => {
    expect(databaseLabel(describeDatabase(undefined, '/srv/tm-bot'))).toBe('SQLite file /srv/tm-bot/data/tm.db');
  });
});
