import { REST } from 'discord.js';
import { botRoutes } from './bot/app.ts';
import { connect, createClient } from './bot/client.ts';
import { commandDefinitions } from './bot/commands/definitions.ts';
import { exitOnConfigError, loadConfig } from './bot/config.ts';
import { registerCommands } from './bot/register.ts';
import { routeInteractions } from './bot/router.ts';
import { ReminderPlanner, startReminders } from './bot/reminders.ts';
import { GameService } from './game/service.ts';
import { hideSecret, hideUrlPassword, log } from './log.ts';
import type * as PrismaStore from './store/prisma-repo.ts';
import { GENERATE_HINT, isMissingGeneratedClient } from './store/generated-client.ts';

/** The store imports the generated Prisma clients; without them, say what to do instead of an import error. */
async function loadStore(): Promise<typeof PrismaStore> {
  try {
    return await import('./store/prisma-repo.ts');
  } catch (error) {
    if (!isMissingGeneratedClient(error)) throw error;
    log.fatal(GENERATE_HINT);
    process.exit(1);
  }
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
  log.level = config.logLevel;
  hideSecret(config.token);
  hideUrlPassword(config.databaseUrl);
  const { openStore } = await loadStore();
  const { repo, applied } = await openStore(config.databaseUrl);
  for (const migration of applied) log.info({ migration }, 'database migration applied');
  const service = new GameService(repo);
  const client = createClient(config.apiUrl);
  const reminders = new ReminderPlanner();
  routeInteractions(client, botRoutes({ service, client, now: () => new Date(), reminders }));
  const rest = new REST({ api: config.apiUrl }).setToken(config.token);
  await registerCommands(rest, { applicationId: config.applicationId, guildId: config.guildId }, commandDefinitions());
  log.info({ guildId: config.guildId ?? null }, `commands registered ${config.guildId ? 'in one guild' : 'globally'}`);
  try {
    await connect(client, config.token);
  } catch (error) {
    exitOnConfigError(error);
  }
  log.info({ user: client.user?.tag }, 'connected to Discord');
  const stopReminders = startReminders({ service, client, now: () => new Date(), planner: reminders });
  const shutdown = async () => {
    stopReminders();
    await client.destroy();
    await repo.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

await main();
