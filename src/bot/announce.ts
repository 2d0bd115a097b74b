import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  StringSelectMenuBuilder,
  type Client,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import { type FactionId, legalMoves } from '../engine/index.ts';
import type { GameView } from '../game/service.ts';
import { BOT_LOCALES, t, type BotLocale } from '../i18n/index.ts';
import { formatCommands } from '../notation/format.ts';
import { formatCustomId } from './custom-id.ts';
import { boardImages } from './images.ts';
import { factionName } from './present/names.ts';
import { describeFinal, describeStatus } from './present/status.ts';
import { fitText } from './text.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';

const MAX_ROWS = 5;

async function sendable(client: Client, channelId: string): Promise<SendableChannels> {
  const channel = await client.channels.fetch(channelId);
  if (!channel || !channel.isSendable()) throw new Error(`channel ${channelId} cannot receive messages`);
  return channel;
}

/** Buttons and menus for the small decisions the game waits on: power offers, tiles, cult steps, factions. */
export function decisionComponents(
  locale: BotLocale,
  view: GameView,
): ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  const { game, state } = view;
  if (view.factionPick && state) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(
        formatCustomId({
          kind: 'faction',
          gameId: game.id,
          version: game.version,
          args: [String(view.factionPick.position)],
        }),
      )
      .setPlaceholder(t(locale, 'turn.pickFaction'))
      .addOptions(view.factionPick.available.map((f) => ({ label: factionName(locale, f), value: f })));
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  if (!state || state.finished) return rows;
  for (const p of state.pending) {
    if (rows.length >= MAX_ROWS) break;
    if (p.type !== 'leech') continue;
    const f = state.factions[p.faction]!;
    const vp = Math.max(0, Math.min(p.actual, f.VP + 1) - 1);
    const args = [p.faction, String(p.amount), p.from];
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(formatCustomId({ kind: 'leech', gameId: game.id, version: game.version, args }))
          .setStyle(ButtonStyle.Success)
          .setLabel(
            fitText(
              `${factionName(locale, p.faction)}: ${t(locale, 'turn.accept', { amount: p.actual, vp })}`,
              MESSAGE_LIMITS.buttonLabel,
            ),
          ),
        new ButtonBuilder()
          .setCustomId(formatCustomId({ kind: 'decline', gameId: game.id, version: game.version, args }))
          .setStyle(ButtonStyle.Secondary)
          .setLabel(
            fitText(`${factionName(locale, p.faction)}: ${t(locale, 'turn.decline')}`, MESSAGE_LIMITS.buttonLabel),
          ),
      ),
    );
  }
  for (const w of view.waitingFor) {
    if (rows.length >= MAX_ROWS) break;
    const choices = legalMoves(state, w.faction).filter(
      (m) => m.kind === 'favor' || m.kind === 'town' || m.kind === 'cult',
    );
    if (choices.length === 0) continue;
    const menu = new StringSelectMenuBuilder()
      .setCustomId(formatCustomId({ kind: 'take', gameId: game.id, version: game.version, args: [w.faction] }))
      .setPlaceholder(
        `${factionName(locale, w.faction)}: ${t(locale, choices[0]!.kind === 'cult' ? 'turn.pickCult' : 'turn.pickTile')}`,
      )
      .addOptions(
        choices.slice(0, 25).map((m) => ({ label: formatCommands(m.commands), value: formatCommands(m.commands) })),
      );
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  return rows;
}

/** Mentions allowed in a message: exactly the players the game waits for. */
function pings(view: GameView): MessageCreateOptions['allowedMentions'] {
  const users = new Set(view.waitingFor.map((w) => w.userId));
  if (view.factionPick) users.add(view.factionPick.userId);
  return { users: [...users] };
}

/** Posts a game event to its channel with the board images and the decisions it now waits on. */
export async function postToChannel(
  client: Client,
  view: GameView,
  locale: BotLocale,
  content: string,
  options: { images?: boolean; highlight?: string[]; status?: boolean } = {},
): Promise<void> {
  const channel = await sendable(client, view.game.channelId);
  const files =
    options.images && view.state && view.state.round > 0
      ? await boardImages(view.state, locale, options.highlight ?? [])
      : [];
  await channel.send({
    content: fitText(content, MESSAGE_LIMITS.content),
    files,
    components: decisionComponents(locale, view),
    allowedMentions: pings(view),
  });
  if (view.state?.finished) {
    const userOf = (f: FactionId) => view.game.seats.find((s) => s.faction === f)?.userId;
    await channel.send({
      content: fitText(describeFinal(locale, view.state, userOf).join('\n'), MESSAGE_LIMITS.content),
      allowedMentions: { users: [] },
    });
  }
  if (options.status !== false) await updatePinnedStatus(client, view, locale);
}

/** The pinned status message, edited in place so the channel always shows where the game stands. */
export async function updatePinnedStatus(client: Client, view: GameView, locale: BotLocale): Promise<void> {
  const channel = await sendable(client, view.game.channelId);
  if (!('messages' in channel)) return;
  const status = describeStatus(locale, view);
  const embed = new EmbedBuilder()
    .setTitle(status.title)
    .setDescription(fitText(status.lines.join('\n'), MESSAGE_LIMITS.embedDescription))
    .setFooter({ text: t(locale, 'status.footer', { id: view.game.id }) });
  const pins = await channel.messages.fetchPins();
  // The footer marks the game's pin in whatever language it was first written.
  const footers = new Set(BOT_LOCALES.map((l) => t(l, 'status.footer', { id: view.game.id })));
  const mine = pins.items
    .map((p) => p.message)
    .find((m) => m.author.id === client.user?.id && footers.has(m.embeds[0]?.footer?.text ?? ''));
  if (mine) await mine.edit({ embeds: [embed] });
  else {
    const message = await channel.send({ embeds: [embed], allowedMentions: { users: [] } });
    await message.pin();
  }
}
