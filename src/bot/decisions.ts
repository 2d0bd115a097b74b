import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import { legalMoves } from '../engine/index.ts';
import type { GameView } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { formatCommands } from '../notation/format.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { factionName } from './present/names.ts';
import { fitText } from './text.ts';

const MAX_ROWS = 5;

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
