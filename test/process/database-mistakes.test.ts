// A start on a database the bot cannot use ends with status 1 and one line saying what to do (the sentences
// themselves: src/store/database-errors.test.ts), never a driver's stack trace; a misspelt variable is
// warned about before the bot falls back to its default.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUntilExit } from '../support/bot-process.ts';
import { freePort } from '../support/ports.ts';

const FATAL = 60;
const WARN = 40;
const start = (env: Record<string, string>) =>
  runUntilExit(
    {
      DISCORD_TOKEN: 'fake-token',
      DISCORD_APPLICATION_ID: '123456789012345678',
      // Never reached: the database comes first.
      DISCORD_API_URL: 'http://127.0.0.1:9/api',
      DATABASE_URL: '',
      ...env,
    },
    60_000,
  );

describe('a start on a database the bot cannot use', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'tm-start-db-'));
    await writeFile(path.join(dir, 'a-file'), 'x');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it.each([
    [
      'a PostgreSQL server that is down',
      async () => `postgresql://bot:s3cret@127.0.0.1:${await freePort()}/tm`,
      /^Nothing answers at 127\.0\.0\.1:\d+ \(connection refused\)/,
    ],
    [
      'a MySQL URL',
      async () => 'mysql://bot:s3cret@db/tm',
      /^DATABASE_URL names a MySQL database \(mysql:\/\/\*\*\*@db\/tm\)/,
    ],
    [
      'a SQLite path through a file',
      async () => `file:${dir}/a-file/tm.db`,
      /^The SQLite file .* cannot be created: a part of its path is a file/,
    ],
  ])(
    '%s exits 1 with one line and no stack trace',
    async (_, url, sentence) => {
      const run = await start({ DATABASE_URL: await url() });
      expect(run.code).toBe(1);
      const fatal = run.logs.filter((l) => l.level === FATAL);
      expect(fatal.map((l) => l.msg)).toEqual([expect.stringMatching(sentence)]);
      expect(fatal[0]).not.toHaveProperty('err');
      expect(JSON.stringify(run.logs)).not.toContain('s3cret');
    },
    90_000,
  );

  it('warns of DATABSE_URL, which it does not read, before anything else', async () => {
    const run = await start({ DATABASE_URL: `file:${dir}/a-file/tm.db`, DATABSE_URL: 'postgresql://bot:s3cret@db/tm' });
    expect(run.code).toBe(1);
    expect(run.logs.filter((l) => l.level === WARN).map((l) => l.msg)).toEqual([
      'DATABSE_URL is set, but tm-bot reads no such variable: did you mean DATABASE_URL?',
    ]);
    expect(JSON.stringify(run.logs)).not.toContain('s3cret');
  }, 90_000);
});
