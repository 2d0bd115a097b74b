import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import { offerVpCost, type GameState, type MoveKind } from '../engine/index.ts';
import type { GameView } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { formatCommands } from '../notation/format.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeLegalMove, describeLine } from './present/moves.ts';
import { factionName } from './present/names.ts';
import { auctionMenus, factionAbout } from './present/auction.ts';
import { owedSteps, stepNumber } from './present/steps.ts';
import { fitComponentText } from './text.ts';
import { legalMovesOf, turnButtonRows } from './turn-prompt.ts';

type Row = ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>;

/**
 * Unlocks and the token cost something, and cult steps may be placed where they climb nothing: their menu
 * lines say what each does.
 */
const MEASURED: ReadonlySet<string> = new Set(['unlock', 'token', 'cult']);
type Leech = Extract<GameState['pending'][number], { type: 'leech' }>;

/** Accept and decline buttons of one power offer, and the Trading Camp's coin when it may answer it (SL-NOM-1). */
function offerButtons(locale: BotLocale, view: GameView, p: Leech): ButtonBuilder[] {
  const { game, state } = view;
  const vp = offerVpCost(state!, p);
  const args = [p.faction, String(p.amount), p.from];
  const who = factionName(locale, p.faction);
  return [
    new ButtonBuilder()
      .setCustomId(formatCustomId({ kind: 'leech', gameId: game.id, version: view.positionVersion, args }))
      .setStyle(ButtonStyle.Success)
      .setLabel(
        fitComponentText(
          // Full bowls take nothing: the button says so rather than "Take 0 power" for a `leech 1`.
          `${who}: ${p.actual === 0 ? t(locale, 'turn.acceptNothing') : t(locale, 'turn.accept', { amount: p.actual, vp })}`,
          MESSAGE_LIMITS.buttonLabel,
        ),
      ),
    new ButtonBuilder()
      .setCustomId(formatCustomId({ kind: 'decline', gameId: game.id, version: view.positionVersion, args }))
      .setStyle(ButtonStyle.Secondary)
      .setLabel(fitComponentText(`${who}: ${t(locale, 'turn.decline')}`, MESSAGE_LIMITS.buttonLabel)),
    ...(p.coins
      ? [
          new ButtonBuilder()
            .setCustomId(formatCustomId({ kind: 'coin', gameId: game.id, version: view.positionVersion, args }))
            .setStyle(ButtonStyle.Primary)
            .setLabel(
              fitComponentText(
                `${who}: ${t(locale, 'turn.takeCoins', { amount: p.coins })}`,
                MESSAGE_LIMITS.buttonLabel,
              ),
            ),
        ]
      : []),
  ];
}

/**
 * Moves that answer what the game waits on with one pick from a menu: a tile, cult steps to place or to
 * lose, the terrain a riverwalkers' priest unlocks, the shapeshifters' token for 1 VP (with its refusal).
 */
const CHOICE_KINDS: readonly MoveKind[] = ['favor', 'town', 'town-reward', 'cult', 'lose-cult', 'unlock', 'token'];
type ChoiceKind = 'favor' | 'town' | 'town-reward' | 'cult' | 'lose-cult' | 'unlock' | 'token';
const CHOICE_PLACEHOLDER = {
  favor: 'turn.pickFavor',
  town: 'turn.pickTown',
  'town-reward': 'turn.pickTownReward',
  cult: 'turn.pickCult',
  'lose-cult': 'turn.loseCult',
  unlock: 'turn.pickUnlock',
  token: 'turn.pickToken',
} as const satisfies Record<ChoiceKind, string>;

/** Approve and Reject of the open undo request: the players whose consent it needs answer here. */
function undoRequestButtons(locale: BotLocale, view: GameView, keepThroughSeq: number): Row {
  const id = (kind: 'undo-yes' | 'undo-no') =>
    formatCustomId({ kind, gameId: view.game.id, version: view.game.version, args: [String(keepThroughSeq)] });
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(id('undo-yes')).setStyle(ButtonStyle.Success).setLabel(t(locale, 'undo.approve')),
    new ButtonBuilder().setCustomId(id('undo-no')).setStyle(ButtonStyle.Danger).setLabel(t(locale, 'undo.reject')),
  );
}

/**
 * Buttons and menus for what the game waits on: the faction menu, an undo request's answers, power offers,
 * tile and cult choices, and the turn prompt of whoever must move. All of it fits Discord's five rows: offers share rows when
 * they must, and the prompt keeps at least its first row.
 */
export function decisionComponents(
  locale: BotLocale,
  view: GameView,
  /** Only this player's decisions: their own buttons, shown to them privately. */
  forUser?: string,
): Row[] {
  const { game, state } = view;
  const mine = (userId: string) => forUser === undefined || userId === forUser;
  const rows: Row[] = [];
  if (view.factionPick && state && mine(view.factionPick.userId)) {
    const menu = new StringSelectMenuBuilder()
      .setCustomId(
        formatCustomId({
          kind: 'faction',
          gameId: game.id,
          version: view.positionVersion,
          args: [String(view.factionPick.position)],
        }),
      )
      .setPlaceholder(t(locale, 'turn.pickFaction'))
      .addOptions(
        view.factionPick.available.map((f) => ({
          label: factionName(locale, f),
          value: f,
          // The same line the auction's menu gives: what the faction does.
          description: fitComponentText(factionAbout(locale, f), MESSAGE_LIMITS.selectOptionText),
        })),
      );
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  if (view.auction && state && mine(view.auction.bidder.userId)) rows.push(...auctionMenus(locale, view, state));
  if (view.undoRequest && (forUser === undefined || forUser !== view.undoRequest.requestedBy))
    rows.push(undoRequestButtons(locale, view, view.undoRequest.keepThroughSeq));
  if (!state || state.finished) return rows;

  const waiting = view.waitingFor.filter((w) => mine(w.userId));
  const holder = (faction: string) => game.seats.find((s) => s.faction === faction)?.userId;
  // Two offers alike (a line that built twice next to the same neighbour) are answered by the same
  // `leech N from F`, one at a time: their buttons would be one custom id twice, which Discord refuses.
  const offers = state.pending
    .filter((p): p is Leech => p.type === 'leech' && (forUser === undefined || holder(p.faction) === forUser))
    .filter(
      (p, i, all) => all.findIndex((q) => q.faction === p.faction && q.amount === p.amount && q.from === p.from) === i,
    );
  const choiceMenus: Row[] = [];
  const promptRows: Row[] = [];
  for (const w of waiting) {
    const moves = legalMovesOf(view, state, w.faction);
    const token = moves.some((m) => m.kind === 'token');
    const choices = moves.filter(
      (m) =>
        CHOICE_KINDS.includes(m.kind) ||
        (token &&
          m.kind === 'discard' &&
          m.commands.some((c) => c.type === 'adjust' && c.resource === 'GAIN_P3_FOR_VP')),
    );
    if (choices.length > 0) {
      const kind = (token ? 'token' : choices[0]!.kind) as ChoiceKind;
      // A faction's starting favour tile (Ice Maidens) is asked while the factions are chosen.
      const question =
        kind === 'favor' && state.phase === 'select-factions' ? 'turn.pickStartingFavor' : CHOICE_PLACEHOLDER[kind];
      const menu = new StringSelectMenuBuilder()
        .setCustomId(
          formatCustomId({ kind: 'take', gameId: game.id, version: view.positionVersion, args: [w.faction] }),
        )
        .setPlaceholder(
          fitComponentText(
            `${stepNumber(owedSteps(state, w.faction), 'choice')}${factionName(locale, w.faction)}: ${t(locale, question)}`,
            MESSAGE_LIMITS.placeholder,
          ),
        )
        .addOptions(
          choices.slice(0, MESSAGE_LIMITS.selectOptions).map((m) => {
            const notation = formatCommands(m.commands);
            return {
              label: fitComponentText(
                MEASURED.has(m.kind) || token
                  ? describeLegalMove(locale, state, w.faction, m).label
                  : describeLine(locale, m.commands, { faction: w.faction, map: state.map }),
                MESSAGE_LIMITS.selectOptionText,
              ),
              description: fitComponentText(notation, MESSAGE_LIMITS.selectOptionText),
              value: notation,
            };
          }),
        );
      choiceMenus.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
    }
    // Someone who only owes a power answer gets the offer's buttons, not a prompt.
    const onlyOffer = state.active !== w.faction && offers.some((p) => p.faction === w.faction);
    if (!onlyOffer) promptRows.push(...turnButtonRows(locale, view, w.faction, moves));
  }

  let room = MESSAGE_LIMITS.actionRows - rows.length - choiceMenus.length - Math.min(1, promptRows.length);
  // One offer a row while they fit; otherwise as many offers a row as their buttons allow.
  const share = offers.length > room;
  const offerRows: Row[] = [];
  let row: ButtonBuilder[] = [];
  for (const p of offers) {
    const buttons = offerButtons(locale, view, p);
    if (row.length > 0 && (!share || row.length + buttons.length > MESSAGE_LIMITS.buttonsPerRow)) {
      offerRows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(row));
      row = [];
    }
    if (offerRows.length >= room) break;
    row.push(...buttons);
  }
  if (row.length > 0 && offerRows.length < room)
    offerRows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(row));
  room = MESSAGE_LIMITS.actionRows - rows.length - choiceMenus.length - offerRows.length;
  return [...rows, ...offerRows, ...choiceMenus, ...promptRows.slice(0, Math.max(0, room))];
}
