import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { Caller, GameView, Played, Result } from '../../game/service.ts';
import { t } from '../../i18n/index.ts';
import { replyLocale } from '../caller.ts';
import { confirmStored, unwrap, type BotDeps } from './shared.ts';
import { answerBid, bidOf } from './bid.ts';

/**
 * Plays a line of notation for the caller's seat, in the game as `view` shows it (no second read: the
 * store still refuses it if the game moved on). Once it is stored, the channel is told from the view the
 * service returned, and then the player gets a private "done", with a word when the post is delayed.
 */
export async function playLine(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  caller: Caller,
  view: GameView,
  text: string,
  /** The version the player saw (a confirmed preview); by default the game as just loaded. */
  expectedVersion: number = view.game.version,
): Promise<boolean> {
  // A typed bid is the auction's, not a faction's move.
  const bid = bidOf(text);
  if (bid) {
    await answerBid(deps, interaction, caller, view, bid);
    return true;
  }
  return confirmPlayed(deps, interaction, view, await deps.service.play(caller, view, expectedVersion, text));
}

/**
 * The answer to a move played (a typed line, a clicked move or offer): once it is stored, the channel is
 * told from the view the service returned, then the player gets a private "done"; a refusal, said privately.
 */
export async function confirmPlayed(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  view: GameView,
  result: Result<Played>,
): Promise<boolean> {
  const played = await unwrap(interaction, result);
  if (!played) return false;
  await confirmStored(
    deps,
    interaction,
    view.game.id,
    t(replyLocale(interaction), 'reply.played', { move: played.text }),
    played.view,
  );
  return true;
}
