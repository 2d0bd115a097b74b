import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { Command, AdminCommand } from '../../engine/index.ts';
import type { Caller, GameView } from '../../game/service.ts';
import { t } from '../../i18n/index.ts';
import { parseLine } from '../../notation/parse.ts';
import { replyLocale } from '../caller.ts';
import { bidLines, raiseAmountMenus } from '../present/auction.ts';
import { factionName } from '../present/names.ts';
import { answer, confirmStored, unwrap, type BotDeps } from './shared.ts';

type Bid = Extract<AdminCommand, { type: 'bid' }>;

/** The bid a line of notation is, when it is exactly one `bid <faction> <vp>`. */
export function bidOf(text: string): Bid | null {
  let commands: (Command | AdminCommand)[];
  try {
    commands = parseLine(text);
  } catch {
    return null;
  }
  const [only] = commands;
  return commands.length === 1 && only?.type === 'bid' ? only : null;
}

/** Places the caller's bid in the faction auction; the channel hears of it (the outbox), then the bidder. */
export async function answerBid(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  caller: Caller,
  view: GameView,
  bid: Bid,
): Promise<void> {
  const stored = await unwrap(interaction, await deps.service.bid(caller, view.game.id, bid.faction, bid.amount));
  if (!stored) return;
  const locale = replyLocale(interaction);
  const [line] = bidLines(
    locale,
    { kind: 'bid', userId: caller.userId, faction: bid.faction, amount: bid.amount },
    null,
  );
  await confirmStored(deps, interaction, view.game.id, line ?? t(locale, 'reply.played', { move: '' }));
}

/** Every bid on one held faction as private menus, for a raise that the channel's menu could not list. */
export async function answerRaiseAmounts(
  interaction: MessageComponentInteraction,
  view: GameView,
  faction: string,
): Promise<void> {
  const locale = replyLocale(interaction);
  const choice = view.auction?.choices.find((c) => c.lot && c.faction === faction);
  if (!choice) return answer(interaction, t(locale, 'error.staleComponent'));
  await answer(
    interaction,
    t(locale, 'turn.auctionAmountIntro', {
      faction: factionName(locale, choice.faction),
      min: choice.min,
      max: choice.max,
      id: choice.faction,
    }),
    { components: raiseAmountMenus(locale, view, choice.faction) },
  );
}
