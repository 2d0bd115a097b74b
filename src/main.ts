import { REST } from 'discord.js';
import { Announcer } from './bot/announcer.ts';
import { Seasons } from './bot/seasons.ts';
import { botRoutes } from './bot/app.ts';
import { keepServing } from './bot/keep-serving.ts';
import { createClient } from './bot/client.ts';
import { commandDefinitions } from './bot/commands/definitions.ts';
import { ConfigError, exitOnConfigError, loadConfig } from './bot/config.ts';
import { configureRendering } from './bot/images.ts';
import { EventLoopLoad } from './bot/event-loop.ts';
import { logInAndRegister, StartError } from './bot/start-up.ts';
import { routeInteractions } from './bot/router.ts';
import { InteractionJournal, tellInterrupted } from './bot/journal.ts';
import { startReminders } from './bot/reminders.ts';
import { serveHealth } from './bot/health.ts';
import { BotMetrics } from './bot/metrics.ts';
import { GameService } from './game/service.ts';
import { DecisionPool } from './seats/pool.ts';
import { AiSeats } from './seats/runner.ts';
import { ownsGuild } from './bot/shards.ts';
import { LeagueService } from './league/service.ts';
import { hideSecret, hideUrlPassword, log } from './log.ts';
import { openStore } from './store/prisma-repo.ts';
import { PrismaLeagueRepo } from './store/prisma-league-repo.ts';
import { DatabaseUrlError } from './store/database.ts';
import { databaseLabel, databaseProblem, describeDatabase } from './store/database-errors.ts';
import type { Sharding } from './bot/shards.ts';
import { VERSION } from './version.ts';
import { DamagedDatabaseError } from './store/integrity.ts';
import { MigrationError } from './store/migrations.ts';
import { OWNER_WAIT_MS, ownSqliteFile, SqliteFileInUseError } from './store/sqlite/owner.ts';

/** How long stopping may take (finishing moves in progress, closing Discord and the store). */
const STOP_DEADLINE_MS = 8_000;

/**
 * SIGTERM (how hosts stop services) and SIGINT (Ctrl-C) stop the bot in order: the steps registered so
 * far run last-registered first, then the process exits. A second signal, or the deadline, ends it at once.
 */
function stopOnSignals(): { onStop(step: () => unknown): void } {
  const steps: (() => unknown)[] = [];
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'stopping: finishing the moves in progress');
    setTimeout(() => {
      log.error(`still stopping after ${STOP_DEADLINE_MS} ms: exiting now`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    void (async () => {
      for (const step of steps.reverse()) await step();
    })().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return { onStop: (step) => void steps.push(step) };
}

/** Games finished before results were stored get theirs, replayed from their logs, in the background. */
async function storeMissingResults(league: LeagueService): Promise<void> {
  try {
    let total = 0;
    for (let stored = 1; stored > 0; total += stored) stored = await league.backfillResults(100);
    if (total > 0) log.info({ games: total }, 'results of earlier finished games stored');
  } catch (error) {
    log.error({ err: error }, 'storing the results of earlier finished games failed; the next start tries again');
  }
}

/**
 * Waits until no other bot process uses the SQLite file (a restart's overlap) and keeps it this process's
 * until it stops; a process that keeps it ends this start with the reason.
 */
async function ownDatabaseFile(file: string, url: string | undefined): Promise<() => void> {
  try {
    return await ownSqliteFile(file, {
      onWait: (lockFile) =>
        log.warn(
          { lockFile },
          `another bot process uses the SQLite file ${file}: waiting up to ${OWNER_WAIT_MS / 1000} s for it to stop (one bot process per SQLite file)`,
        ),
    });
  } catch (error) {
    if (error instanceof SqliteFileInUseError) throw new StartError(error.message);
    const problem = databaseProblem(error, url);
    throw problem === undefined ? error : new StartError(problem);
  }
}

/** The start-up line's words for the shards this process runs. */
function shardsLabel(sharding: Sharding | undefined): string {
  if (sharding === undefined) return 'unsharded';
  if (sharding.count === 'auto') return 'every shard, as many as Discord recommends';
  return `shard${sharding.ids.length === 1 ? '' : 's'} ${sharding.ids.join(',')} of ${sharding.count}`;
}

/** The composition root: configuration, the store, the game service, the Discord client. */
async function main(): Promise<void> {
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  // discord.js also reads SHARD_COUNT (and SHARDS) from the environment, as ShardingManager's children get
  // them; ours allows 'auto' and a blank value, which it would turn into an invalid count. The config
  // holds what was set, and the client gets it as options.
  delete process.env.SHARD_COUNT;
  delete process.env.SHARDS;
  log.level = config.logLevel;
  hideSecret(config.token);
  hideUrlPassword(config.databaseUrl);
  for (const warning of config.warnings) log.warn(warning);
  let database;
  try {
    database = describeDatabase(config.databaseUrl);
  } catch (error) {
    throw error instanceof DatabaseUrlError ? new StartError(error.message) : error;
  }
  log.info(
    { version: VERSION, node: process.version, database, shards: config.sharding ?? null },
    `tm-bot ${VERSION} starting: ${databaseLabel(database)}, ${shardsLabel(config.sharding)}`,
  );
  const { onStop } = stopOnSignals();
  // Interactions recorded in flight before this moment were left by a process that is gone.
  const startedAt = new Date();
  // Released after the store closed: a process waiting for the file starts on a closed database.
  let disown = () => {};
  onStop(() => disown());
  // A database mistake (a wrong password, a server down, a path that cannot be written) ends the start
  // with the one sentence that says what to do.
  const { repo, applied } = await openStore(config.databaseUrl).catch((error: unknown) => {
    const problem = databaseProblem(error, config.databaseUrl);
    throw problem === undefined ? error : new StartError(problem);
  });
  onStop(() => repo.close());
  if (database.kind === 'sqlite') disown = await ownDatabaseFile(database.file, config.databaseUrl);
  for (const migration of applied) log.info({ migration }, 'database migration applied');
  const metrics = new BotMetrics();
  const service = metrics.measuredService(new GameService(metrics.measuredStore(repo), { quota: config.quota }));
  const league = new LeagueService(new PrismaLeagueRepo(repo), service);
  void storeMissingResults(league);
  // Pictures stay off a main thread already at capacity, and new interactions are turned away as busy
  // while the render threads are full and that thread is busy: together they keep it answering in time.
  const loop = new EventLoopLoad();
  onStop(() => loop.stop());
  const rendering = configureRendering({ ...config.rendering, callerBusy: () => loop.busy() }, (pictures, seconds) =>
    metrics.render(pictures, seconds),
  );
  // Started now rather than at the first picture, which the main thread would otherwise draw itself.
  void rendering.ready();
  onStop(() => rendering.close());
  const client = createClient(config.apiUrl, config.sharding);
  onStop(() => client.destroy());
  onStop(keepServing(client));
  // A league table's end moves its season's standings on, once its final posts are out.
  const announcer = new Announcer(service, client, { onResultChanged: (gameId) => void seasons.resultChanged(gameId) });
  const seasons = new Seasons({ client, league, service, announcer, now: () => new Date() });
  // The AI seats decide on threads of their own and play on as soon as a game they sit in was posted.
  const decisions = new DecisionPool({
    threads: config.aiThreads,
    onUnusable: (error) =>
      log.error({ err: error }, 'AI decision thread unusable: decisions are made on the main thread'),
  });
  onStop(() => decisions.close());
  const aiSeats = new AiSeats({
    service,
    decider: decisions,
    owns: (guildId) => ownsGuild(client, guildId),
    deliver: (gameId, view) => announcer.deliver(gameId, view),
    stuck: (view, turn) => announcer.tellAiStuck(view, turn),
  });
  announcer.onPosted((view) => aiSeats.nudge(view));
  const routing = routeInteractions(client, {
    ...botRoutes({ service, league, seasons, client, now: () => new Date(), announcer }),
    overloaded: () => rendering.full && loop.busy(),
    observe: (handled) => metrics.interaction(handled),
    journal: new InteractionJournal(service),
  });
  onStop(() => routing.drain());
  await logInAndRegister({
    client,
    rest: new REST({ api: config.apiUrl }).setToken(config.token),
    token: config.token,
    apiUrl: config.apiUrl,
    applicationId: config.applicationId,
    guildId: config.guildId,
    definitions: commandDefinitions(),
  });
  log.info(
    { user: client.user?.tag, shards: [...client.ws.shards.keys()], shardCount: client.options.shardCount ?? 1 },
    'connected to Discord',
  );
  log.info({ guildId: config.guildId ?? null }, `commands registered ${config.guildId ? 'in one guild' : 'globally'}`);
  if (config.healthPort !== undefined) {
    metrics.watch(client, service);
    onStop(await serveHealth(config.healthPort, client, service, { host: config.healthHost, metrics }));
  }
  // Whatever a crash or a Discord fault left unannounced is posted now, then retried until Discord takes it.
  onStop(announcer.start());
  // Tables a crash left unopened are opened, and standings caught up with tables that ended meanwhile.
  void seasons.resume();
  // Games waiting on an AI seat (a decision the last process did not finish) are played now.
  onStop(aiSeats.start());
  onStop(startReminders({ service, client, now: () => new Date(), announcer }));
  // Players whose move the last process was handling when it died hear what became of it.
  void tellInterrupted({ service, client, now: () => new Date(), startedAt }).then(
    (told) => told > 0 && log.info({ told }, 'players told of interactions a restart cut off'),
    (error: unknown) => log.error({ err: error }, 'could not tell players of interactions a restart cut off'),
  );
}

// A start that fails ends the process with status 1 and one line saying why, whatever handlers keepServing
// installed meanwhile: a supervisor then sees the failure and starts the bot again.
await main().catch((error: unknown) => {
  if (error instanceof StartError || error instanceof MigrationError || error instanceof DamagedDatabaseError)
    log.fatal(error.message);
  else if (error instanceof ConfigError) exitOnConfigError(error);
  else log.fatal({ err: error }, `cannot start: ${(error as Error)?.message ?? String(error)}`);
  process.exit(1);
});
