// A player's own turn and games are theirs wherever they ask: any channel, any server, a direct message.
import { ApplicationCommandOptionType as T } from 'discord.js';
import type { GameView } from '../../../game/service.ts';
import { t } from '../../../i18n/index.ts';
import { replyLocale } from '../../caller.ts';
import { localized } from '../../commands/localized.ts';
import type { AutocompleteContext, Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, tmSubcommand } from '../../commands/tm.ts';
import { myGames, sortedGames } from '../../my-games.ts';
import { factionName } from '../../present/names.ts';
import { fitText } from '../../text.ts';
import { waitsFor, yourTurn } from '../../your-turn.ts';
import { answer, unwrap } from '../shared.ts';

/** `/tm turn game:` names one of the caller's games: by its channel, those waiting for them first. */
async function autocompleteGame({ deps, interaction }: AutocompleteContext): Promise<void> {
  const locale = replyLocale(interaction);
  const userId = interaction.user.id;
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const games = sortedGames(userId, await deps.service.gamesOf(userId));
  const choices = games.map((g) => {
    const game = 'state' in g ? g.game : g;
    const channel = deps.client.channels.cache.get(game.channelId);
    const where = channel && 'name' in channel && channel.name ? `#${channel.name}` : game.channelId;
    const mine = ('state' in g ? g.game.seats : [])
      .filter((s) => s.userId === userId && s.faction)
      .map((s) => factionName(locale, s.faction!));
    const turn = 'state' in g && waitsFor(g, userId) ? ` · ${t(locale, 'myGames.show')}` : '';
    return { name: fitText(`${where}${mine.length ? ` · ${mine.join(', ')}` : ''}${turn}`, 100), value: game.id };
  });
  await interaction.respond(choices.filter((c) => c.name.toLowerCase().includes(typed)).slice(0, 25));
}

/**
 * `/tm turn`: the caller's turn, privately, with their buttons: in the game named, else the channel's game
 * if they play it, else the game that has waited for them longest.
 */
export const turn: Subcommand<typeof TM_SUB.turn> = {
  ...tmSubcommand(TM_SUB.turn, 'cmd.turn', [
    { type: T.String, ...localized(TM_OPTION.game, 'opt.game'), required: false, autocomplete: true, max_length: 36 },
  ]),
  where: 'anywhere',
  acknowledge: 'now',
  autocomplete: autocompleteGame,
  async run({ deps, interaction, caller, locale }) {
    const userId = interaction.user.id;
    const chosen = interaction.options.getString(TM_OPTION.game);
    let view: GameView | undefined;
    if (chosen) {
      const found = await unwrap(interaction, await deps.service.playerGame(userId, chosen));
      if (!found) return;
      view = found.view;
    } else {
      const found = caller ? await deps.service.findGameInChannel(caller) : null;
      if (found?.ok && found.value?.game.seats.some((s) => s.userId === userId)) view = found.value;
      else {
        const games = await deps.service.gamesOf(userId);
        view = sortedGames(userId, games).find((g): g is GameView => 'state' in g && waitsFor(g, userId));
        if (!view) {
          const list = myGames(locale, userId, games, deps.now());
          return answer(interaction, `${t(locale, 'turn.nothingWaits')}\n\n${list.content}`, {
            components: list.components,
          });
        }
      }
    }
    void deps.announcer.deliver(view.game.id, view);
    const mine = yourTurn(locale, view, userId, deps.now());
    await answer(interaction, mine.content, { components: mine.components });
  },
};

/** `/tm mygames`: every game the caller plays, those waiting for them first. */
export const mygames: Subcommand<typeof TM_SUB.mygames> = {
  ...tmSubcommand(TM_SUB.mygames, 'cmd.mygames'),
  where: 'anywhere',
  acknowledge: 'now',
  async run({ deps, interaction, locale }) {
    const list = myGames(locale, interaction.user.id, await deps.service.gamesOf(interaction.user.id), deps.now());
    await answer(interaction, list.content, { components: list.components });
  },
};
