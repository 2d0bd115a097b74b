import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import type { MoveKind } from '../engine/index.ts';
import { legalMovesAt, owedChoice, type ChoiceKind, type GameView, type PowerOffer } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { formatCommands } from '../notation/format.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeLegalMove, describeLine } from './present/moves.ts';
import { factionName } from './present/names.ts';
import { auctionMenus, factionAbout } from './present/auction.ts';
import { owedSteps, stepNumber } from './present/steps.ts';
import { fitComponentText } from './text.ts';
import { turnButtonRows } from './turn-prompt.ts';

type Row = ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>;

/**
 * Unlocks and the token cost something, and cult steps may be placed where they climb nothing: their menu
 * lines say what each does.
 */
const MEASURED: ReadonlySet<MoveKind> = new Set(['unlock', 'token', 'cult']);
/** Accept and decline buttons of one power offer, and the Trading Camp's coin when it may answer it (SL-NOM-1). */
function offerButtons(locale: BotLocale, view: GameView, p: PowerOffer): ButtonBuilder[] {
  const { game } = view;
  const args = [p.faction, String(p.amount), p.from];
  const who = factionName(locale, p.faction);
  return [
    // An offer the rules no longer let be taken (passed over under strict-leech) is only declined.
    ...(p.takeable
      ? [
          new ButtonBuilder()
            .setCustomId(formatCustomId({ kind: 'leech', gameId: game.id, version: view.positionVersion, args }))
            .setStyle(ButtonStyle.Success)
            .setLabel(
              fitComponentText(
                // Full bowls take nothing: the button says so rather than "Take 0 power" for a `leech 1`.
                `${who}: ${p.actual === 0 ? t(locale, 'turn.acceptNothing') : t(locale, 'turn.accept', { amount: p.actual, vp: p.vpCost })}`,
                MESSAGE_LIMITS.buttonLabel,
              ),
            ),
        ]
      : []),
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

/** The question of each owed choice's menu. */
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
  const offers = view.offers.filter((p) => forUser === undefined || holder(p.faction) === forUser);
  const choiceMenus: Row[] = [];
  const promptRows: Row[] = [];
  for (const w of waiting) {
    const moves = legalMovesAt(view, state, w.faction);
    const choice = owedChoice(moves);
    if (choice) {
      // A faction's starting favour tile (Ice Maidens) is asked while the factions are chosen.
      const question =
        choice.kind === 'favor' && state.phase === 'select-factions'
          ? 'turn.pickStartingFavor'
          : CHOICE_PLACEHOLDER[choice.kind];
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
          choice.indices.slice(0, MESSAGE_LIMITS.selectOptions).map((i) => {
            const m = moves[i]!;
            return {
              label: fitComponentText(
                MEASURED.has(m.kind) || choice.kind === 'token'
                  ? describeLegalMove(locale, state, w.faction, m).label
                  : describeLine(locale, m.commands, { faction: w.faction, map: state.map }),
                MESSAGE_LIMITS.selectOptionText,
              ),
              description: fitComponentText(formatCommands(m.commands), MESSAGE_LIMITS.selectOptionText),
              value: String(i),
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
