import { REST } from 'discord.js';
import { botRoutes } from './bot/app.ts';
import { connect, createClient } from './bot/client.ts';
import { commandDefinitions } from './bot/commands/definitions.ts';
import { exitOnConfigError, loadConfig } from './bot/config.ts';
import { registerCommands } from './bot/register.ts';
import { routeInteractions } from './bot/router.ts';
import { ReminderPlanner, startReminders } from './bot/reminders.ts';
import { GameService } from './game/service.ts';
import { openStore } from './store/prisma-repo.ts';

/** The composition root: configuration, the store, the game service, the Discord client. */
async function main(): Promise<void> {
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  const { repo, applied } = await openStore(config.databaseUrl);
  for (const m of applied) console.log(`[db] applied ${m}`);
  const service = new GameService(repo);
  const client = createClient(config.apiUrl);
  const reminders = new ReminderPlanner();
  routeInteractions(client, botRoutes({ service, client, now: () => new Date(), reminders }));
  const rest = new REST({ api: config.apiUrl }).setToken(config.token);
  await registerCommands(rest, { applicationId: config.applicationId, guildId: config.guildId }, commandDefinitions());
  console.log(`[discord] commands registered ${config.guildId ? `in guild ${config.guildId}` : 'globally'}`);
  try {
    await connect(client, config.token);
  } catch (error) {
    exitOnConfigError(error);
  }
  console.log(`[discord] ready as ${client.user?.tag}`);
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
