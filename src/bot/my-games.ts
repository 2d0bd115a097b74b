/**
 * `/tm mygames`: every game a player sits in, across channels and servers, those waiting for them first
 * (the longest wait at the top), each with a link to its channel and, for the first five waiting, a button
 * that shows their turn with their own buttons.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { settingsOf } from '../game/settings.ts';
import type { GameRecord } from '../game/repo.ts';
import type { GameView } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { factionName, mention } from './present/names.ts';
import { fitComponentText, fitText } from './text.ts';
import { gameLink, hoursText, waitsFor } from './your-turn.ts';
import { waitedUsers } from '../game/service.ts';

const isView = (g: GameView | GameRecord): g is GameView => 'state' in g;

/** The games waiting for the player, longest wait first; then the others, most recently changed first. */
export function sortedGames(userId: string, games: readonly (GameView | GameRecord)[]): (GameView | GameRecord)[] {
  const waiting = games
    .filter((g): g is GameView => isView(g) && waitsFor(g, userId))
    .sort((a, b) => (a.waitingSince?.getTime() ?? 0) - (b.waitingSince?.getTime() ?? 0));
  return [...waiting, ...games.filter((g) => !waiting.includes(g as GameView))];
}

function line(locale: BotLocale, userId: string, g: GameView | GameRecord, now: Date): string {
  const link = gameLink(isView(g) ? g.game : g);
  if (!isView(g)) return t(locale, 'myGames.unreadable', { link });
  if (g.game.status === 'open')
    return t(locale, 'myGames.open', { seated: g.game.seats.length, max: settingsOf(g.game).maxPlayers, link });
  if (waitsFor(g, userId)) {
    const factions = g.game.seats
      .filter((s) => s.userId === userId && s.faction)
      .map((s) => factionName(locale, s.faction!));
    const since = g.waitingSince ? now.getTime() - g.waitingSince.getTime() : 0;
    return t(locale, 'myGames.yourTurn', {
      what: factions.join(', ') || t(locale, 'turn.pickFaction'),
      time: hoursText(locale, since),
      link,
    });
  }
  return t(locale, 'myGames.waitingOthers', { players: waitedUsers(g.game, g.state).map(mention).join(', '), link });
}

/** The answer to /tm mygames: the list, and a "Show my turn" button for each of the first waiting games. */
export function myGames(
  locale: BotLocale,
  userId: string,
  games: readonly (GameView | GameRecord)[],
  now: Date,
): { content: string; components: ActionRowBuilder<ButtonBuilder>[] } {
  if (games.length === 0) return { content: t(locale, 'myGames.none'), components: [] };
  const sorted = sortedGames(userId, games);
  const lines = sorted.map((g, i) => `${i + 1}. ${line(locale, userId, g, now).replace(/^• /, '')}`);
  const buttons = sorted.flatMap((g, i) =>
    isView(g) && waitsFor(g, userId)
      ? [
          new ButtonBuilder()
            .setCustomId(formatCustomId({ kind: 'show', gameId: g.game.id, version: g.positionVersion, args: [] }))
            .setStyle(ButtonStyle.Primary)
            .setLabel(fitComponentText(`${t(locale, 'myGames.show')} · ${i + 1}`, MESSAGE_LIMITS.buttonLabel)),
        ]
      : [],
  );
  return {
    content: fitText([t(locale, 'myGames.title'), ...lines].join('\n'), MESSAGE_LIMITS.content),
    components: buttons.length
      ? [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(0, MESSAGE_LIMITS.buttonsPerRow))]
      : [],
  };
}
