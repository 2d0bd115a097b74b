import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import type { FactionId } from '../../engine/index.ts';
import type { Caller, GameView } from '../../game/service.ts';
import { t } from '../../i18n/index.ts';
import { postToChannel, updatePinnedStatus } from '../announce.ts';
import { replyLocale } from '../caller.ts';
import { hexesOf } from '../images.ts';
import { describeTurn } from '../present/turn.ts';
import { answer, localeOfGame, refreshed, unwrap, type BotDeps } from './shared.ts';

/**
 * Plays a line of notation for the caller's seat; on success the player gets a private "done" and the
 * channel one message with the move, what changed, the board images and who must act next.
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
  const played = await unwrap(interaction, await deps.service.play(caller, view.game.id, expectedVersion, text));
  if (!played) return false;
  const after = await refreshed(deps, caller, view.game.id);
  if (after) {
    const gl = localeOfGame(after);
    const seatFaction = (position: number): FactionId | null =>
      (after.game.seats.find((s) => s.position === position)?.faction as FactionId | null) ?? null;
    const content = describeTurn(gl, { ...played, userId: caller.userId, text: played.text }, seatFaction);
    await postToChannel(deps.client, after, gl, content, {
      images: true,
      highlight: hexesOf(played.text),
      status: false,
    });
  }
  // The private "done" comes once the channel shows the move; the pinned status can follow.
  await answer(interaction, t(replyLocale(interaction), 'reply.played', { move: played.text }));
  if (after) await updatePinnedStatus(deps.client, after, localeOfGame(after));
  return true;
}
