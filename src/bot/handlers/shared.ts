import {
  MessageFlags,
  type APIEmbed,
  type ChatInputCommandInteraction,
  type MessageComponentInteraction,
  type Client,
} from 'discord.js';
import type { Caller, GameService, GameView, Result } from '../../game/service.ts';
import type { LeagueService } from '../../league/service.ts';
import type { BotLocale } from '../../i18n/index.ts';
import { t } from '../../i18n/index.ts';
import { callerOf, gameLocale, replyLocale } from '../caller.ts';
import { describeGameError } from '../present/errors.ts';
import type { Announcer } from '../announcer.ts';
import type { RecordReader } from '../records/reader.ts';
import type { Seasons } from '../seasons.ts';
import { fitText } from '../text.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { readyToAnswer, sendAnswer } from '../acknowledge.ts';

export interface BotDeps {
  readonly service: GameService;
  /** Ratings, history, statistics and seasons. */
  readonly league: LeagueService;
  /** Seasons on Discord: sign-up posts, tables, standings. */
  readonly seasons: Seasons;
  readonly client: Client;
  readonly now: () => Date;
  /** Posts every stored change to its channel (the outbox). */
  readonly announcer: Announcer;
  /** How long a player's answer waits for the channel post before saying it is delayed (default 5 s). */
  readonly postWaitMs?: number;
  /** Reads `/tm import` records off the main thread; by default the process's own reader. */
  readonly records?: RecordReader;
}

const POST_WAIT_MS = 5_000;

type Answerable = ChatInputCommandInteraction | MessageComponentInteraction;

/** Answers privately, whether the interaction was acknowledged already, is being, or not yet. */
export async function answer(
  interaction: Answerable,
  content: string,
  extra: { files?: unknown[]; components?: unknown[]; embeds?: readonly APIEmbed[] } = {},
): Promise<void> {
  const body = {
    content: fitText(content, MESSAGE_LIMITS.content),
    ...(extra.files ? { files: extra.files as never[] } : {}),
    ...(extra.embeds?.length ? { embeds: [...extra.embeds] } : {}),
    ...(extra.components ? { components: extra.components as never[] } : {}),
  };
  await readyToAnswer(interaction);
  if (interaction.deferred || interaction.replied) await sendAnswer(() => interaction.editReply(body), false);
  else await sendAnswer(() => interaction.reply({ ...body, flags: MessageFlags.Ephemeral }), true);
}

/** The caller, or a private "server only" answer. */
export async function requireCaller(interaction: Answerable): Promise<Caller | null> {
  const caller = callerOf(interaction);
  if (!caller) await answer(interaction, t(replyLocale(interaction), 'error.guildOnly'));
  return caller;
}

/**
 * The channel's game, or a private "no game here" answer. Any interaction with a game also delivers what
 * its channel has not been told yet, should an earlier post have failed.
 */
export async function channelGame(deps: BotDeps, interaction: Answerable, caller: Caller): Promise<GameView | null> {
  const found = await deps.service.findGameInChannel(caller);
  if (!found.ok) {
    await answer(interaction, describeGameError(replyLocale(interaction), found.error));
    return null;
  }
  if (!found.value) await answer(interaction, t(replyLocale(interaction), 'error.noGameInChannel'));
  else void deps.announcer.deliver(found.value.game.id, found.value);
  return found.value;
}

/**
 * The private answer after a change was stored: it waits (a few seconds at most) for the channel to show
 * the change, and says so when the post is delayed; the outbox keeps trying. `view`: the game after the
 * change, when the service returned it (the channel is then told without reading the store again).
 */
export async function confirmStored(
  deps: BotDeps,
  interaction: Answerable,
  gameId: string,
  content: string,
  view?: GameView,
): Promise<void> {
  const posted = await deps.announcer.deliverWithin(gameId, deps.postWaitMs ?? POST_WAIT_MS, view);
  await answer(interaction, posted ? content : `${content}\n${t(replyLocale(interaction), 'reply.postDelayed')}`);
}

/** Unwraps a service result; a refusal is explained privately in the player's language. */
export async function unwrap<T>(interaction: Answerable, result: Result<T>): Promise<T | null> {
  if (result.ok) return result.value;
  await answer(interaction, describeGameError(replyLocale(interaction), result.error));
  return null;
}

export function localeOfGame(view: GameView): BotLocale {
  return gameLocale(view.game.language);
}

export async function refreshed(deps: BotDeps, caller: Caller, gameId: string): Promise<GameView | null> {
  const r = await deps.service.getGame(caller, gameId);
  return r.ok ? r.value : null;
}
