import {
  CULTS,
  FACTIONS,
  TERRAIN_NAMES,
  boardOf,
  moveOutcome,
  snapshotOf,
  tilesOwed,
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

/** "+FAV11", "+TW3", "+2FIRE", "-SPADE": a tile taken, cult steps placed or an entitlement given up. */
function describeAdjust(locale: BotLocale, resource: string, delta: number): string {
  if (delta < 0 && isCultName(resource))
    return t(locale, 'prompt.loseCultSteps', { amount: -delta, cult: cultName(locale, resource) });
  if (delta < 0) {
    const what = describeAmounts(locale, { [resource]: -delta });
    return t(locale, 'prompt.giveUp', { what: what || resource });
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

/**
 * One command in the player's words: "Temple at E5", "Transform E5 to forest", "Pass, take BON7 · …". A
 * landscape is named by its faction's ("Raven's Folly at E5") when the faction is known, a river space by
 * the land spaces around it when the map is (the images print no river names).
 */
export function describeCommand(locale: BotLocale, c: Command, faction?: FactionId, map?: string): string {
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
      return c.bonus ? t(locale, 'prompt.passTake', { tile: describeTile(locale, c.bonus) }) : t(locale, 'prompt.pass');
    case 'action':
      if (/^ACT\d$/.test(c.action)) {
        const [, ...effect] = describeTile(locale, c.action).split(' · ');
        return t(locale, 'prompt.powerAction', { id: c.action, effect: effect.join(' · ') });
      }
      if (/^ACT[A-Z]\d?$/.test(c.action)) return t(locale, 'prompt.strongholdAction');
      return t(locale, 'prompt.specialAction', { id: c.action });
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
function effectOf(locale: BotLocale, state: GameState, faction: FactionId, move: LegalMove | MeasuredMove): string {
  const before = state.factions[faction];
  const outcome = outcomeOf(state, faction, move);
  if (!before || !outcome) return '';
  // The mover's numbers right after the move, before any income a round end it caused brings.
  const parts = [describeChange(locale, snapshotOf(before), outcome.after)];
  const owed = tilesOwed(state, faction);
  if (outcome.favorsOwed > owed.favorsOwed) parts.push(t(locale, 'prompt.favor'));
  if (outcome.townsOwed > owed.townsOwed) parts.push(t(locale, 'prompt.town'));
  return parts.filter(Boolean).join(' · ');
}

export function describeLegalMove(
  locale: BotLocale,
  state: GameState,
  faction: FactionId,
  move: LegalMove | MeasuredMove,
): MoveWords {
  const words = move.commands.map((c) => describeCommand(locale, c, faction, state.map)).join(' → ');
  const effect = effectOf(locale, state, faction, move);
  return { label: effect ? `${words} · ${effect}` : words, notation: formatCommands(move.commands) };
}
