/**
 * The turn prompt: a button per kind of move the player may make now, each opening menus of the
 * engine's legal moves of that kind in words, with what they cost and bring. The bot holds no rules:
 * the moves are the game's legal moves at the position (game/decisions.ts `legalMovesAt`), their effects what
 * the engine measured while checking them, or, for the moves it knew legal without applying, what applying
 * them to a copy changes.
 *
 * A menu option's value is the move's index in the legal moves of the position the menu was drawn for
 * (game/position.ts: the version at which the game reached it); the service plays it only while the game is
 * still at that position, so the index names the same move.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, StringSelectMenuBuilder } from 'discord.js';
import { type FactionId, type GameState, type LegalMove, type MeasuredMove, type MoveKind } from '../engine/index.ts';
import { legalMovesAt, type GameAt, type GameView } from '../game/service.ts';
import { t, type BotLocale } from '../i18n/index.ts';
import { formatCommands } from '../notation/format.ts';
import { formatCustomId } from './custom-id.ts';
import { MESSAGE_LIMITS } from './message-limits.ts';
import { describeLegalMove, type MoveWords } from './present/moves.ts';
import { factionName } from './present/names.ts';
import { owedSteps, stepNumber } from './present/steps.ts';
import { fitComponentText } from './text.ts';

export const PROMPT_GROUPS = [
  'build',
  'upgrade',
  'transform',
  'bridge',
  'send',
  'advance',
  'action',
  'special',
  'convert',
  'pass',
  'color',
  'other',
] as const;
export type PromptGroup = (typeof PROMPT_GROUPS)[number];

/**
 * The button a kind of move sits under; null for the kinds that have their own components (power
 * offers' buttons, the tile and cult menus, the faction menu).
 */
const GROUP_OF: Readonly<Record<MoveKind, PromptGroup | null>> = {
  build: 'build',
  upgrade: 'upgrade',
  transform: 'transform',
  send: 'send',
  advance: 'advance',
  action: 'action',
  special: 'special',
  convert: 'convert',
  burn: 'convert',
  pass: 'pass',
  // A bridge held from its action (the Engineers', the power action's) is placed from its own button.
  bridge: 'bridge',
  // Fire & Ice: a land colour picked at setup, or changed to with a stronghold action (its own button,
  // not hidden under "End turn / other").
  'pick-color': 'color',
  connect: 'other',
  landscape: 'build',
  discard: 'other',
  done: 'other',
  unlock: null,
  token: null,
  leech: null,
  decline: null,
  favor: null,
  town: null,
  'town-reward': null,
  cult: null,
  'lose-cult': null,
  'pick-faction': null,
};

/** What a line ending in this command puts on the map, as the button that lists such lines. */
const PLACED: Partial<Record<LegalMove['commands'][number]['type'], PromptGroup>> = {
  build: 'build',
  landscape: 'build',
  upgrade: 'upgrade',
  bridge: 'bridge',
};

/**
 * The buttons a move is listed under: its kind's, and for a line a power or special action leads that ends
 * in a building, a landscape or a bridge ("ACT6 → transform E5 → Raven's Folly at E5", "ACTE → bridge
 * E4–G1"), Build, Upgrade or Bridge as well. A player who wants to place their landscape (or a dwelling)
 * looks under Build, whatever pays for the spades; one who wants to spend power looks under Power action:
 * both find the line.
 */
function groupsOf(move: LegalMove): readonly PromptGroup[] {
  const own = GROUP_OF[move.kind];
  if (own === null) return [];
  const placed = move.kind === 'action' || move.kind === 'special' ? PLACED[move.commands.at(-1)!.type] : undefined;
  return placed && placed !== own ? [own, placed] : [own];
}

const listedUnder = (move: LegalMove, group: PromptGroup): boolean => groupsOf(move).includes(group);

export function isPromptGroup(s: string): s is PromptGroup {
  return (PROMPT_GROUPS as readonly string[]).includes(s);
}

const MENUS_PER_PAGE = MESSAGE_LIMITS.actionRows - 1;
const PAGE_SIZE = MENUS_PER_PAGE * MESSAGE_LIMITS.selectOptions;
const BUTTONS_PER_ROW = MESSAGE_LIMITS.buttonsPerRow;

/** What a game version's prompt needs, kept while players click through its buttons and menus. */
interface VersionPrompt {
  /** A move in words by locale, faction and index: measuring its effect applies it to a copy. */
  readonly words: Map<string, MoveWords>;
  /** A group's move indices in menu order, by faction and group. */
  readonly groups: Map<string, readonly number[]>;
}

/**
 * The newest game versions' prompts, least recently used first. The turn message, a button's menus, a
 * page turn and the chosen option each load the game afresh, and would otherwise compute the same legal
 * moves and apply each of them again. A version never changes, so an entry is never stale; the bound keeps
 * memory flat however many games are served.
 */
const recent = new Map<string, VersionPrompt>();
const RECENT_VERSIONS = 64;

function versionPrompt(at: GameAt): VersionPrompt {
  const key = `${at.game.id}:${at.positionVersion}`;
  let entry = recent.get(key);
  if (entry) recent.delete(key);
  else entry = { words: new Map(), groups: new Map() };
  recent.set(key, entry);
  if (recent.size > RECENT_VERSIONS) recent.delete(recent.keys().next().value!);
  return entry;
}

function wordsOf(
  at: GameAt,
  locale: BotLocale,
  state: GameState,
  faction: FactionId,
  moves: readonly MeasuredMove[],
  index: number,
): MoveWords {
  const { words } = versionPrompt(at);
  const key = `${locale}:${faction}:${index}`;
  let found = words.get(key);
  if (!found) words.set(key, (found = describeLegalMove(locale, state, faction, moves[index]!, moves)));
  return found;
}

/** The groups with at least one legal move for the faction now, in button order. */
export function promptGroups(moves: readonly LegalMove[]): PromptGroup[] {
  const present = new Set(moves.flatMap(groupsOf));
  return PROMPT_GROUPS.filter((g) => present.has(g));
}

const ORDINAL_DWELLING = ['prompt.setup.dwelling1', 'prompt.setup.dwelling2', 'prompt.setup.dwelling3'] as const;

/**
 * A button's name: its kind of move, or during set-up the step it is ("Place your second dwelling",
 * "Choose your starting bonus card").
 */
export function groupLabel(locale: BotLocale, state: GameState, faction: FactionId, group: PromptGroup): string {
  if (state.phase === 'initial-dwellings' && group === 'build') {
    const placed = state.factions[faction]?.buildings.D ?? 0;
    return t(locale, ORDINAL_DWELLING[Math.min(placed, ORDINAL_DWELLING.length - 1)]!);
  }
  if (state.phase === 'initial-bonus' && group === 'pass') return t(locale, 'prompt.setup.bonus');
  return t(locale, `prompt.group.${group}`);
}

/** The prompt buttons of one faction, five to a row. */
export function turnButtonRows(
  locale: BotLocale,
  view: GameView,
  faction: FactionId,
  moves: readonly LegalMove[],
): ActionRowBuilder<ButtonBuilder>[] {
  const { game, state } = view;
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const groups = promptGroups(moves);
  // What the faction must still do comes numbered, in the order to do it (its menus are numbered alike).
  const steps = state ? owedSteps(state, faction) : [];
  for (let i = 0; i < groups.length; i += BUTTONS_PER_ROW) {
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        groups.slice(i, i + BUTTONS_PER_ROW).map((group) =>
          new ButtonBuilder()
            .setCustomId(
              formatCustomId({
                kind: 'turn',
                gameId: game.id,
                version: view.positionVersion,
                args: [faction, group, '0'],
              }),
            )
            .setStyle(
              group === 'pass' || group === 'convert' || group === 'other'
                ? ButtonStyle.Secondary
                : ButtonStyle.Primary,
            )
            .setLabel(
              fitComponentText(
                stepNumber(steps, group) +
                  (state ? groupLabel(locale, state, faction, group) : t(locale, `prompt.group.${group}`)),
                MESSAGE_LIMITS.buttonLabel,
              ),
            ),
        ),
      ),
    );
  }
  return rows;
}

/** Indices into `moves` of a group, shorter lines first ("build E5" before "dig 1. transform E5. build E5"). */
function groupIndices(
  at: GameAt,
  faction: FactionId,
  moves: readonly LegalMove[],
  group: PromptGroup,
): readonly number[] {
  const { groups } = versionPrompt(at);
  const key = `${faction}:${group}`;
  const known = groups.get(key);
  if (known) return known;
  const inGroup = moves.map((_, i) => i).filter((i) => listedUnder(moves[i]!, group));
  const notation = new Map(inGroup.map((i) => [i, formatCommands(moves[i]!.commands)]));
  const sorted = inGroup.sort(
    (a, b) => notation.get(a)!.length - notation.get(b)!.length || notation.get(a)!.localeCompare(notation.get(b)!),
  );
  groups.set(key, sorted);
  return sorted;
}

/** How many legal moves a group's menus hold. */
export function promptGroupSize(at: GameAt, state: GameState, faction: FactionId, group: PromptGroup): number {
  return legalMovesAt(at, state, faction).filter((m) => listedUnder(m, group)).length;
}

export interface PromptPage {
  readonly content: string;
  readonly components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[];
}

/**
 * A group's legal moves as select menus of 25, four menus a page, with buttons to the other pages.
 * `state` is the game at `view.positionVersion`.
 */
export function promptPage(
  locale: BotLocale,
  view: GameView,
  state: GameState,
  faction: FactionId,
  group: PromptGroup,
  requestedPage: number,
): PromptPage {
  const { game } = view;
  const moves = legalMovesAt(view, state, faction);
  const indices = groupIndices(view, faction, moves, group);
  if (indices.length === 0) return { content: t(locale, 'prompt.nothing'), components: [] };
  const pages = Math.ceil(indices.length / PAGE_SIZE);
  const page = Math.min(Math.max(0, requestedPage), pages - 1);
  const onPage = indices.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const groupName = groupLabel(locale, state, faction, group);
  const components: ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>[] = [];
  for (let m = 0; m * MESSAGE_LIMITS.selectOptions < onPage.length; m++) {
    const chunk = onPage.slice(m * MESSAGE_LIMITS.selectOptions, (m + 1) * MESSAGE_LIMITS.selectOptions);
    const first = page * PAGE_SIZE + m * MESSAGE_LIMITS.selectOptions + 1;
    // Built from data: the setters check every option with a schema, which cost more than the options
    // themselves on a late-game list of hundreds; the limits are kept here by construction (fitText,
    // 25 to a menu) and checked in the tests.
    const menu = new StringSelectMenuBuilder({
      custom_id: formatCustomId({
        kind: 'play',
        gameId: game.id,
        version: view.positionVersion,
        args: [faction, group, String(page), String(m)],
      }),
      placeholder: fitComponentText(
        t(locale, 'prompt.menu', {
          faction: factionName(locale, faction),
          group: groupName,
          page: `${first}–${first + chunk.length - 1}`,
          pages: indices.length,
        }),
        MESSAGE_LIMITS.placeholder,
      ),
      options: chunk.map((i) => {
        const words = wordsOf(view, locale, state, faction, moves, i);
        return {
          label: fitComponentText(words.label, MESSAGE_LIMITS.selectOptionText),
          description: fitComponentText(words.notation, MESSAGE_LIMITS.selectOptionText),
          value: String(i),
        };
      }),
    });
    components.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
  }
  if (pages > 1) {
    const pageButton = (to: number, label: string) =>
      new ButtonBuilder()
        .setCustomId(
          formatCustomId({
            kind: 'turn',
            gameId: game.id,
            version: view.positionVersion,
            args: [faction, group, String(to)],
          }),
        )
        .setStyle(ButtonStyle.Secondary)
        .setLabel(label)
        .setDisabled(to < 0 || to >= pages);
    components.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        pageButton(page - 1, t(locale, 'prompt.previous')),
        pageButton(page + 1, t(locale, 'prompt.next')),
      ),
    );
  }
  const lines = [t(locale, 'prompt.header', { group: groupName, count: indices.length })];
  if (pages > 1) lines.push(t(locale, 'prompt.pageOf', { page: page + 1, pages }));
  const offers = state.pending.filter((p) => p.type === 'leech' && p.faction === faction);
  if (offers.length)
    lines.push(
      t(locale, 'prompt.declines', {
        offers: offers
          .map((p) => (p.type === 'leech' ? `${p.actual} ← ${factionName(locale, p.from)}` : ''))
          .join(', '),
      }),
    );
  return { content: lines.join('\n'), components };
}

/**
 * The legal-move index a menu option names, if the option is one the group's menus list at the position the
 * game is at (the caller checked the menu was drawn for it).
 */
export function chosenMove(
  at: GameAt,
  state: GameState,
  faction: FactionId,
  group: PromptGroup,
  value: string,
): number | undefined {
  if (!/^(0|[1-9][0-9]{0,4})$/.test(value)) return undefined;
  const move = legalMovesAt(at, state, faction)[Number(value)];
  return move && listedUnder(move, group) ? Number(value) : undefined;
}
