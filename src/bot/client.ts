import { Client, DiscordjsErrorCodes, Events, GatewayIntentBits, Options } from 'discord.js';
import { ConfigError, tokenRejectedMessage } from './config.ts';
import { type Sharding, shardOptions } from './shards.ts';

/**
 * The discord.js client with the only intent the bot needs: slash commands and components arrive as
 * interactions, which need no privileged intents. `apiUrl` (config DISCORD_API_URL) lets tests and smoke
 * runs point REST at a fake Discord; the gateway URL then comes from that fake's /gateway/bot. Without
 * `sharding` the client connects unsharded.
 */
export function createClient(apiUrl: string, sharding?: Sharding): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: apiUrl },
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      // Nothing reads messages back from the cache (a prompt is edited by id, the pin is fetched), and
      // discord.js would otherwise keep the last 200 posts of every game channel: memory that grows
      // with the number of games and never shrinks once a game goes idle.
      MessageManager: 0,
    }),
    ...shardOptions(sharding),
  });
}

/** Logs in and waits until the client is ready; a token Discord refuses becomes a ConfigError. */
export async function connect(client: Client, token: string): Promise<Client<true>> {
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
  } catch (error) {
    if ((error as { code?: unknown }).code === DiscordjsErrorCodes.TokenInvalid)
      throw new ConfigError(tokenRejectedMessage());
    throw error;
  }
  if (!client.isReady()) await ready;
  return client as Client<true>;
}
