/**
 * Interactions in flight, recorded in the store: a row when one begins, gone once it is answered. A process
 * killed mid-move (SIGKILL, or SIGTERM past its stop deadline) leaves its rows behind, and the next start
 * tells each of those players what became of it: their move was stored (and the channel shows it); or
 * nothing was stored and the game is as it was; or the game changed meanwhile and the channel says how.
 * Their buttons come with it, one click away, to play again.
 *
 * The writes are not waited for: a move does not wait on its own bookkeeping. On SQLite they go through
 * the store's one connection in order, so the row is in before the move's own append.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  Routes,
  type ApplicationCommandOptionType,
  type Client,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  type MessageComponentInteraction,
} from 'discord.js';
import type { GameService } from '../game/service.ts';
import { botLocaleOf, t, type BotLocale } from '../i18n/index.ts';
import { log } from '../log.ts';
import { postsIn } from './announcer.ts';
import { formatCustomId, parseCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { mention } from './present/names.ts';
import { ownsGuild } from './shards.ts';
import { fitText } from './text.ts';

/** How long Discord lets a bot follow an interaction up; after that, the player is told in the channel. */
const FOLLOW_UP_MS = 14 * 60_000;

/**
 * How long a row from before this start must outlive it to count as cut off: a process still running (the
 * old one in a rolling deploy, draining for up to 8 s) ends its rows by then; a dead one never does.
 */
const GRACE_MS = 10_000;

/** The longest `what` kept: a typed command or a clicked label, shown back to its player. */
const WHAT_LIMIT = 100;

/** "/move build E5": a command as its player typed it, for telling them what a restart cut off. */
export function typedCommand(name: string, options: readonly CommandInteractionOption[]): string {
  const words = [`/${name}`];
  const walk = (list: readonly CommandInteractionOption[]) => {
    for (const o of list) {
      if (o.type === (1 as ApplicationCommandOptionType) || o.type === (2 as ApplicationCommandOptionType))
        words.push(o.name);
      else if (o.value !== undefined) words.push(String(o.value));
      walk(o.options ?? []);
    }
  };
  walk(options);
  return fitText(words.join(' '), WHAT_LIMIT);
}

interface ComponentJsonLike {
  readonly custom_id?: string;
  readonly label?: string;
  readonly options?: readonly { readonly label: string; readonly value: string }[];
  readonly components?: readonly ComponentJsonLike[];
}

/**
 * What the player clicked, in the words they read: the button's label, or the options they chose in a menu
 * ("Dwelling at E5 · −1 W · −2 C"). Empty when the message no longer shows it.
 */
export function clickedLabel(
  components: readonly ComponentJsonLike[],
  customId: string,
  values: readonly string[],
): string {
  for (const c of components) {
    if (c.custom_id === customId) {
      const chosen = (c.options ?? []).filter((o) => values.includes(o.value)).map((o) => o.label);
      return fitText(chosen.length > 0 ? chosen.join(', ') : (c.label ?? ''), WHAT_LIMIT);
    }
    const inner = clickedLabel(c.components ?? [], customId, values);
    if (inner) return inner;
  }
  return '';
}

/** What an interaction was, for its player: the command as typed ("/…"), or the words of what they clicked. */
function whatOf(interaction: ChatInputCommandInteraction | MessageComponentInteraction): string {
  if (interaction.isChatInputCommand()) return typedCommand(interaction.commandName, interaction.options.data);
  const rows = (interaction.message?.components ?? []).map((c) => c.toJSON() as ComponentJsonLike);
  return clickedLabel(rows, interaction.customId, interaction.isAnySelectMenu() ? interaction.values : []);
}

export class InteractionJournal {
  constructor(private readonly service: GameService) {}

  /** Records a command or a click as being handled; the function returned ends the record. */
  begin(interaction: Interaction): () => void {
    if (!interaction.isChatInputCommand() && !interaction.isMessageComponent()) return () => {};
    const id = interaction.isMessageComponent() ? parseCustomId(interaction.customId) : undefined;
    const entry = {
      id: interaction.id,
      token: interaction.token,
      applicationId: interaction.applicationId,
      userId: interaction.user.id,
      guildId: interaction.guildId,
      channelId: interaction.channelId ?? '',
      gameId: id?.gameId ?? null,
      what: whatOf(interaction),
      locale: interaction.locale,
      startedAt: new Date(),
    };
    const written = this.service.beginInteraction(entry).then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error, interaction: entry.id }, 'could not record an interaction in flight');
        return false;
      },
    );
    return () =>
      void written.then(async (ok) => {
        if (!ok) return;
        await this.service
          .endInteraction(entry.id)
          .catch((error: unknown) => log.warn({ err: error, interaction: entry.id }, 'could not end a record'));
      });
  }
}

export interface InterruptedDeps {
  readonly service: GameService;
  readonly client: Client;
  readonly now: () => Date;
  /** When this process started: rows older than it that outlive the grace were left by a process that is gone. */
  readonly startedAt: Date;
  /** How long such a row must outlive this start (10 s by default). */
  readonly graceMs?: number;
}

/**
 * Tells every player whose interaction a previous process left unanswered what became of it, then drops
 * the record. Only for the servers this process's shards own (direct messages: shard 0's). Returns how many
 * were told.
 */
export async function tellInterrupted(deps: InterruptedDeps): Promise<number> {
  let told = 0;
  // Another process still serving (a rolling deploy's old one) may yet answer what it began: only the rows
  // that are still there after the grace were cut off.
  const suspects = await deps.service.interactionsBefore(deps.startedAt);
  if (suspects.length === 0) return 0;
  // (unref: a process told to stop meanwhile does not wait for it)
  await new Promise((resolve) => setTimeout(resolve, deps.graceMs ?? GRACE_MS).unref());
  const left = new Set(suspects.map((e) => e.id));
  for (const entry of await deps.service.interactionsBefore(deps.startedAt)) {
    if (!left.has(entry.id)) continue;
    if (!ownsGuild(deps.client, entry.guildId ?? '')) continue;
    const locale = botLocaleOf(entry.locale);
    const found = await deps.service.whatBecameOf(entry, deps.startedAt).catch(() => null);
    const content = interruptedText(locale, entry.what, found);
    // Their own buttons, to play again or see where the game stands, for a player of the game.
    const components =
      found && found.game.seats.some((s) => s.userId === entry.userId) ? [showTurnRow(locale, found.game)] : [];
    const fresh = deps.now().getTime() - entry.startedAt.getTime() < FOLLOW_UP_MS;
    let delivered = false;
    if (fresh) {
      // The player's own interaction, privately: it works once the interaction was acknowledged (after a
      // "thinking…", Discord shows it in the placeholder's place).
      delivered = await deps.client.rest
        .post(Routes.webhook(entry.applicationId, entry.token), {
          body: { content: fitText(content, MESSAGE_LIMITS.content), flags: MessageFlags.Ephemeral, components },
          auth: false,
        })
        .then(
          () => true,
          () => false,
        );
    }
    if (!delivered && entry.guildId) {
      // Too late, or never acknowledged: the game's channel (or the one asked from) names them.
      const channelId = found ? postsIn(found.game) : entry.channelId;
      delivered = await deps.client.channels
        .fetch(channelId)
        .then(async (channel) => {
          if (!channel?.isSendable()) return false;
          await channel.send({
            content: fitText(`${mention(entry.userId)} ${content}`, MESSAGE_LIMITS.content),
            components,
            allowedMentions: { users: [entry.userId] },
          });
          return true;
        })
        .catch(() => false);
    }
    if (delivered) told++;
    else
      log.warn({ interaction: entry.id, user: entry.userId }, 'could not tell a player their interaction was cut off');
    await deps.service.endInteraction(entry.id);
  }
  return told;
}

/** What a player whose interaction a restart cut off is told, in words true whatever it was. */
export function interruptedText(
  locale: BotLocale,
  what: string,
  found: { readonly lines: readonly string[]; readonly changed: boolean } | null,
): string {
  const asked = !what
    ? t(locale, 'restart.click')
    : what.startsWith('/')
      ? `\`${what}\``
      : t(locale, 'restart.clickOn', { label: what });
  if (!found) return t(locale, 'restart.cutOff', { what: asked });
  if (found.lines.length > 0)
    return t(locale, 'restart.played', { what: asked, moves: found.lines.map((l) => `\`${l}\``).join(', ') });
  return t(locale, found.changed ? 'restart.changed' : 'restart.notPlayed', { what: asked });
}

/** "Show my turn": the player's buttons, privately, to play again what was cut off. */
function showTurnRow(locale: BotLocale, game: { readonly id: string; readonly version: number }) {
  return new ActionRowBuilder<ButtonBuilder>()
    .addComponents(
      new ButtonBuilder()
        .setCustomId(formatCustomId({ kind: 'show', gameId: game.id, version: game.version, args: [] }))
        .setStyle(ButtonStyle.Primary)
        .setLabel(t(locale, 'myGames.show')),
    )
    .toJSON();
}
