import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DISCORD_API_URL, exitOnConfigError, loadConfig, parseConfig } from './config.ts';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';
const APP_ID = '123456789012345678';
const valid = { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP_ID };

const problem = (env: Record<string, string | undefined>): string => {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a configuration problem');
};

describe('configuration', () => {
  it('reads a minimal environment with defaults', () => {
    expect(parseConfig(valid)).toEqual({
      token: TOKEN,
      applicationId: APP_ID,
      guildId: undefined,
      databaseUrl: undefined,
      apiUrl: DISCORD_API_URL,
      logLevel: 'info',
      sharding: undefined,
      healthPort: undefined,
      healthHost: '127.0.0.1',
      rendering: { threads: 1, queue: 4 },
      aiThreads: 1,
      warnings: [],
      quota: { perUser: 10, perServer: 60 },
    });
  });

  it('reads the games a player and a server may open in an hour, and refuses what is not a count', () => {
    expect(parseConfig({ ...valid, GAMES_PER_USER_HOUR: '3', GAMES_PER_SERVER_HOUR: '500' }).quota).toEqual({
      perUser: 3,
      perServer: 500,
    });
    expect(problem({ ...valid, GAMES_PER_USER_HOUR: '0' })).toContain('GAMES_PER_USER_HOUR, when set');
    expect(problem({ ...valid, GAMES_PER_SERVER_HOUR: 'many' })).toContain('GAMES_PER_SERVER_HOUR, when set');
  });

  it('serves health and metrics on this machine only unless HEALTH_HOST says otherwise', () => {
    expect(parseConfig({ ...valid, HEALTH_PORT: '9100' }).healthHost).toBe('127.0.0.1');
    expect(parseConfig({ ...valid, HEALTH_HOST: '0.0.0.0' }).healthHost).toBe('0.0.0.0');
    expect(parseConfig({ ...valid, HEALTH_HOST: '::' }).healthHost).toBe('::');
    expect(parseConfig({ ...valid, HEALTH_HOST: 'bot.internal' }).healthHost).toBe('bot.internal');
    expect(problem({ ...valid, HEALTH_HOST: 'http://0.0.0.0' })).toContain('HEALTH_HOST, when set');
  });

  it('warns of variables that look meant for the bot but that it does not read', () => {
    const warnings = (env: Record<string, string>) => parseConfig({ ...valid, ...env }).warnings;
    expect(warnings({ DATABSE_URL: 'postgresql://u:p@h/db' })).toEqual([
      'DATABSE_URL is set, but tm-bot reads no such variable: did you mean DATABASE_URL? Meanwhile the games are stored in the SQLite file ./data/tm.db.',
    ]);
    expect(warnings({ database_url: 'file:x.db', DATABASE_URL: 'file:y.db' })).toEqual([
      'database_url is set, but tm-bot reads no such variable: did you mean DATABASE_URL?',
    ]);
    expect(warnings({ POSTGRES_URL: 'postgresql://u:p@h/db', DB_URI: 'x' })).toEqual([
      'POSTGRES_URL is set, but tm-bot reads its database from DATABASE_URL only: set DATABASE_URL to that URL. Meanwhile the games are stored in the SQLite file ./data/tm.db.',
      'DB_URI is set, but tm-bot reads its database from DATABASE_URL only: set DATABASE_URL to that URL. Meanwhile the games are stored in the SQLite file ./data/tm.db.',
    ]);
    expect(warnings({ HEALTH_PROT: '9100', DISCORD_GUILDID: '1', LOGLEVEL: 'debug' })).toEqual([
      'HEALTH_PROT is set, but tm-bot reads no such variable: did you mean HEALTH_PORT?',
      'DISCORD_GUILDID is set, but tm-bot reads no such variable: did you mean DISCORD_GUILD_ID?',
      'LOGLEVEL is set, but tm-bot reads no such variable: did you mean LOG_LEVEL?',
    ]);
    // What a shell, npm, a container or the tests set is none of the bot's business.
    expect(
      warnings({ PATH: '/usr/bin', HOSTNAME: 'x', NODE_VERSION: '24', npm_config_cache: '/c', TEST_POSTGRES_URL: 'x' }),
    ).toEqual([]);
  });

  it('reads the render threads and their queue, and refuses what is not a count', () => {
    expect(parseConfig({ ...valid, RENDER_THREADS: '0', RENDER_QUEUE: '16' }).rendering).toEqual({
      threads: 0,
      queue: 16,
    });
    expect(problem({ ...valid, RENDER_THREADS: '-1' })).toContain('RENDER_THREADS, when set');
    expect(problem({ ...valid, RENDER_THREADS: 'two' })).toContain('RENDER_THREADS, when set');
    expect(problem({ ...valid, RENDER_QUEUE: '2.5' })).toContain('RENDER_QUEUE, when set');
  });

  it('reads the AI decision threads, and refuses what is not a count', () => {
    expect(parseConfig({ ...valid, AI_THREADS: '0' }).aiThreads).toBe(0);
    expect(parseConfig({ ...valid, AI_THREADS: '2' }).aiThreads).toBe(2);
    expect(problem({ ...valid, AI_THREADS: 'many' })).toContain('AI_THREADS, when set');
    expect(problem({ ...valid, AI_THREADS: '-1' })).toContain('AI_THREADS, when set');
  });

  it('reads the shards a process runs and the health port', () => {
    expect(parseConfig({ ...valid, SHARD_COUNT: 'auto' }).sharding).toEqual({ count: 'auto' });
    expect(parseConfig({ ...valid, SHARD_COUNT: '3' }).sharding).toEqual({ count: 3, ids: [0, 1, 2] });
    expect(parseConfig({ ...valid, SHARD_COUNT: '8', SHARD_IDS: '4-5, 7,4' }).sharding).toEqual({
      count: 8,
      ids: [4, 5, 7],
    });
    expect(parseConfig({ ...valid, HEALTH_PORT: '9090' }).healthPort).toBe(9090);
  });

  it('says what is wrong with the shard settings', () => {
    expect(problem({ ...valid, SHARD_IDS: '0' })).toContain('SHARD_IDS needs SHARD_COUNT');
    expect(problem({ ...valid, SHARD_COUNT: 'auto', SHARD_IDS: '0' })).toContain('numeric SHARD_COUNT');
    expect(problem({ ...valid, SHARD_COUNT: '2', SHARD_IDS: '1,2' })).toContain('from 0 to 1');
    expect(problem({ ...valid, SHARD_COUNT: '0' })).toContain('SHARD_COUNT, when set');
    expect(problem({ ...valid, SHARD_IDS: 'one', SHARD_COUNT: '2' })).toContain('SHARD_IDS, when set');
    expect(problem({ ...valid, HEALTH_PORT: '70000' })).toContain('HEALTH_PORT');
  });

  it('reads every optional variable, treating blank ones as unset', () => {
    const config = parseConfig({
      ...valid,
      DISCORD_GUILD_ID: '987654321098765432',
      DATABASE_URL: 'file:./tm-bot.db',
      DISCORD_API_URL: 'http://127.0.0.1:8080/api/',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      guildId: '987654321098765432',
      databaseUrl: 'file:./tm-bot.db',
      apiUrl: 'http://127.0.0.1:8080/api',
      logLevel: 'debug',
    });
    expect(parseConfig({ ...valid, DISCORD_GUILD_ID: '', LOG_LEVEL: ' ' })).toMatchObject({
      guildId: undefined,
      logLevel: 'info',
    });
  });

  it('explains how to get a token when it is missing', () => {
    const message = problem({ DISCORD_APPLICATION_ID: APP_ID });
    expect(message).toContain('DISCORD_TOKEN is missing');
    expect(message).toContain('https://discord.com/developers/applications → your application → Bot → Reset Token');
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('recognises the usual wrong pastes for a token', () => {
    expect(problem({ ...valid, DISCORD_TOKEN: `Bot ${TOKEN}` })).toContain('without that prefix');
    expect(problem({ ...valid, DISCORD_TOKEN: 'a'.repeat(64) })).toContain('looks like the public key');
    expect(problem({ ...valid, DISCORD_TOKEN: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345' })).toContain(
      'looks like the OAuth2 client secret',
    );
  });

  it('accepts any token when the API points at a fake Discord', () => {
    expect(
      parseConfig({ ...valid, DISCORD_TOKEN: 'fake-token', DISCORD_API_URL: 'http://127.0.0.1:9999/api' }).token,
    ).toBe('fake-token');
  });

  it('lists every problem at once', () => {
    const message = problem({ DISCORD_GUILD_ID: 'my server', LOG_LEVEL: 'loud', DISCORD_API_URL: 'ftp://x' });
    for (const variable of [
      'DISCORD_TOKEN',
      'DISCORD_APPLICATION_ID',
      'DISCORD_GUILD_ID',
      'LOG_LEVEL',
      'DISCORD_API_URL',
    ]) {
      expect(message).toContain(variable);
    }
  });

  describe('with a .env file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tm-bot-config-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('loads it, and real environment variables win over it', () => {
      const path = join(dir, '.env');
      writeFileSync(path, `DISCORD_TOKEN=${TOKEN}\nDISCORD_APPLICATION_ID=${APP_ID}\nLOG_LEVEL=warn\n`);
      expect(loadConfig({ path, env: {} })).toMatchObject({ token: TOKEN, logLevel: 'warn' });
      expect(loadConfig({ path, env: { LOG_LEVEL: 'error' } }).logLevel).toBe('error');
    });

    it('works without the file when the environment has everything', () => {
      expect(loadConfig({ path: join(dir, 'absent.env'), env: valid }).token).toBe(TOKEN);
    });
  });

  it('prints a configuration problem without a stack trace and exits 1; other errors are rethrown', () => {
    const printed: string[] = [];
    const exit = (code: number): never => {
      throw new Error(`exit ${code}`);
    };
    expect(() => exitOnConfigError(new ConfigError('fix DISCORD_TOKEN'), exit, (line) => printed.push(line))).toThrow(
      'exit 1',
    );
    expect(printed).toEqual(['fix DISCORD_TOKEN']);
    const bug = new TypeError('a bug');
    expect(() => exitOnConfigError(bug, exit, () => {})).toThrow(bug);
  });
});
