/**
 * The daily digest: a player who chose it is not pinged at each move (they are named in words all the
 * same) and gets instead one direct message a day listing the games waiting for them, each linked, with
 * "Show my turn" buttons that work from the DM.
 */
import type { Client } from 'discord.js';
import { waitedUsers, type GameService, type GameView } from '../game/service.ts';
import { gameLocale } from './caller.ts';
import { t } from '../i18n/index.ts';
import { log } from '../log.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { myGames } from './my-games.ts';
import { fitText } from './text.ts';

/**
 * Sends today's digest to each of these players (waited for in some game) who wants one and has not had
 * one for a day; returns whom it was sent to.
 */
export async function sendDigests(
  deps: { readonly service: GameService; readonly client: Client },
  users: Iterable<string>,
  now: Date,
): Promise<string[]> {
  const sent: string[] = [];
  for (const userId of users) {
    if (!(await deps.service.claimDigest(userId, now))) continue;
    const waiting = (await deps.service.gamesOf(userId)).filter(
      (g) => 'state' in g && waitedUsers(g.game, g.state).includes(userId),
    );
    if (waiting.length === 0) continue;
    // A DM has no language of its own: the one of the game that has waited longest.
    const locale = gameLocale((waiting[0] as GameView).game.language);
    const list = myGames(locale, userId, waiting, now);
    const content = [t(locale, 'digest.title'), ...list.content.split('\n').slice(1), '', t(locale, 'digest.footer')];
    try {
      const dm = await deps.client.users.createDM(userId);
      await dm.send({ content: fitText(content.join('\n'), MESSAGE_LIMITS.content), components: list.components });
      sent.push(userId);
    } catch (error) {
      log.warn({ err: error, userId }, 'could not send a daily digest');
    }
  }
  return sent;
}
