/**
 * A season on Discord: its sign-up post (edited as members sign up), its tables opened at once (a thread
 * of the season's channel or a channel each, the players pinged, the game created and started), and its
 * standings posted, pinned and edited as each table ends. Everything here is derived from the league's
 * store, so a restart resumes it: tables not opened yet are opened, standings brought up to date.
 */
import { createHash } from 'node:crypto';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  DiscordAPIError,
  ThreadAutoArchiveDuration,
  type Client,
  type Message,
  type SendableChannels,
} from 'discord.js';
import type { GameService } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import type { LoadedSeason, SeasonTable } from '../league/season.ts';
import type { LeagueService, SeasonStandings } from '../league/service.ts';
import { log } from '../log.ts';
import { type Announcer, loggedError } from './announcer.ts';
import { gameLocale } from './caller.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeSignup, mapName, standingsMessage } from './present/league.ts';
import { mention } from './present/names.ts';
import { ownsGuild } from './shards.ts';
import { fitText } from './text.ts';

export interface SeasonDeps {
  readonly client: Client;
  readonly league: LeagueService;
  readonly service: GameService;
  readonly announcer: Announcer;
  readonly now: () => Date;
}

/** Discord's "Unknown Message": a post the season remembered was deleted. */
const UNKNOWN_MESSAGE = 10008;

const localeOf = (loaded: LoadedSeason): BotLocale => gameLocale(loaded.season.config.language);

/** The sign-up post's buttons, while the season signs up. */
export function signupButtons(loaded: LoadedSeason): ActionRowBuilder<ButtonBuilder>[] {
  if (loaded.season.status !== 'signup') return [];
  const locale = localeOf(loaded);
  const id = (kind: 'signup' | 'withdraw') => formatCustomId({ kind, gameId: loaded.season.id, version: 0, args: [] });
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(id('signup'))
        .setStyle(ButtonStyle.Success)
        .setLabel(t(locale, 'league.button.signUp')),
      new ButtonBuilder()
        .setCustomId(id('withdraw'))
        .setStyle(ButtonStyle.Secondary)
        .setLabel(t(locale, 'league.button.withdraw')),
    ),
  ];
}

/** The sign-up post as it should read now. */
export function signupMessage(loaded: LoadedSeason) {
  return {
    content: fitText(describeSignup(localeOf(loaded), loaded), MESSAGE_LIMITS.content),
    components: signupButtons(loaded),
    allowedMentions: { parse: [] as never[] },
  };
}

/** A nonce for a season's one-off posts: a repeat after a lost answer or a crash returns the first. */
function seasonNonce(seasonId: string, part: string): string {
  return createHash('sha256').update(`season:${seasonId}:${part}`).digest('base64url').slice(0, 25);
}

export class Seasons {
  /** Standings edits of one season run one after another. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly deps: SeasonDeps) {}

  private async channel(channelId: string): Promise<SendableChannels> {
    const channel = await this.deps.client.channels.fetch(channelId);
    if (!channel?.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
    return channel;
  }

  /** Posts the season's sign-up in its channel and remembers the message. */
  async postSignup(loaded: LoadedSeason): Promise<void> {
    const channel = await this.channel(loaded.season.channelId);
    const sent = await channel.send({
      ...signupMessage(loaded),
      nonce: seasonNonce(loaded.season.id, 'signup'),
      enforceNonce: true,
    });
    await this.deps.league.recordMessage(loaded.season.id, 'signup', sent.id);
  }

  /** Brings the sign-up post up to date (closed, without buttons, once the season started). */
  async refreshSignup(loaded: LoadedSeason): Promise<void> {
    const id = loaded.season.signupMessageId;
    if (!id) return;
    const channel = await this.channel(loaded.season.channelId);
    if (!('messages' in channel)) return;
    await channel.messages.edit(id, signupMessage(loaded)).catch((error: unknown) => {
      if (!(error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE)) throw error;
    });
  }

  /** Tells a waiting member, in the season's channel, that they have a place now. */
  async tellPromoted(loaded: LoadedSeason, userId: string): Promise<void> {
    const channel = await this.channel(loaded.season.channelId);
    await channel.send({
      content: t(localeOf(loaded), 'league.promoted', { player: mention(userId), name: loaded.season.name }),
      allowedMentions: { users: [userId] },
    });
  }

  /**
   * Opens every table of the season that has no game yet: its thread (or channel), a post naming and
   * pinging its players, then its game, created with them seated and started, whose own posts follow.
   * Returns the tables that could not be opened (they are tried again at the next start).
   */
  async openTables(loaded: LoadedSeason): Promise<{ table: number; reason: string }[]> {
    const failed: { table: number; reason: string }[] = [];
    for (const table of loaded.tables) {
      if (table.gameId) continue;
      try {
        await this.openTable(loaded, table);
      } catch (error) {
        log.warn(
          { ...loggedError(error), season: loaded.season.id, table: table.number },
          'a season table could not be opened',
        );
        failed.push({ table: table.number, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return failed;
  }

  private async openTable(loaded: LoadedSeason, table: SeasonTable): Promise<void> {
    const { season } = loaded;
    const locale = localeOf(loaded);
    let channelId = table.channelId;
    if (!channelId) {
      const made = await this.makePlace(loaded, table);
      // Another process may have opened it meanwhile: the place recorded first is the table's.
      const recorded = await this.deps.league.recordTableChannel(season.id, table.number, made);
      channelId = recorded ? made : ((await this.placeOf(season.id, table.number)) ?? made);
    }
    const players = table.seats.map((s) => s.substituteId ?? s.userId);
    const channel = await this.channel(channelId);
    await channel.send({
      content: t(locale, 'league.tableIntro', {
        season: season.name,
        division: table.division,
        table: table.number,
        players: players.map(mention).join(' '),
        map: mapName(locale, season.config.maps[(table.number - 1) % season.config.maps.length]!),
      }),
      allowedMentions: { users: players },
      nonce: seasonNonce(season.id, `table-${table.number}`),
      enforceNonce: true,
    });
    const opened = await this.deps.league.openTable(season.id, table.number, channelId, this.deps.now());
    if (!opened.ok) throw new Error(opened.error.code);
    await this.deps.announcer.deliver(opened.value);
  }

  /** The channel another process recorded for a table. */
  private async placeOf(seasonId: string, table: number): Promise<string | null> {
    const fresh = await this.deps.league.seasonById(seasonId);
    return fresh.ok ? (fresh.value.tables.find((x) => x.number === table)?.channelId ?? null) : null;
  }

  /** A thread of the season's channel, or a text channel beside it. */
  private async makePlace(loaded: LoadedSeason, table: SeasonTable): Promise<string> {
    const { season } = loaded;
    const name = fitText(
      t(localeOf(loaded), 'league.tableName', { season: season.name, division: table.division, table: table.number }),
      100,
    );
    const parent = await this.deps.client.channels.fetch(season.channelId);
    if (!parent || parent.type !== ChannelType.GuildText)
      throw new Error(`channel ${season.channelId} is not a text channel`);
    if (season.config.tables === 'channel') {
      const made = await parent.guild.channels.create({
        name,
        type: ChannelType.GuildText,
        ...(parent.parentId ? { parent: parent.parentId } : {}),
      });
      return made.id;
    }
    const thread = await parent.threads.create({
      name,
      type: ChannelType.PublicThread,
      autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
    });
    return thread.id;
  }

  /** Tells the season's channel it has started, with every table and where it is played. */
  async announceStart(seasonId: string): Promise<void> {
    const loaded = await this.deps.league.seasonById(seasonId);
    if (!loaded.ok) return;
    const { season, tables } = loaded.value;
    const locale = localeOf(loaded.value);
    const divisions = new Set(tables.map((x) => x.division)).size;
    const lines = [
      t(locale, 'league.started', {
        name: season.name,
        tables: t(locale, 'league.count.tables', { count: tables.length }),
        divisions: t(locale, 'league.count.divisions', { count: divisions }),
      }),
      ...tables.map((x) =>
        t(locale, 'league.tableLine', {
          division: x.division,
          table: x.number,
          place: x.channelId ? `<#${x.channelId}>` : '—',
          players: x.seats.map((s) => mention(s.substituteId ?? s.userId)).join(' '),
        }),
      ),
    ];
    const channel = await this.channel(season.channelId);
    // Long seasons take several posts: each within Discord's length, none cut.
    let post = '';
    let part = 0;
    for (const line of lines) {
      if (post && post.length + line.length + 1 > MESSAGE_LIMITS.content) {
        await channel.send({
          content: post,
          allowedMentions: { parse: [] },
          nonce: seasonNonce(season.id, `start-${part++}`),
          enforceNonce: true,
        });
        post = '';
      }
      post = post ? `${post}\n${line}` : line;
    }
    if (post)
      await channel.send({
        content: post,
        allowedMentions: { parse: [] },
        nonce: seasonNonce(season.id, `start-${part}`),
        enforceNonce: true,
      });
  }

  /** Posts the standings in the season's channel, or edits the post; pinned either way. */
  postStandings(settled: SeasonStandings): Promise<void> {
    const seasonId = settled.season.season.id;
    const run = async () => {
      const { season } = settled.season;
      const { content, embeds } = standingsMessage(localeOf(settled.season), settled.season, settled.standings);
      const channel = await this.channel(season.channelId);
      if (!('messages' in channel)) return;
      let message: Message | null = null;
      if (season.standingsMessageId)
        message = await channel.messages
          .edit(season.standingsMessageId, { content, embeds, allowedMentions: { parse: [] } })
          .catch((error: unknown) => {
            if (error instanceof DiscordAPIError && error.code === UNKNOWN_MESSAGE) return null;
            throw error;
          });
      if (!message) {
        message = await channel.send({ content, embeds, allowedMentions: { parse: [] } });
        await this.deps.league.recordMessage(seasonId, 'standings', message.id);
      }
      if (!message.pinned)
        await message.pin().catch((error: unknown) => log.warn(loggedError(error), 'could not pin the standings'));
      if (settled.completed)
        await channel.send({
          content: t(localeOf(settled.season), 'league.finished', { name: season.name }),
          allowedMentions: { parse: [] },
        });
    };
    const chain = (this.chains.get(seasonId) ?? Promise.resolve()).then(run, run);
    this.chains.set(seasonId, chain);
    void chain.finally(() => {
      if (this.chains.get(seasonId) === chain) this.chains.delete(seasonId);
    });
    return chain;
  }

  /**
   * A game's end (or a finished game taken back into play) reached its channel: when it was a season's
   * table, its standings move on.
   */
  async resultChanged(gameId: string): Promise<void> {
    try {
      const settled = await this.deps.league.resultChanged(gameId);
      if (settled.ok && settled.value) await this.postStandings(settled.value);
    } catch (error) {
      log.warn({ ...loggedError(error), gameId }, 'could not update the standings after a table ended');
    }
  }

  /**
   * At start-up: every running season of the servers this process serves opens the tables a crash left
   * unopened and brings its standings up to date (finishing it if its last table ended meanwhile).
   */
  async resume(): Promise<void> {
    for (const guildId of this.deps.client.guilds.cache.keys()) {
      if (!ownsGuild(this.deps.client, guildId)) continue;
      const running = await this.deps.league.seasons(guildId, ['running']);
      if (!running.ok) continue;
      for (const record of running.value) {
        try {
          const loaded = await this.deps.league.seasonById(record.id);
          if (!loaded.ok) continue;
          await this.openTables(loaded.value);
          const settled = await this.deps.league.settleSeason(record.id);
          if (settled.ok) await this.postStandings(settled.value);
        } catch (error) {
          log.warn({ ...loggedError(error), season: record.id }, 'could not resume a season');
        }
      }
    }
  }
}
