import {
  BONUS_TILES,
  CULTS,
  FACTIONS,
  FACTION_ACTIONS,
  FAVOR_TILES,
  POWER_ACTIONS,
  TERRAIN_NAMES,
  boardOf,
  isBonusTile,
  isFavorTile,
  moveOutcome,
  snapshotOf,
  tilesOwed,
  type ActionDef,
  type Command,
  type FactionId,
  type GameState,
  type LegalMove,
  type MeasuredMove,
  type MoveOutcome,
} from '../../engine/index.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { formatCommands } from '../../notation/format.ts';
import { describeChange } from './changes.ts';
import { factionName } from './names.ts';
import { buildingName, cultName, describeAmounts, describeTile } from './tiles.ts';

const UNIT_KEYS = { VP: 'change.vp', C: 'change.coins', W: 'change.workers', P: 'change.priests' } as const;

function amountOf(locale: BotLocale, count: number, unit: string): string {
  const delta = String(count);
  if (unit === 'PW') return t(locale, 'prompt.amount.PW', { delta });
  const key = UNIT_KEYS[unit as keyof typeof UNIT_KEYS];
  return key ? t(locale, key, { delta }) : `${count} ${unit}`;
}

const isCultName = (s: string): boolean => (CULTS as readonly string[]).includes(s);

/** Entitlements whose names are no amount: what giving them up gives up. */
const GIVEN_UP = {
  GAIN_FAVOR: 'prompt.givenUp.favor',
  GAIN_TW: 'prompt.givenUp.town',
  CONVERT_W_TO_P: 'prompt.givenUp.convert',
  VOLCANO_TF: 'prompt.givenUp.volcano',
  GAIN_P3_FOR_VP: 'prompt.givenUp.token',
} as const;

/** "+FAV11", "+TW3", "+2FIRE", "-SPADE": a tile taken, cult steps placed or an entitlement given up. */
function describeAdjust(locale: BotLocale, resource: string, delta: number): string {
  if (delta < 0 && isCultName(resource))
    return t(locale, 'prompt.loseCultSteps', { amount: -delta, cult: cultName(locale, resource) });
  if (delta < 0) {
    const what = GIVEN_UP[resource as keyof typeof GIVEN_UP];
    return t(locale, 'prompt.giveUp', {
      what: what ? t(locale, what) : describeAmounts(locale, { [resource]: -delta }) || resource,
    });
  }
  if (/^(FAV|TW|BON)\d+$/.test(resource)) return t(locale, 'prompt.take', { tile: describeTile(locale, resource) });
  // The Raven's Folly's other answer to a town's reward (SL-WIT-1).
  if (resource === 'VP') return t(locale, 'prompt.takeVp', { amount: delta });
  return t(locale, 'prompt.cultSteps', { amount: delta, cult: cultName(locale, resource) });
}

/** snellman names river spaces r0, r1, …: ids no picture shows. */
const isRiverSpace = (hex: string): boolean => /^r\d+$/.test(hex);

/** The land spaces around a river space, in the map's order ("G1, H1, H2"): what a player can find on the map. */
function riverBanks(river: string, mapId: string): string {
  const board = boardOf(mapId);
  const around = board.adjacent.get(river);
  return board.landIds.filter((hex) => around?.has(hex)).join(', ');
}

/** What is known around a line when it is put in words. */
export interface LineContext {
  /** Whose line: its landscape, its actions and its volcanoes are named by the faction. */
  readonly faction?: FactionId | undefined;
  /** The map: a river space is named by the land around it. */
  readonly map?: string | undefined;
  /** Played during set-up: a pass there takes the starting bonus card. */
  readonly setup?: boolean | undefined;
}

type ActionWithGain = Pick<ActionDef, 'gain'>;

/** The action a tile or a faction offers (BON1, FAV6, ACTE …), or a power action's, by id. */
function actionOf(id: string): ActionWithGain | undefined {
  if (id in POWER_ACTIONS) return POWER_ACTIONS[id as keyof typeof POWER_ACTIONS];
  if (id in FACTION_ACTIONS) return FACTION_ACTIONS[id as keyof typeof FACTION_ACTIONS];
  if (isBonusTile(id)) return BONUS_TILES[id].action;
  if (isFavorTile(id)) return FAVOR_TILES[id].action;
  return undefined;
}

/** What an action gives, in words: "a bridge", "2 spades", "+1 cult step", "a new colour". */
function actionGain(locale: BotLocale, id: string): string {
  const gain = actionOf(id)?.gain as Record<string, number> | undefined;
  if (!gain) return '';
  const words = describeAmounts(locale, gain);
  return gain.PICK_COLOR ? [words, t(locale, 'prompt.amount.PICK_COLOR')].filter(Boolean).join(' ') : words;
}

/**
 * An action named for what it does: "Power action ACT1: 3 power → a bridge", "Engineers action: a bridge",
 * "Bonus card BON1 action: 1 spade".
 */
function describeAction(locale: BotLocale, id: string, faction: FactionId | undefined): string {
  if (id in POWER_ACTIONS) {
    const [, ...effect] = describeTile(locale, id).split(' · ');
    return t(locale, 'prompt.powerAction', { id, effect: effect.join(' · ') });
  }
  const what = actionGain(locale, id);
  if (id in FACTION_ACTIONS)
    return faction
      ? t(locale, 'prompt.factionAction', { faction: factionName(locale, faction), what })
      : t(locale, 'prompt.factionActionOf', { id, what });
  if (isBonusTile(id)) return t(locale, 'prompt.bonusAction', { id, what });
  if (isFavorTile(id)) return t(locale, 'prompt.favorAction', { id, what });
  return t(locale, 'prompt.specialAction', { id });
}

/**
 * One command in the player's words: "Temple at E5", "Transform E5 to forest", "Pass, take BON7 · …". A
 * landscape is named by its faction's ("Raven's Folly at E5") when the faction is known, a river space by
 * the land spaces around it when the map is (the images print no river names).
 */
export function describeCommand(locale: BotLocale, c: Command, context: LineContext = {}): string {
  const { faction, map, setup } = context;
  switch (c.type) {
    case 'build':
      return t(locale, 'prompt.at', { building: buildingName(locale, 'D'), hex: c.hex });
    case 'upgrade':
      return t(locale, 'prompt.at', { building: buildingName(locale, c.to), hex: c.hex });
    case 'transform':
      return c.to
        ? t(locale, 'prompt.transform', {
            hex: c.hex,
            terrain: t(locale, `term.terrain.${TERRAIN_NAMES[c.to]}` as 'term.terrain.plains'),
          })
        : t(locale, 'prompt.transformHome', { hex: c.hex });
    case 'dig':
      return t(locale, 'prompt.dig', { count: c.amount });
    case 'send':
      return c.amount
        ? t(locale, 'prompt.sendSteps', { cult: cultName(locale, c.cult), count: c.amount })
        : t(locale, 'prompt.send', { cult: cultName(locale, c.cult) });
    case 'convert':
      return t(locale, 'prompt.convert', {
        from: amountOf(locale, c.fromCount, c.from),
        to: amountOf(locale, c.toCount, c.to),
      });
    case 'burn':
      return t(locale, 'prompt.burn', { amount: c.amount });
    case 'leech':
      return t(locale, 'prompt.leech', { amount: c.amount, from: c.from ? factionName(locale, c.from) : '—' });
    case 'leech-coin':
      return t(locale, 'prompt.leechCoin', { from: c.from ? factionName(locale, c.from) : '—' });
    case 'decline':
      return c.from ? t(locale, 'prompt.decline', { from: factionName(locale, c.from) }) : t(locale, 'prompt.done');
    case 'pass':
      if (!c.bonus) return t(locale, 'prompt.pass');
      return t(locale, setup ? 'prompt.startingBonus' : 'prompt.passTake', { tile: describeTile(locale, c.bonus) });
    case 'action':
      return describeAction(locale, c.action, faction);
    case 'advance':
      return t(locale, c.track === 'ship' ? 'prompt.advanceShip' : 'prompt.advanceDig');
    case 'bridge':
      return t(locale, 'prompt.bridge', { from: c.from, to: c.to });
    case 'connect':
      // The Mermaids' town across a river space: `connect r20`.
      return c.hexes.length === 1 && isRiverSpace(c.hexes[0]!) && map
        ? t(locale, 'prompt.connectRiver', { hexes: riverBanks(c.hexes[0]!, map) })
        : t(locale, 'prompt.connect', { hexes: c.hexes.join('–') });
    case 'adjust':
      return describeAdjust(locale, c.resource, c.delta);
    case 'unlock-terrain':
      return c.terrain === 'gain-priest'
        ? t(locale, 'prompt.unlockPriest')
        : t(locale, 'prompt.unlockTerrain', {
            terrain: t(locale, `term.terrain.${TERRAIN_NAMES[c.terrain]}` as 'term.terrain.plains'),
          });
    case 'gain':
      return t(locale, 'prompt.buyToken');
    case 'landscape': {
      const id = faction ? FACTIONS[faction].landscape?.id : undefined;
      const landscape = t(locale, id ? `term.landscape.${id}` : 'term.landscape.any');
      // The Coral Reef goes on a river space (SL-MER-1).
      if (!isRiverSpace(c.hex)) return t(locale, 'prompt.landscape', { landscape, hex: c.hex });
      return map
        ? t(locale, 'prompt.landscapeRiverBy', { landscape, hexes: riverBanks(c.hex, map) })
        : t(locale, 'prompt.landscapeRiver', { landscape, hex: c.hex });
    }
    case 'wait':
      return t(locale, 'prompt.wait');
    case 'done':
      return t(locale, 'prompt.done');
    case 'pick-color':
      return t(locale, 'prompt.pickColor', {
        terrain: t(locale, `term.terrain.${TERRAIN_NAMES[c.color]}` as 'term.terrain.plains'),
      });
  }
}

/** The volcano factions' dig makes a volcano, not a spade: said so, with what it is paid with. */
function volcanoWords(locale: BotLocale, faction: FactionId | undefined, hex?: string): string | null {
  const volcano = faction ? FACTIONS[faction].volcano : undefined;
  if (!volcano) return null;
  const pay = t(locale, volcano.pay === 'power-tokens' ? 'prompt.volcanoPaidTokens' : 'prompt.volcanoPaidCult');
  return hex ? t(locale, 'prompt.volcanoAt', { hex, pay }) : t(locale, 'prompt.volcano', { pay });
}

/**
 * A whole line in words, its commands joined by arrows ("Dig 1 spade → Transform E5 to forest → Dwelling at
 * E5"). A volcano faction's dig is the volcano it raises ("Volcano at E5, paid with power tokens → Dwelling
 * at E5"); a line that reaches its space by a tunnel or a carpet flight starts with it.
 */
export function describeLine(
  locale: BotLocale,
  commands: readonly Command[],
  context: LineContext = {},
  teleportedTo: string | null = null,
): string {
  const words: string[] = [];
  const teleport = context.faction ? FACTIONS[context.faction].teleport?.kind : undefined;
  if (teleportedTo && teleport)
    words.push(t(locale, teleport === 'carpet' ? 'prompt.carpetFlight' : 'prompt.tunnel', { hex: teleportedTo }));
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    const next = commands[i + 1];
    if (c.type === 'dig') {
      // The dig's volcano is raised where the next command puts it (a transform to volcano, or the build).
      const hex = next && (next.type === 'transform' || next.type === 'build') ? next.hex : undefined;
      const volcano = volcanoWords(locale, context.faction, hex);
      if (volcano) {
        words.push(volcano);
        if (next?.type === 'transform') i++;
        continue;
      }
    }
    words.push(describeCommand(locale, c, context));
  }
  return words.join(' → ');
}

export interface MoveWords {
  /** The move in words with what it costs and brings: "Temple at E5 · −2 W · −5 C · +1 favor tile". */
  readonly label: string;
  /** The same move in notation, for those who know it and to type it with /move. */
  readonly notation: string;
}

/** What a move leaves its mover with: as the engine measured it while checking it, else applied to a copy. */
function outcomeOf(state: GameState, faction: FactionId, move: LegalMove | MeasuredMove): MoveOutcome | null {
  return ('outcome' in move && move.outcome) || moveOutcome(state, faction, move.commands);
}

/** What the move changes for its own faction, measured on a copy of the game: the engine decides, not the bot. */
function effectOf(locale: BotLocale, state: GameState, faction: FactionId, outcome: MoveOutcome | null): string {
  const before = state.factions[faction];
  if (!before || !outcome) return '';
  // The mover's numbers right after the move, before any income a round end it caused brings.
  const parts = [describeChange(locale, snapshotOf(before), outcome.after)];
  const owed = tilesOwed(state, faction);
  if (outcome.favorsOwed > owed.favorsOwed) parts.push(t(locale, 'prompt.favor'));
  if (outcome.townsOwed > owed.townsOwed) parts.push(t(locale, 'prompt.town'));
  return parts.filter(Boolean).join(' · ');
}

/**
 * A move in words with what it costs and brings, and a warning when it spends something for nothing
 * (`others`, the faction's other legal moves, tell whether an action's gain can be used at all).
 */
export function describeLegalMove(
  locale: BotLocale,
  state: GameState,
  faction: FactionId,
  move: LegalMove | MeasuredMove,
  others: readonly LegalMove[] = [],
): MoveWords {
  const outcome = outcomeOf(state, faction, move);
  const context = { faction, map: state.map, setup: state.round === 0 };
  const words = describeLine(locale, move.commands, context, outcome?.teleportedTo ?? null);
  const effect = effectOf(locale, state, faction, outcome);
  const warning = moveWarning(locale, state, faction, move, outcome, others);
  return {
    // The warning before the numbers: a label cut to Discord's 100 characters keeps it.
    label: [words, warning, effect].filter(Boolean).join(' · '),
    notation: formatCommands(move.commands),
  };
}

/** Gains that wait to be placed after their action; an action left alone with no such place spends for nothing. */
const PLACED_LATER = ['BRIDGE', 'SPADE', 'FREE_TF', 'FREE_D', 'FREE_TP', 'CULT'] as const;

/**
 * "⚠ …" when a move the engine accepts spends something for nothing: an action alone whose gain nothing can
 * use now (the bridge power action where no bridge fits: its power is lost), a priest or cult step on a
 * track it cannot climb. Nothing is hidden: the move stays offered, its cost said.
 */
function moveWarning(
  locale: BotLocale,
  state: GameState,
  faction: FactionId,
  move: LegalMove,
  outcome: MoveOutcome | null,
  others: readonly LegalMove[],
): string {
  const [first] = move.commands;
  if (move.commands.length === 1 && first?.type === 'action') {
    const gain = actionOf(first.action)?.gain as Record<string, number> | undefined;
    const held = gain && PLACED_LATER.some((g) => gain[g]);
    const immediate = FACTIONS[faction].actionsWithoutFollowUp?.includes(first.action);
    const usable = others.some(
      (m) => m.commands.length > 1 && m.commands[0]?.type === 'action' && m.commands[0].action === first.action,
    );
    if (held && !immediate && !usable)
      return t(locale, 'prompt.warn.unusable', { what: actionGain(locale, first.action) });
  }
  const climbs = move.commands.find(
    (c) => c.type === 'send' || (c.type === 'adjust' && c.delta > 0 && isCultName(c.resource)),
  );
  const before = state.factions[faction];
  if (climbs && outcome && before) {
    const cult = climbs.type === 'send' ? climbs.cult : (climbs as { resource: string }).resource;
    const index = (CULTS as readonly string[]).indexOf(cult);
    const level = before.cults[cult as (typeof CULTS)[number]];
    if (index >= 0 && outcome.after.cult[index] === level)
      return t(locale, 'prompt.warn.noStep', { cult: cultName(locale, cult), level });
  }
  return '';
}
