/**
 * .ci/container-check's driver: compose.yaml as a host runs it, against a fake Discord on this machine.
 * With PostgreSQL: the bot logs in, answers /tm create, turns healthy, serves /metrics on the published
 * port, names its database in its start-up line (never the password), stores the game in PostgreSQL, and
 * still has it after a restart. Alone on SQLite (the `sqlite` profile): it logs in, plays, turns healthy.
 * Needs docker-compose and a Docker API (DOCKER_HOST); TM_BOT_IMAGE and POSTGRES_IMAGE name the images.
 *
 *   TM_BOT_IMAGE=tm-bot POSTGRES_IMAGE=postgres:17-bookworm npx tsx test/container/compose-smoke.ts
 */
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { t } from '../../src/i18n/index.ts';
import { settle } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { freePort } from '../support/ports.ts';

const PROJECT = 'tmci';
const PASSWORD = 'ci-only-s3cret';

function run(command: string, args: string[], env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function until<T>(
  what: string,
  seconds: number,
  probe: () => T | undefined | Promise<T | undefined>,
): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`container smoke: ${what} did not happen within ${seconds} s`);
    await sleep(1000);
  }
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`container smoke: ${what}`);
  console.log(`ok: ${what}`);
}

const fake = await FakeDiscord.start({
  host: '0.0.0.0',
  advertisedHost: 'host.containers.internal',
  token: 'fake-token',
});
const port = await freePort();
const env = {
  DISCORD_TOKEN: 'fake-token',
  DISCORD_APPLICATION_ID: fake.applicationId,
  DISCORD_GUILD_ID: fake.guildId,
  DISCORD_API_URL: fake.apiUrl,
  POSTGRES_PASSWORD: PASSWORD,
  HEALTH_PUBLISHED_PORT: String(port),
  TM_BOT_IMAGE: process.env.TM_BOT_IMAGE ?? 'tm-bot:latest',
  POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? 'postgres:17-bookworm',
};
const compose = (...args: string[]) => run('docker-compose', ['-p', PROJECT, '-f', 'compose.yaml', ...args], env);
/** The container's health as its HEALTHCHECK says, run now rather than at its next interval. */
const healthy = (container: string) =>
  spawnSync('podman', ['healthcheck', 'run', container], { encoding: 'utf8' }).status === 0 || undefined;

/** Logs in (a new IDENTIFY), answers `/tm create` in a channel of its own and turns healthy; the channel. */
async function servesAGame(container: string, channel: string): Promise<string> {
  const identified = fake.identifies.length;
  await until(`${container} logging into the fake Discord`, 240, () => fake.identifies.length > identified);
  const channelId = fake.addChannel(channel);
  await settle(fake.slashCommand('/tm create', { channelId, options: { players: 2 } }));
  // The game's start post, with the buttons to join.
  await until(`${container}'s post in the channel`, 30, () => fake.channelMessages(channelId).length > 0);
  check(true, `${container} answered /tm create with a post in the channel`);
  await until(`${container} healthy`, 120, () => healthy(container));
  check(true, `${container} is healthy (its HEALTHCHECK on /healthz)`);
  return channelId;
}

try {
  compose('up', '-d', '--no-build');
  const channelId = await servesAGame(`${PROJECT}_bot_1`, 'with-postgres');
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  check(
    metrics.includes('tm_interactions_total{kind="command",name="tm",outcome="handled"} 1'),
    '/metrics on the published port counts the command',
  );
  const games = run('podman', [
    'exec',
    `${PROJECT}_postgres_1`,
    'psql',
    '-U',
    'tmbot',
    '-d',
    'tmbot',
    '-tAc',
    'SELECT count(*) FROM "Game"',
  ]);
  check(games.trim() === '1', 'the game is stored in PostgreSQL');
  const logs = compose('logs', '--no-color', 'bot');
  check(
    logs.includes('PostgreSQL database \\"tmbot\\" on postgres:5432 as \\"tmbot\\"'),
    'the start-up line names the database',
  );
  check(!logs.includes(PASSWORD), 'the logs never show the password');

  compose('restart', 'bot');
  const identified = fake.identifies.length;
  await until('the restarted bot logging in', 240, () => fake.identifies.length > identified);
  const status = await settle(fake.slashCommand('/tm status', { channelId }));
  check(
    status.content !== t('en', 'error.noGameInChannel') && JSON.stringify(status).includes('Terra Mystica'),
    'after a restart the game is still there (/tm status shows it)',
  );
  compose('down', '-v');

  compose('--profile', 'sqlite', 'up', '-d', '--no-build', 'bot-sqlite');
  await servesAGame(`${PROJECT}_bot-sqlite_1`, 'on-sqlite');
  compose('--profile', 'sqlite', 'down', '-v');
  console.log('container smoke: all good');
} catch (error) {
  console.error(
    spawnSync(
      'docker-compose',
      ['-p', PROJECT, '-f', 'compose.yaml', '--profile', 'sqlite', 'logs', '--no-color', '--tail=60'],
      { encoding: 'utf8', env: { ...process.env, ...env } },
    ).stdout,
  );
  throw error;
} finally {
  await fake.close();
}
