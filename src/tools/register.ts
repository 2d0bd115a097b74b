import { REST } from 'discord.js';
import { commandDefinitions } from '../bot/commands/definitions.ts';
import { exitOnConfigError, loadConfig } from '../bot/config.ts';
import { registerCommands } from '../bot/register.ts';

/** `npm run register` registers the slash commands; `-- --print` prints their JSON without contacting Discord. */
async function main(argv: string[]): Promise<void> {
  const definitions = commandDefinitions();
  if (argv.includes('--print')) {
    console.log(JSON.stringify(definitions, null, 2));
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    exitOnConfigError(error);
  }
  const rest = new REST({ api: config.apiUrl }).setToken(config.token);
  await registerCommands(rest, { applicationId: config.applicationId, guildId: config.guildId }, definitions);
  console.log(
    `Registered ${definitions.length} commands ${config.guildId ? `in guild ${config.guildId}` : 'globally'}.`,
  );
}

await main(process.argv.slice(2));
