// What anyone in the game's channel looks up: where it stands, the map, the cults, the boards, the log.
import { ApplicationCommandOptionType as T, AttachmentBuilder } from 'discord.js';
import { type FactionId, isFactionId } from '../../../engine/index.ts';
import { t } from '../../../i18n/index.ts';
import { callerOf, replyLocale } from '../../caller.ts';
import { localized } from '../../commands/localized.ts';
import type { AutocompleteContext, GameContext, Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, factionOption, tmSubcommand } from '../../commands/tm.ts';
import { factionBoardImages, gameImages } from '../../images.ts';
import { MESSAGE_LIMITS } from '../../message-limits.ts';
import { aiFactions, aiSeatLabel } from '../../present/ai.ts';
import { plainEcho } from '../../present/errors.ts';
import { factionName } from '../../present/names.ts';
import { describeStatus } from '../../present/status.ts';
import { fitText } from '../../text.ts';
import { waitsFor, yourPart, yourTurn } from '../../your-turn.ts';
import { boardAtRow } from '../records.ts';
import { answer, channelGame, unwrap, type BotDeps } from '../shared.ts';

export const status: Subcommand<typeof TM_SUB.status> = {
  ...tmSubcommand(TM_SUB.status, 'cmd.status'),
  where: 'game',
  acknowledge: 'now',
  async run({ deps, interaction, caller, view, locale }) {
    const status = describeStatus(locale, view);
    const files =
      view.state && view.state.round > 0
        ? await gameImages(view.state, locale, { round: true, ai: aiFactions(view) })
        : [];
    // A player the game waits for gets their own buttons with it: whatever the channel shows, their turn is here.
    const mine = waitsFor(view, caller.userId) ? yourTurn(locale, view, caller.userId, deps.now()) : null;
    const lines = [
      `**${status.title}**`,
      ...status.lines,
      ...(mine ? ['', ...yourPart(locale, view, caller.userId)] : []),
    ];
    await answer(interaction, fitText(lines.join('\n'), MESSAGE_LIMITS.content), {
      files,
      ...(mine ? { components: mine.components } : {}),
    });
  },
};

/** A picture of the game as it stands: the map, or the cult board. */
const picture = <N extends typeof TM_SUB.map | typeof TM_SUB.cults>(
  name: N,
  base: 'cmd.map' | 'cmd.cults',
  what: { map: { highlight: [] } } | { cults: true },
): Subcommand<N> => ({
  ...tmSubcommand(name, base),
  where: 'game',
  acknowledge: 'now',
  async run({ interaction, view, locale }) {
    if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
    const files = await gameImages(view.state, locale, { ...what, ai: aiFactions(view) });
    await answer(interaction, '', { files });
  },
});

export const map = picture(TM_SUB.map, 'cmd.map', { map: { highlight: [] } });
export const cults = picture(TM_SUB.cults, 'cmd.cults', { cults: true });

/** A player's name as Discord shows it, for the pictures; none when Discord cannot say. */
async function displayName(deps: BotDeps, userId: string): Promise<string | undefined> {
  try {
    return (await deps.client.users.fetch(userId)).displayName;
  } catch {
    return undefined;
  }
}

/** The factions' boards, one picture each with its player's name (they read on a phone). */
async function boards({ deps, interaction, view, locale }: GameContext): Promise<void> {
  if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
  const f = interaction.options.getString(TM_OPTION.faction);
  if (f && !(isFactionId(f) && view.state.factions[f]))
    return answer(
      interaction,
      t(locale, 'reply.noSuchFaction', { faction: isFactionId(f) ? factionName(locale, f) : plainEcho(f) }),
    );
  // While factions are picked there are no boards yet: the map and the tiles are what there is to see.
  if (Object.keys(view.state.factions).length === 0) {
    const files = await gameImages(view.state, locale, { map: { highlight: [] }, round: true, ai: aiFactions(view) });
    return answer(interaction, '', { files });
  }
  const factions = f ? [f as FactionId] : view.state.factionOrder;
  const players = await Promise.all(
    factions.map(async (faction) => {
      const seat = view.game.seats.find((s) => s.faction === faction);
      if (seat?.ai) return { faction, player: aiSeatLabel(locale, seat.userId, seat.ai.level) };
      return { faction, player: seat ? await displayName(deps, seat.userId) : undefined };
    }),
  );
  await answer(interaction, '', { files: await factionBoardImages(view.state, locale, players, aiFactions(view)) });
}

/** The game's factions, for the options that name one. */
export async function autocompleteFaction({ deps, interaction }: AutocompleteContext): Promise<void> {
  const caller = callerOf(interaction);
  const found = caller ? await deps.service.findGameInChannel(caller) : null;
  const view = found?.ok ? found.value : null;
  const locale = replyLocale(interaction);
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const factions = (view?.state?.factionOrder ?? []).map((f) => ({ name: factionName(locale, f), value: f }));
  await interaction.respond(
    factions.filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed)).slice(0, 25),
  );
}

/**
 * `/tm board`: the factions' boards; with `row`, the game (this channel's, or the last one finished here)
 * as it stood after that row of its log.
 */
export const board: Subcommand<typeof TM_SUB.board> = {
  ...tmSubcommand(TM_SUB.board, 'cmd.board', [
    factionOption(false),
    { type: T.Integer, ...localized(TM_OPTION.row, 'opt.row'), required: false, min_value: 0, max_value: 100_000 },
  ]),
  // A row reaches the channel's last finished game too: the game here is looked for only without one.
  where: 'server',
  acknowledge: 'now',
  autocomplete: autocompleteFaction,
  async run(context) {
    const { deps, interaction, caller, locale } = context;
    const row = interaction.options.getInteger(TM_OPTION.row);
    if (row !== null) return boardAtRow(deps, interaction, caller, locale, row);
    const view = await channelGame(deps, interaction, caller);
    if (view) await boards({ ...context, view });
  },
};

export const log: Subcommand<typeof TM_SUB.log> = {
  ...tmSubcommand(TM_SUB.log, 'cmd.log', [
    { type: T.Integer, ...localized(TM_OPTION.count, 'opt.count'), required: false, min_value: 1, max_value: 50 },
  ]),
  where: 'game',
  acknowledge: 'now',
  async run({ interaction, view, locale }) {
    const count = interaction.options.getInteger(TM_OPTION.count) ?? 10;
    const seatFaction = (seat: number | null) => view.game.seats.find((s) => s.position === seat)?.faction;
    // Newest last, and what does not fit goes from the oldest end: the newest moves are the point.
    const lines: string[] = [];
    let length = 0;
    for (const m of view.moves.slice(-count).reverse()) {
      const who = seatFaction(m.seat);
      const line = `${m.seq}. ${who ? factionName(locale, who) : '—'}: \`${m.text}\``;
      if (length + line.length + 1 > MESSAGE_LIMITS.content) break;
      lines.unshift(line);
      length += line.length + 1;
    }
    await answer(interaction, lines.length ? lines.join('\n') : t(locale, 'reply.nothingToShow'));
  },
};

export const exportLog: Subcommand<typeof TM_SUB.export> = {
  ...tmSubcommand(TM_SUB.export, 'cmd.export'),
  where: 'game',
  acknowledge: 'now',
  async run({ deps, interaction, caller, view }) {
    const text = await unwrap(interaction, await deps.service.exportMoveList(caller, view.game.id));
    if (text === null) return;
    await answer(interaction, '', {
      files: [new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: `tm-${view.game.id}.txt` })],
    });
  },
};
