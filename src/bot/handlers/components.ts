import type { AnySelectMenuInteraction, ButtonInteraction } from 'discord.js';
import { acknowledgeIfSlow } from '../acknowledge.ts';
import type { CustomId } from '../custom-id.ts';
import { t } from '../../i18n/index.ts';
import { callerOf, replyLocale } from '../caller.ts';
import { describeGameError } from '../present/errors.ts';
import { yourTurn } from '../your-turn.ts';
import { factionName, mention } from '../present/names.ts';
import { answer, confirmStored, requireCaller, unwrap, type BotDeps } from './shared.ts';
import { confirmPlayed } from './play-line.ts';
import { answerBid, answerRaiseAmounts, bidOf } from './bid.ts';
import { LOT_PREFIX } from '../present/auction.ts';
import { answerPreview, type PreviewStore } from './preview.ts';
import { answerUndoRequest } from './undo.ts';
import { answerConfirm } from './confirm.ts';
import { chosenMove, isPromptGroup, promptPage } from '../turn-prompt.ts';
import { isFactionId, type FactionId } from '../../engine/index.ts';
import type { Caller, GameView, OfferAnswer } from '../../game/service.ts';

type Clicked = ButtonInteraction | AnySelectMenuInteraction;

/**
 * The game a click is about, and who clicks it: the channel's game when the id names it, else, for a
 * player's own buttons, their game wherever it is played. Null once the player was told why not.
 */
async function clickedGame(
  deps: BotDeps,
  interaction: Clicked,
  id: CustomId,
  personal: boolean,
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
  if (!personal) {
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

/** What a click on a game's component has to work with once the game and the clicker are known. */
interface Click {
  readonly deps: BotDeps;
  readonly previews: PreviewStore;
  readonly interaction: Clicked;
  readonly id: CustomId;
  readonly caller: Caller;
  readonly view: GameView;
}

/** Who may press a component: the seat at a position, the seat of a faction, or the player named. */
type Owner = { readonly position: number } | { readonly faction: string } | { readonly userId: string };

/** A component of a game: what its id and the menu's choice mean, and what pressing it does. */
interface GameComponent<A> {
  /**
   * A player's own button or menu (their turn's buttons and menus, offers, tiles, picks and bids, "Show
   * my turn", "Not this turn"): shown privately by /tm turn, /tm status or a reminder, it works from any
   * channel, server or direct message, for the game its id names. Others work in the game's channel only.
   */
  readonly personal: boolean;
  /** Who alone may press it; absent: anyone the game's channel lets in. */
  owner?(id: CustomId): Owner;
  /** What was pressed, read from the id and the menu's choice; undefined for a form the bot never drew. */
  parse(id: CustomId, interaction: Clicked): A | undefined;
  run(click: Click, args: A): Promise<void>;
}

/** What each kind of game component means once read. */
interface ComponentArgs {
  leech: Offer;
  decline: Offer;
  coin: Offer;
  take: number;
  turn: null;
  play: null;
  faction: string;
  bid: string;
  commit: null;
  cancel: null;
  mute: null;
  show: null;
  'undo-yes': null;
  'undo-no': null;
}

export type GameComponentKind = keyof ComponentArgs;

const asIs = () => null;
const menuChoice = (_: CustomId, interaction: Clicked) =>
  (interaction.isStringSelectMenu() && interaction.values[0]) || undefined;
const factionArg = (id: CustomId): Owner => ({ faction: id.args[0] ?? '' });
const positionArg = (id: CustomId): Owner => ({ position: Number(id.args[0]) });
/** The power offer a button answers: made by `from` for `amount` (the id's arguments after the holder). */
interface Offer {
  readonly amount: number;
  readonly from: FactionId;
}
/** A power offer's button: takes the power, declines it, or takes the Trading Camp's coins. */
const offer = (answer: OfferAnswer): GameComponent<Offer> => ({
  personal: true,
  owner: factionArg,
  parse: (id) => {
    const [, amount = '', from = ''] = id.args;
    return /^\d{1,2}$/.test(amount) && isFactionId(from) ? { amount: Number(amount), from } : undefined;
  },
  async run({ deps, interaction, caller, view }, offered) {
    await confirmPlayed(deps, interaction, view, await deps.service.answerOffer(caller, view, offered, answer));
  },
});

/** A legal move's index, as a menu option carries it. */
const INDEX = /^(0|[1-9][0-9]{0,4})$/;

/** Every kind of component a game's posts and answers carry, each read and run by its own entry. */
const GAME_COMPONENTS: { readonly [K in GameComponentKind]: GameComponent<ComponentArgs[K]> } = {
  leech: offer('accept'),
  decline: offer('decline'),
  coin: offer('coin'),
  take: {
    personal: true,
    owner: factionArg,
    parse: (id, interaction) => {
      const value = menuChoice(id, interaction);
      return value !== undefined && INDEX.test(value) ? Number(value) : undefined;
    },
    // The owed choice's menu lists legal moves by their index at the position it was drawn for.
    async run({ deps, interaction, id, caller, view }, index) {
      const faction = id.args[0] ?? '';
      if (!isFactionId(faction)) return answer(interaction, t(replyLocale(interaction), 'error.staleComponent'));
      const played = await deps.service.playMove(caller, view, { version: id.version, faction, index });
      await confirmPlayed(deps, interaction, view, played);
    },
  },
  turn: { personal: true, owner: factionArg, parse: asIs, run: (click) => answerPrompt(click) },
  play: { personal: true, owner: factionArg, parse: asIs, run: (click) => answerPrompt(click) },
  faction: {
    personal: true,
    owner: positionArg,
    parse: menuChoice,
    async run({ deps, interaction, caller, view }, faction) {
      const locale = replyLocale(interaction);
      const after = await unwrap(interaction, await deps.service.chooseFaction(caller, view, faction));
      if (!after) return;
      const picked = t(locale, 'game.factionPicked', {
        player: mention(caller.userId),
        faction: factionName(locale, faction),
      });
      await confirmStored(deps, interaction, view.game.id, picked, after);
    },
  },
  bid: {
    personal: true,
    owner: positionArg,
    parse: (_, interaction) => (interaction.isStringSelectMenu() ? (interaction.values[0] ?? '') : ''),
    async run({ deps, interaction, caller, view }, value) {
      // A held faction whose bids do not fit the channel's menu: every bid on it, privately.
      if (value.startsWith(LOT_PREFIX)) return answerRaiseAmounts(interaction, view, value.slice(LOT_PREFIX.length));
      const bid = bidOf(value);
      if (!bid) return answer(interaction, t(replyLocale(interaction), 'error.staleComponent'));
      return answerBid(deps, interaction, caller, view, bid);
    },
  },
  commit: {
    personal: false,
    parse: buttonOnly,
    run: (c) => answerPreview(c.deps, c.previews, button(c), c.id, c.caller, c.view),
  },
  cancel: {
    personal: false,
    parse: buttonOnly,
    run: (c) => answerPreview(c.deps, c.previews, button(c), c.id, c.caller, c.view),
  },
  'undo-yes': {
    personal: false,
    parse: buttonOnly,
    run: (c) => answerUndoRequest(c.deps, button(c), c.id, c.caller, c.view),
  },
  'undo-no': {
    personal: false,
    parse: buttonOnly,
    run: (c) => answerUndoRequest(c.deps, button(c), c.id, c.caller, c.view),
  },
  show: {
    personal: true,
    parse: asIs,
    run({ deps, interaction, caller, view }) {
      const mine = yourTurn(replyLocale(interaction), view, caller.userId, deps.now());
      return answer(interaction, mine.content, { components: mine.components });
    },
  },
  mute: {
    personal: true,
    owner: (id) => ({ userId: id.args[0] ?? '' }),
    parse: asIs,
    async run({ deps, interaction, id, caller, view }) {
      await deps.service.muteReminders({ gameId: view.game.id, version: id.version, userId: caller.userId });
      return answer(interaction, t(replyLocale(interaction), 'reminder.muted'));
    },
  },
};

/** Buttons only: a menu with a button's id was never drawn. */
function buttonOnly(_: CustomId, interaction: Clicked): null | undefined {
  return interaction.isButton() ? null : undefined;
}

/** The click of a component whose `parse` let only buttons through. */
function button(click: Click): ButtonInteraction {
  if (!click.interaction.isButton()) throw new Error(`component ${click.id.kind} ran for a menu`);
  return click.interaction;
}

/** The kinds of a game's components, for the router's table (app.ts). */
export const GAME_COMPONENT_KINDS = Object.keys(GAME_COMPONENTS) as GameComponentKind[];

/** The seat that may press a component, or who may, in words, when the clicker is not them. */
function notOwner(view: GameView, caller: Caller, owner: Owner): string | null {
  const seat = view.game.seats.find((s) => s.userId === caller.userId);
  if ('userId' in owner) return owner.userId === caller.userId ? null : mention(owner.userId);
  const owning = view.game.seats.find((s) =>
    'position' in owner ? s.position === owner.position : s.faction === owner.faction,
  );
  if (seat && owning && seat.position === owning.position) return null;
  return owning ? mention(owning.userId) : '—';
}

/** A click on one of a game's components: the game and the clicker found, checked, then the kind's own run. */
export async function executeComponent<K extends GameComponentKind>(
  deps: BotDeps,
  previews: PreviewStore,
  interaction: Clicked,
  id: CustomId<K>,
): Promise<void> {
  const locale = replyLocale(interaction);
  acknowledgeIfSlow(interaction);
  const component: GameComponent<ComponentArgs[K]> = GAME_COMPONENTS[id.kind];
  const clicked = await clickedGame(deps, interaction, id, component.personal);
  if (!clicked) return;
  const { caller, view } = clicked;
  // The id carries the game and the version it was drawn for: another game, or a version this game never
  // had (a forged id), is refused. Answers that still fit the game as it is now are checked by the rules.
  if (view.game.id !== id.gameId || id.version < 1 || id.version > view.game.version)
    return answer(interaction, t(locale, 'error.staleComponent'));
  const other = component.owner && notOwner(view, caller, component.owner(id));
  if (other) return answer(interaction, t(locale, 'error.notForYou', { player: other }));
  const args = component.parse(id, interaction);
  if (args === undefined) return answer(interaction, t(locale, 'error.staleComponent'));
  await component.run({ deps, previews, interaction, id, caller, view }, args);
}

/** "Sure" and "not sure" of an irreversible command: the caller's own answer, before any game is read. */
export async function executeConfirm(interaction: Clicked, deps: BotDeps, id: CustomId): Promise<void> {
  acknowledgeIfSlow(interaction);
  if (!interaction.isButton()) return answer(interaction, t(replyLocale(interaction), 'error.staleComponent'));
  const caller = await requireCaller(interaction);
  return caller ? answerConfirm(deps, interaction, id, caller) : undefined;
}

/**
 * A prompt button opens its menus (privately); a menu option plays its move. Both only work while the
 * game is still at the version they were drawn for: the options are that version's legal moves.
 */
async function answerPrompt({ deps, interaction, id, caller, view }: Click): Promise<void> {
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
  const index = value === undefined ? undefined : chosenMove(view, view.state, faction, group, value);
  if (index === undefined) return answer(interaction, t(locale, 'error.staleComponent'));
  await confirmPlayed(
    deps,
    interaction,
    view,
    await deps.service.playMove(caller, view, { version: id.version, faction, index }),
  );
}
