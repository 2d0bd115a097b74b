import type { AnySelectMenuInteraction, ButtonInteraction } from 'discord.js';
import { acknowledgeIfSlow } from '../acknowledge.ts';
import type { CustomId } from '../custom-id.ts';
import { t } from '../../i18n/index.ts';
import { callerOf, replyLocale } from '../caller.ts';
import { describeGameError } from '../present/errors.ts';
import { yourTurn } from '../your-turn.ts';
import { factionName, mention } from '../present/names.ts';
import { answer, confirmStored, requireCaller, unwrap, type BotDeps } from './shared.ts';
import { playLine } from './play-line.ts';
import { answerBid, answerRaiseAmounts, bidOf } from './bid.ts';
import { LOT_PREFIX } from '../present/auction.ts';
import { answerPreview, type PreviewStore } from './preview.ts';
import { answerUndoRequest } from './undo.ts';
import { answerConfirm } from './confirm.ts';
import { chosenMove, isPromptGroup, promptPage } from '../turn-prompt.ts';
import { formatCommands } from '../../notation/format.ts';
import { isFactionId } from '../../engine/index.ts';
import type { Caller, GameView } from '../../game/service.ts';

type Clicked = ButtonInteraction | AnySelectMenuInteraction;

/**
 * What a player may press for their own seat from anywhere: their turn's buttons and menus, offers, tiles,
 * picks and bids, "Show my turn", "Not this turn". Shown privately by /tm turn, /tm status or a reminder,
 * they work from any channel, server or direct message; the game is the one the id names.
 */
const PERSONAL: ReadonlySet<string> = new Set([
  'turn',
  'play',
  'leech',
  'decline',
  'coin',
  'take',
  'faction',
  'bid',
  'show',
  'mute',
]);

/**
 * The game a click is about, and who clicks it: the channel's game when the id names it, else, for a
 * player's own buttons, their game wherever it is played. Null once the player was told why not.
 */
async function clickedGame(
  deps: BotDeps,
  interaction: Clicked,
  id: CustomId,
): Promise<{ caller: Caller; view: GameView } | null> {
  const here = callerOf(interaction);
  if (here) {
    const found = await deps.service.findGameInChannel(here);
    if (found.ok && found.value?.game.id === id.gameId) {
      void deps.announcer.deliver(found.value.game.id, found.value);
      return { caller: here, view: found.value };
    }
  }
  const locale = replyLocale(interaction);
  if (!PERSONAL.has(id.kind)) {
    await answer(interaction, t(locale, here ? 'error.staleComponent' : 'error.guildOnly'));
    return null;
  }
  const seat = await deps.service.playerGame(interaction.user.id, id.gameId);
  if (!seat.ok) {
    await answer(
      interaction,
      seat.error.code === 'game_not_found' ? t(locale, 'error.staleComponent') : describeGameError(locale, seat.error),
    );
    return null;
  }
  void deps.announcer.deliver(seat.value.view.game.id, seat.value.view);
  return seat.value;
}

/** Power offers, tile and cult choices, faction picks: only the player concerned may press. */
export async function executeComponent(
  deps: BotDeps,
  previews: PreviewStore,
  interaction: Clicked,
  id: CustomId,
): Promise<void> {
  const locale = replyLocale(interaction);
  acknowledgeIfSlow(interaction);
  if ((id.kind === 'sure' || id.kind === 'unsure') && interaction.isButton()) {
    const caller = await requireCaller(interaction);
    return caller ? answerConfirm(deps, interaction, id, caller) : undefined;
  }
  const clicked = await clickedGame(deps, interaction, id);
  if (!clicked) return;
  const { caller, view } = clicked;
  // The id carries the game and the version it was drawn for: another game, or a version this game never
  // had (a forged id), is refused. Answers that still fit the game as it is now are checked by the rules.
  if (view.game.id !== id.gameId || id.version < 1 || id.version > view.game.version)
    return answer(interaction, t(locale, 'error.staleComponent'));
  const seat = view.game.seats.find((s) => s.userId === caller.userId);
  if ((id.kind === 'commit' || id.kind === 'cancel') && interaction.isButton())
    return answerPreview(deps, previews, interaction, id, caller, view);
  if ((id.kind === 'undo-yes' || id.kind === 'undo-no') && interaction.isButton())
    return answerUndoRequest(deps, interaction, id, caller, view);
  if (id.kind === 'show') {
    const mine = yourTurn(locale, view, caller.userId, deps.now());
    return answer(interaction, mine.content, { components: mine.components });
  }
  if (id.kind === 'mute') {
    const userId = id.args[0] ?? '';
    if (userId !== caller.userId) return answer(interaction, t(locale, 'error.notForYou', { player: mention(userId) }));
    await deps.service.muteReminders({ gameId: view.game.id, version: id.version, userId });
    return answer(interaction, t(locale, 'reminder.muted'));
  }

  if (id.kind === 'faction') {
    const position = Number(id.args[0]);
    if (!seat || seat.position !== position) {
      const picker = view.game.seats.find((s) => s.position === position);
      return answer(interaction, t(locale, 'error.notForYou', { player: picker ? mention(picker.userId) : '—' }));
    }
    const faction = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
    if (!faction) return answer(interaction, t(locale, 'error.staleComponent'));
    const after = await unwrap(interaction, await deps.service.chooseFaction(caller, view, faction));
    if (!after) return;
    const picked = t(locale, 'game.factionPicked', {
      player: mention(caller.userId),
      faction: factionName(locale, faction),
    });
    await confirmStored(deps, interaction, view.game.id, picked, after);
    return;
  }

  if (id.kind === 'bid') {
    const position = Number(id.args[0]);
    if (!seat || seat.position !== position) {
      const bidder = view.game.seats.find((s) => s.position === position);
      return answer(interaction, t(locale, 'error.notForYou', { player: bidder ? mention(bidder.userId) : '—' }));
    }
    const value = interaction.isStringSelectMenu() ? (interaction.values[0] ?? '') : '';
    // A held faction whose bids do not fit the channel's menu: every bid on it, privately.
    if (value.startsWith(LOT_PREFIX)) return answerRaiseAmounts(interaction, view, value.slice(LOT_PREFIX.length));
    const bid = bidOf(value);
    if (!bid) return answer(interaction, t(locale, 'error.staleComponent'));
    return answerBid(deps, interaction, caller, view, bid);
  }

  const faction = id.args[0];
  if (!seat || seat.faction !== faction) {
    const owner = view.game.seats.find((s) => s.faction === faction);
    return answer(interaction, t(locale, 'error.notForYou', { player: owner ? mention(owner.userId) : '—' }));
  }
  if (id.kind === 'turn' || id.kind === 'play') return answerPrompt(deps, interaction, id, caller, view);
  let text: string | undefined;
  if (id.kind === 'leech' || id.kind === 'decline') text = `${id.kind} ${id.args[1]} from ${id.args[2]}`;
  else if (id.kind === 'coin') text = `leech coin from ${id.args[2]}`;
  else if (id.kind === 'take' && interaction.isStringSelectMenu()) text = interaction.values[0];
  if (!text) return answer(interaction, t(locale, 'error.staleComponent'));
  await playLine(deps, interaction, caller, view, text);
}

/**
 * A prompt button opens its menus (privately); a menu option plays its move. Both only work while the
 * game is still at the version they were drawn for: the options are that version's legal moves.
 */
async function answerPrompt(
  deps: BotDeps,
  interaction: Clicked,
  id: CustomId,
  caller: Caller,
  view: GameView,
): Promise<void> {
  const locale = replyLocale(interaction);
  const [faction, group = '', page = '0'] = id.args;
  if (!view.state || !faction || !isFactionId(faction) || !isPromptGroup(group) || !/^\d{1,3}$/.test(page))
    return answer(interaction, t(locale, 'error.staleComponent'));
  if (id.version !== view.positionVersion) return answer(interaction, t(locale, 'prompt.moved'));
  if (id.kind === 'turn') {
    const shown = promptPage(locale, view, view.state, faction, group, Number(page));
    return answer(interaction, shown.content, { components: shown.components });
  }
  const value = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
  const move = value === undefined ? undefined : chosenMove(view, view.state, faction, group, value);
  if (!move) return answer(interaction, t(locale, 'error.staleComponent'));
  await playLine(deps, interaction, caller, view, formatCommands(move.commands));
}
