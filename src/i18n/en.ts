import type { Message } from './catalogue.ts';
import { commandsEn } from './parts/commands-en.ts';
import { parseEn, rulesEn } from './parts/rules-en.ts';
import { gameEn } from './parts/game-en.ts';
import { errorsEn } from './parts/errors-en.ts';
import { faultsEn } from './parts/faults-en.ts';
import { renderEn } from './parts/render-en.ts';
import { promptEn } from './parts/prompt-en.ts';
import { turnEn } from './parts/turn-en.ts';
import { seatsEn } from './parts/seats-en.ts';
import { leagueEn } from './parts/league-en.ts';

/**
 * The English catalogue: the source of truth for keys and placeholders. `term.*` is the game glossary;
 * its Spanish and Italian entries use the wording of those editions' rulebooks.
 */
export const en = {
  ...commandsEn,
  ...rulesEn,
  ...parseEn,
  ...gameEn,
  ...errorsEn,
  ...faultsEn,
  ...renderEn,
  ...promptEn,
  ...turnEn,
  ...seatsEn,
  ...leagueEn,
  'error.busy': 'I have too many moves to handle right now, so nothing was changed. Please try again in a few seconds.',
  'error.slowDown':
    'You are sending me commands faster than I can take them, so nothing was changed. Please wait a few seconds.',
  'error.serverBusy':
    'This server is sending me more commands than I can take right now, so nothing was changed. Please try again in a few seconds.',
  'error.restarting': 'I am restarting, so nothing was changed. Please try again in a minute.',
  'error.unknownCommand':
    "I don't know this command. It may belong to an older version of the bot: type / to see the current commands.",
  'error.staleComponent': 'This button or menu belongs to an older message and no longer works.',
  'error.internal':
    'Something went wrong on my side, sorry. If this changed the game, the channel will show it; if it does not, nothing changed and you can try again.',
  'error.guildOnly': 'This command only works in a server channel.',
  'error.noGameInChannel': 'There is no game in this channel.',
  'error.notForYou': 'This button is for {player}, not for you.',
  'error.gameMovedOn': 'The game moved on since this preview. Please preview your move again.',

  'command.help.name': 'help',
  'command.help.description': 'How to play Terra Mystica with this bot',

  'help.title': 'Terra Mystica',
  'help.intro': 'I host Terra Mystica games in this server, one game per channel, with every rule enforced.',
  'help.gettingStarted':
    'Create a game in a channel, let the others join, then start it. After every turn I post the board and mention whoever must act next.',
  'help.notation': 'You can also type moves in snellman notation (for example `build E5`), whatever your language.',
  'help.language': 'I answer you in your Discord language; messages in the channel use the language of the game.',

  'common.players': { one: '{count} player', other: '{count} players' },

  'term.dwelling': { one: 'dwelling', other: 'dwellings' },
  'term.tradingHouse': { one: 'trading house', other: 'trading houses' },
  'term.temple': { one: 'temple', other: 'temples' },
  'term.stronghold': { one: 'stronghold', other: 'strongholds' },
  'term.sanctuary': { one: 'sanctuary', other: 'sanctuaries' },
  'term.priest': { one: 'priest', other: 'priests' },
  'term.worker': { one: 'worker', other: 'workers' },
  'term.coin': { one: 'coin', other: 'coins' },
  'term.power': { one: 'power', other: 'power' },
  'term.powerBowl': { one: 'bowl', other: 'bowls' },
  'term.victoryPoint': { one: 'victory point', other: 'victory points' },
  'term.cultTrack': { one: 'cult track', other: 'cult tracks' },
  'term.cult.fire': 'Fire',
  'term.cult.water': 'Water',
  'term.cult.earth': 'Earth',
  'term.cult.air': 'Air',
  'term.town': { one: 'town', other: 'towns' },
  'term.townTile': { one: 'town tile', other: 'town tiles' },
  'term.bridge': { one: 'bridge', other: 'bridges' },
  'term.shipping': 'shipping',
  'term.terraforming': 'terraforming',
  'term.transform': 'transform',
  'term.spade': { one: 'spade', other: 'spades' },
  'term.favorTile': { one: 'favor tile', other: 'favor tiles' },
  'term.bonusCard': { one: 'bonus card', other: 'bonus cards' },
  'term.scoringTile': { one: 'scoring tile', other: 'scoring tiles' },
  'term.round': { one: 'round', other: 'rounds' },
  'term.faction': { one: 'faction', other: 'factions' },
  'term.terrain.plains': 'plains',
  'term.terrain.swamp': 'swamp',
  'term.terrain.lakes': 'lakes',
  'term.terrain.forest': 'forest',
  'term.terrain.mountains': 'mountains',
  'term.terrain.wasteland': 'wasteland',
  'term.terrain.desert': 'desert',
  'term.terrain.ice': 'ice',
  'term.terrain.volcano': 'volcano',
} as const satisfies Record<string, Message>;
