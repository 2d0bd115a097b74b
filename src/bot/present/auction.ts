// The faction auction in words (docs/rulings.md §3): what a bid did, where the bids stand, whose bid it is,
// what each faction does, and the menus the bidder answers with.
import { ActionRowBuilder, StringSelectMenuBuilder } from 'discord.js';
import { startingVp, type FactionId, type GameState } from '../../engine/index.ts';
import type { Announcement, AuctionView, GameView } from '../../game/service.ts';
import { CATALOGUES, t, type BotLocale, type MessageKey } from '../../i18n/index.ts';
import { formatCustomId } from '../custom-id.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { fitComponentText } from '../text.ts';
import { factionName, mention } from './names.ts';

/** What the faction does, in a line, for the menus; empty for a faction the catalogue does not describe yet. */
export function factionAbout(locale: BotLocale, faction: FactionId): string {
  const key = `about.${faction}`;
  return key in CATALOGUES.en ? t(locale, key as MessageKey as 'about.witches') : '';
}

/** The announcement of a bid, and when it ended the auction who plays what with how many VP. */
export function bidLines(locale: BotLocale, a: Extract<Announcement, { kind: 'bid' }>, now: GameView | null): string[] {
  const faction = factionName(locale, a.faction);
  const lines = [
    a.amount === 0
      ? t(locale, 'game.bidNamed', { player: mention(a.userId), faction })
      : t(locale, 'game.bidRaised', { player: mention(a.userId), faction, amount: a.amount }),
  ];
  const state = now?.state;
  if (!now || !state || now.auction || !now.game.seats.every((s) => s.faction)) return lines;
  // The auction is over: the picks are in, in turn order.
  for (const id of state.factionOrder) {
    const seat = now.game.seats.find((s) => s.faction === id);
    if (!seat) continue;
    lines.push(
      t(locale, 'game.auctionWon', {
        player: mention(seat.userId),
        faction: factionName(locale, id),
        vp: state.factions[id]!.VP,
      }),
    );
  }
  return lines;
}

/** Where the auction stands and whose bid it is. */
export function auctionStanding(locale: BotLocale, auction: AuctionView): string[] {
  const lots = auction.lots.map((l) =>
    t(locale, 'game.auctionLot', { faction: factionName(locale, l.faction), amount: l.bid, player: mention(l.userId) }),
  );
  return [
    lots.length ? t(locale, 'game.auctionLots', { lots: lots.join(' · ') }) : t(locale, 'game.auctionEmpty'),
    t(locale, 'game.auctionBidder', { player: mention(auction.bidder.userId) }),
  ];
}

type Row = ActionRowBuilder<StringSelectMenuBuilder>;

function bidMenu(
  view: GameView,
  auction: AuctionView,
  menu: 'name' | 'raise' | 'amount',
  placeholder: string,
  index = 0,
): StringSelectMenuBuilder {
  return new StringSelectMenuBuilder()
    .setCustomId(
      formatCustomId({
        kind: 'bid',
        gameId: view.game.id,
        version: view.positionVersion,
        args: [String(auction.bidder.position), menu, ...(index ? [String(index)] : [])],
      }),
    )
    .setPlaceholder(fitComponentText(placeholder, MESSAGE_LIMITS.placeholder));
}

type Choice = AuctionView['choices'][number];
type Option = { label: string; description: string; value: string };

function bidOption(locale: BotLocale, label: string, faction: FactionId, amount: number): Option {
  return {
    label: fitComponentText(label, MESSAGE_LIMITS.selectOptionText),
    description: fitComponentText(
      factionAbout(locale, faction) || `bid ${faction} ${amount}`,
      MESSAGE_LIMITS.selectOptionText,
    ),
    value: `bid ${faction} ${amount}`,
  };
}

/** Every bid that outbids a holder, from the least to the faction's starting VP. */
function raiseOptions(locale: BotLocale, c: Choice): Option[] {
  const options: Option[] = [];
  for (let amount = c.min; amount <= c.max; amount++)
    options.push(
      bidOption(
        locale,
        t(locale, 'turn.auctionRaiseOption', { faction: factionName(locale, c.faction), amount, bid: c.lot!.bid }),
        c.faction,
        amount,
      ),
    );
  return options;
}

/** The value of a raise menu's option that asks for the amount next: `lot <faction>`. */
export const LOT_PREFIX = 'lot ';

/**
 * The bidder's menus: the factions they may name, each with what it does and its starting VP, and the raises
 * on the named ones. A menu's value is the bid's notation (`bid witches 3`). Every bid is on offer: while the
 * raises of all held factions fit one menu they are listed; otherwise each held faction is one option that
 * opens, privately, the menus of every bid on it (`raiseAmountMenus`).
 */
export function auctionMenus(locale: BotLocale, view: GameView, state: GameState): Row[] {
  const auction = view.auction;
  if (!auction) return [];
  const names = auction.choices
    .filter((c) => !c.lot)
    .slice(0, MESSAGE_LIMITS.selectOptions)
    .map((c) =>
      bidOption(
        locale,
        t(locale, 'turn.auctionNameOption', {
          faction: factionName(locale, c.faction),
          vp: startingVp(state, c.faction),
        }),
        c.faction,
        0,
      ),
    );
  const held = auction.choices.filter((c) => c.lot);
  const every = held.flatMap((c) => raiseOptions(locale, c));
  const raises =
    every.length <= MESSAGE_LIMITS.selectOptions
      ? every
      : held.map((c) => ({
          label: fitComponentText(
            t(locale, 'turn.auctionRaiseRange', {
              faction: factionName(locale, c.faction),
              min: c.min,
              max: c.max,
              bid: c.lot!.bid,
            }),
            MESSAGE_LIMITS.selectOptionText,
          ),
          description: fitComponentText(factionAbout(locale, c.faction), MESSAGE_LIMITS.selectOptionText),
          value: `${LOT_PREFIX}${c.faction}`,
        }));
  const rows: Row[] = [];
  if (names.length)
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        bidMenu(view, auction, 'name', t(locale, 'turn.auctionName')).addOptions(names),
      ),
    );
  if (raises.length)
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        bidMenu(view, auction, 'raise', t(locale, 'turn.auctionRaise')).addOptions(raises),
      ),
    );
  return rows;
}

/** The private menus of every bid on one held faction, 25 to a menu: the answer to a `lot <faction>` option. */
export function raiseAmountMenus(locale: BotLocale, view: GameView, faction: FactionId): Row[] {
  const auction = view.auction;
  const choice = auction?.choices.find((c) => c.lot && c.faction === faction);
  if (!auction || !choice) return [];
  const options = raiseOptions(locale, choice);
  const rows: Row[] = [];
  for (let i = 0; i * MESSAGE_LIMITS.selectOptions < options.length && rows.length < MESSAGE_LIMITS.actionRows; i++) {
    const chunk = options.slice(i * MESSAGE_LIMITS.selectOptions, (i + 1) * MESSAGE_LIMITS.selectOptions);
    const placeholder = t(locale, 'turn.auctionAmount', {
      faction: factionName(locale, faction),
      range: `${chunk[0]!.value.split(' ')[2]}–${chunk.at(-1)!.value.split(' ')[2]}`,
    });
    rows.push(
      new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
        bidMenu(view, auction, 'amount', placeholder, i).addOptions(chunk),
      ),
    );
  }
  return rows;
}
