// The logger honours its level and never writes the bot token or a database password, however they
// reach it: a configuration object, an error message or stack, free text.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './bot/config.ts';
import { Secrets, createLogger, levelFromEnv } from './log.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz012345';
const PASSWORD = 's3cr%23t-pa55';
const DATABASE_URL = `postgresql://tmbot:${PASSWORD}@db.example:5432/tm`;

function capture(options: { level?: string; pretty?: boolean; secrets?: Secrets } = {}) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ ...options, destination });
  return { logger, text: () => lines.join('') };
}

describe('log', () => {
  it('writes JSON lines at or above its level only', () => {
    const { logger, text } = capture({ level: 'warn' });
    logger.info('not shown');
    logger.warn({ gameId: 'g1' }, 'shown');
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: 'shown', gameId: 'g1' });
  });

  it('reads LOG_LEVEL, falling back to info for an unknown value', () => {
    expect(levelFromEnv('debug')).toBe('debug');
    expect(levelFromEnv(' error ')).toBe('error');
    expect(levelFromEnv('verbose')).toBe('info');
    expect(levelFromEnv(undefined)).toBe('info');
  });

  for (const pretty of [false, true]) {
    it(`never writes the token or the database password (${pretty ? 'pretty' : 'JSON'} lines)`, () => {
      const secrets = new Secrets();
      secrets.add(TOKEN);
      secrets.add(decodeURIComponent(PASSWORD));
      const { logger, text } = capture({ level: 'debug', pretty, secrets });
      const config = parseConfig({
        DISCORD_TOKEN: TOKEN,
        DISCORD_APPLICATION_ID: '123456789012345678',
        DATABASE_URL,
      });
      logger.info({ config }, 'configuration');
      logger.error({ err: new Error(`connect ECONNREFUSED ${DATABASE_URL}`) }, 'store unavailable');
      logger.error(new Error(`login failed with ${TOKEN}`));
      logger.warn(`password ${decodeURIComponent(PASSWORD)} rejected; headers %o`, { authorization: `Bot ${TOKEN}` });
      const out = text();
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain(PASSWORD);
      expect(out).not.toContain(decodeURIComponent(PASSWORD));
      // What is not secret stays readable: where the database is, who connects, what failed.
      expect(out).toContain('postgresql://tmbot:***@db.example:5432/tm');
      expect(out).toContain('ECONNREFUSED');
      expect(out).toContain('store unavailable');
      expect(out).toContain('login failed with ***');
    });
  }

  it('hides the token in structured fields even before it is registered as a secret', () => {
    const { logger, text } = capture();
    logger.info({ token: TOKEN, request: { headers: { authorization: `Bot ${TOKEN}` } } }, 'request');
    expect(text()).not.toContain(TOKEN);
  });

  it('hides the password of any URL in a line', () => {
    const secrets = new Secrets();
    expect(secrets.scrub('a postgres://u:p%40ss@h/db and mysql://x:y@z')).toBe(
      'a postgres://u:***@h/db and mysql://x:***@z',
    );
    expect(secrets.scrub('file:/srv/tm.db and postgresql://u@h/db')).toBe('file:/srv/tm.db and postgresql://u@h/db');
  });
});
