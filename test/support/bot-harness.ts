import type { Client } from 'discord.js';
import { Announcer, type OutboxOptions } from '../../src/bot/announcer.ts';
import { botRoutes } from '../../src/bot/app.ts';
import { connect, createClient } from '../../src/bot/client.ts';
import { commandDefinitions } from '../../src/bot/commands/definitions.ts';
import type { DoorOptions } from '../../src/bot/door.ts';
import { registerCommands } from '../../src/bot/register.ts';
import { routeInteractions, type Routing } from '../../src/bot/router.ts';
import { InteractionJournal } from '../../src/bot/journal.ts';
import type { Sharding } from '../../src/bot/shards.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { DecisionPool } from '../../src/seats/pool.ts';
import { AiSeats, type Decider } from '../../src/seats/runner.ts';
import { ownsGuild } from '../../src/bot/shards.ts';
import { GameService } from '../../src/game/service.ts';
import { Seasons } from '../../src/bot/seasons.ts';
import { MemoryLeagueRepo } from '../../src/league/memory-repo.ts';
import { LeagueService } from '../../src/league/service.ts';
import { FakeDiscord, type FakeInteraction, type InteractionReply } from './fake-discord.ts';

/** No user or server budget: only the process's own limit of interactions in flight holds. */
const UNBOUNDED_BUDGETS: Partial<DoorOptions> = {
  userBurst: Infinity,
  userPerSecond: Infinity,
  serverBurst: Infinity,
  serverPerSecond: Infinity,
  userInFlight: Infinity,
  serverInFlight: Infinity,
};

/** See `postWaitMs` below; under `settle`'s 20 s wait for an answer. */
const TEST_POST_WAIT_MS = 15_000;

/** The token the harness's bots log in with; a fake started by a test for them must expect it. */
export const TOKEN = 'fake-token';

/** The bot's final answer to an interaction, after its "thinking…" acknowledgement (and its removal). */
export async function settle(i: FakeInteraction): Promise<InteractionReply> {
  for (;;) {
    const r = await i.nextReply(20_000);
    if (r.kind !== 'defer' && r.kind !== 'deferUpdate' && r.kind !== 'deleteReply') return r;
  }
}

export interface BotHarness {
  readonly fake: FakeDiscord;
  readonly service: GameService;
  readonly league: LeagueService;
  /** Handler errors (bugs): a test expects none. */
  readonly errors: unknown[];
  client(): Client;
  /** The running bot's outbox deliverer. */
  announcer(): Announcer;
  /** As on shutdown: new interactions are told the bot is restarting; resolves when those in flight are done. */
  drain(): Promise<void>;
  /** The running bot's AI seats (with `ai`): `idle()` resolves once no game is being played by them. */
  aiSeats(): AiSeats;
  /** A new bot process: a new client and routes on the same service and store. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The real bot, its commands registered, logged into a fresh fake Discord. */
export async function startBot(
  options: {
    service?: GameService;
    /** The league over the same store as `service` (by default both are in memory). */
    league?: LeagueService;
    /** Retry timing of the outbox; tests of faults make it quick. */
    outbox?: OutboxOptions;
    /**
     * How long a player's answer waits for the channel post: by default longer than the bot's 5 s, so a
     * test that reads the channel once the answer comes finds the post there even on a loaded machine (CI
     * once read the channel before the post, the answer having given up waiting). Tests of a delayed
     * post set it short.
     */
    postWaitMs?: number;
    /** The shards this bot runs (SHARD_COUNT / SHARD_IDS); unsharded by default. */
    sharding?: Sharding;
    /** Join this fake Discord (another bot process on the same one) instead of starting a fresh one. */
    fake?: FakeDiscord;
    /** Interactions handled at once before new ones are told the bot is busy (the router's default). */
    maxInFlight?: number;
    /** Whether the bot counts itself overloaded (src/bot/router.ts). */
    overloaded?: () => boolean;
    /**
     * Each user's and server's budget (src/bot/door.ts). By default none: tests drive interactions far
     * faster than people do; the tests of shedding pass DEFAULT_DOOR.
     */
    door?: Partial<DoorOptions>;
    /**
     * The AI seats, as the entry point runs them: a decision pool of `threads` (default 1), or `decider`
     * instead; `decider` may differ per process (`restart`), to stop one in the middle of a decision.
     */
    ai?: { threads?: number; decider?: (process: number) => Decider | undefined };
  } = {},
): Promise<BotHarness> {
  const ownFake = options.fake === undefined;
  const fake = options.fake ?? (await FakeDiscord.start({ token: TOKEN }));
  const memory = new MemoryGameRepo();
  const service = options.service ?? new GameService(memory);
  const league = options.league ?? new LeagueService(new MemoryLeagueRepo(memory), service);
  const errors: unknown[] = [];
  await registerCommands(
    createClient(fake.apiUrl).rest.setToken(TOKEN),
    { applicationId: fake.applicationId, guildId: fake.guildId },
    commandDefinitions(),
  );
  let client: Client;
  let announcer: Announcer;
  let stopAnnouncer = () => {};
  let routing: Routing;
  let aiSeats: AiSeats | null = null;
  let stopAiSeats = () => {};
  let pool: DecisionPool | null = null;
  let processes = 0;
  const login = async () => {
    client = createClient(fake.apiUrl, options.sharding);
    announcer = new Announcer(service, client, {
      ...options.outbox,
      onResultChanged: (gameId) => void seasons.resultChanged(gameId),
    });
    const seasons = new Seasons({ client, league, service, announcer, now: () => new Date() });
    if (options.ai) {
      const given = options.ai.decider?.(processes++);
      pool = given ? null : new DecisionPool({ threads: options.ai.threads ?? 1 });
      const seats = new AiSeats({
        service,
        decider: given ?? pool!,
        owns: (guildId) => ownsGuild(client, guildId),
        deliver: (gameId, view) => announcer.deliver(gameId, view),
        stuck: (view, turn) => announcer.tellAiStuck(view, turn),
      });
      announcer.onPosted((view) => seats.nudge(view));
      aiSeats = seats;
    }
    const deps = {
      service,
      league,
      seasons,
      client,
      announcer,
      now: () => new Date(),
      postWaitMs: options.postWaitMs ?? TEST_POST_WAIT_MS,
    };
    routing = routeInteractions(client, {
      ...botRoutes(deps, (e) => errors.push(e)),
      journal: new InteractionJournal(service),
      ...(options.maxInFlight === undefined ? {} : { maxInFlight: options.maxInFlight }),
      ...(options.overloaded === undefined ? {} : { overloaded: options.overloaded }),
      door: options.door ?? UNBOUNDED_BUDGETS,
    });
    await connect(client, TOKEN);
    // As the entry point does: what an earlier run left unannounced goes out now, and the AI plays on.
    stopAnnouncer = announcer.start();
    await seasons.resume();
    if (aiSeats) stopAiSeats = aiSeats.start();
  };
  const stop = async () => {
    stopAnnouncer();
    stopAiSeats();
    await pool?.close();
    await client.destroy();
  };
  await login();
  return {
    fake,
    service,
    league,
    errors,
    client: () => client,
    announcer: () => announcer,
    aiSeats: () => {
      if (!aiSeats) throw new Error('this bot runs no AI seats (startBot({ ai }))');
      return aiSeats;
    },
    drain: () => routing.drain(),
    async restart() {
      await stop();
      await login();
    },
    async close() {
      await stop();
      if (ownFake) await fake.close();
    },
  };
}
