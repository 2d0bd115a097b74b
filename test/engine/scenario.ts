/**
 * Short engine scenarios written in snellman's notation: set up a game from a compact description,
 * then `play('witches: build E5. convert 1pw to 1c')` line by line, as the replay drives records.
 */
import { expect } from 'vitest';
import { apply, endTurn, newGame } from '../../src/engine/index.ts';
import type {
  AdminCommand,
  Command,
  FactionId,
  FactionState,
  FinalScoringId,
  GameState,
  HexId,
  OptionId,
  Terrain,
  VpEvent,
} from '../../src/engine/index.ts';
import type { EngineNote } from '../../src/engine/index.ts';
import type { ScoringTileId } from '../../src/engine/data/tiles.ts';
import { parseLine } from '../../src/notation/parse.ts';

export interface ScenarioSetup {
  /** Factions in seat order (the first is the start player). */
  readonly factions: readonly FactionId[];
  readonly options?: readonly OptionId[];
  /** snellman's map id; the original map when left out. */
  readonly map?: string;
  /** Fire & Ice final-scoring tiles in play. */
  readonly finalScoring?: readonly FinalScoringId[];
  /** Round scoring tiles 1-6; by default SCORE2 (towns) leads, so plain builds score nothing extra in round 1. */
  readonly scoreTiles?: readonly ScoringTileId[];
  readonly removedBonusTiles?: readonly string[];
  /** Initial dwellings per faction, taken in the order the setup asks for them. */
  readonly dwellings: Partial<Record<FactionId, readonly HexId[]>>;
  /** Bonus tile each faction picks in setup; factions left out take the lowest tile nobody asked for. */
  readonly bonus?: Partial<Record<FactionId, string>>;
  /** Terrain changes made before setup, to build a position the scenario needs. */
  readonly board?: Readonly<Record<HexId, Terrain>>;
  /**
   * What a faction owes right after its `setup` row (Fire & Ice: `pick-color red. +FAV11`), or, for
   * those who pick once every player has a faction, in the post-setup step.
   */
  readonly picks?: Partial<Record<FactionId, string>>;
  /** Stop before these setup steps (to test the setup itself). */
  readonly stopBefore?: 'dwellings' | 'bonus';
  /** The engine version whose rules the game keeps (a stored game's); the current one when left out. */
  readonly rulesVersion?: number;
}

export const DEFAULT_SCORE_TILES: readonly ScoringTileId[] = [
  'SCORE2',
  'SCORE3',
  'SCORE4',
  'SCORE5',
  'SCORE6',
  'SCORE7',
];

type Commands = (Command | AdminCommand)[];

export class Scenario {
  state: GameState;
  /** VP events and engine notes of the last successful `play`. */
  events: readonly VpEvent[] = [];
  notes: readonly EngineNote[] = [];

  constructor(state: GameState) {
    this.state = state;
  }

  /** Runs one record line, "faction: commands" or "done" (ends the current turn); throws on a rule error. */
  play(...lines: string[]): this {
    for (const line of lines) {
      if (line.trim() === 'done') {
        this.endTurn();
        continue;
      }
      const { faction, commands } = this.parse(line);
      // The engine never changes the state it is given (its copies share parts of it: clone.ts).
      const before = JSON.stringify(this.state);
      const r = apply(this.state, faction, commands);
      expect(JSON.stringify(this.state), `'${line}' changed the state it was played on`).toBe(before);
      if (!r.ok) throw new Error(`'${line}' was refused: ${r.error.message}`);
      this.state = r.value.state;
      this.events = r.value.events;
      this.notes = r.value.notes;
    }
    return this;
  }

  /** Closes the turn of whoever acted last, as the next row of a record would. */
  endTurn(): this {
    const r = endTurn(this.state);
    if (!r.ok) throw new Error(r.error.message);
    this.state = r.value.state;
    this.events = r.value.events;
    this.notes = r.value.notes;
    return this;
  }

  /**
   * Expects the line to be refused with a RuleError (message matching `message` if given), and the
   * state handed in to be untouched. Returns the error message.
   */
  fails(line: string, message?: RegExp | string): string {
    const { faction, commands } = this.parse(line);
    const before = structuredClone(this.state);
    const r = apply(this.state, faction, commands);
    expect(r.ok, `'${line}' should be refused`).toBe(false);
    if (r.ok) return '';
    expect(r.error.name).toBe('RuleError');
    if (message !== undefined) expect(r.error.message).toMatch(message);
    expect(this.state).toEqual(before);
    return r.error.message;
  }

  /** A faction's state (read it, don't change it: use `give` for preconditions). */
  f(id: FactionId): FactionState {
    const f = this.state.factions[id];
    if (!f) throw new Error(`${id} is not in this scenario`);
    return f;
  }

  /** The numbers a ledger row shows: VP, C, W, P, power bowls and cults. */
  nums(id: FactionId) {
    const f = this.f(id);
    return {
      VP: f.VP,
      C: f.C,
      W: f.W,
      P: f.P,
      PW: [f.P1, f.P2, f.P3],
      cult: [f.cults.FIRE, f.cults.WATER, f.cults.EARTH, f.cults.AIR],
    };
  }

  /**
   * Precondition shortcut: sets resources directly so a scenario need not play rounds to afford
   * something. Only plain holdings (C, W, P, power bowls, VP, cult levels, building counts stay as played).
   */
  give(
    id: FactionId,
    values: Partial<Record<'C' | 'W' | 'P' | 'P1' | 'P2' | 'P3' | 'VP' | 'KEY', number>> & {
      cults?: Partial<FactionState['cults']>;
    },
  ): this {
    const s = structuredClone(this.state);
    const f = s.factions[id]!;
    for (const [k, v] of Object.entries(values)) {
      if (k === 'cults') Object.assign(f.cults, v);
      else (f as unknown as Record<string, number>)[k] = v as number;
    }
    this.state = s;
    return this;
  }

  /** Changes the terrain of a hex (a board position a scenario needs), before anything is built there. */
  terrain(hex: HexId, t: Terrain): this {
    const s = structuredClone(this.state);
    s.hexes = { ...s.hexes, [hex]: { ...s.hexes[hex]!, terrain: t } };
    this.state = s;
    return this;
  }

  /** VP a faction gained in the last `play`, by source. */
  vpFrom(id: FactionId, source?: string): number {
    return this.events
      .filter((e) => e.faction === id && (source === undefined || e.source === source))
      .reduce((a, e) => a + e.delta, 0);
  }

  /** Everyone passes in turn order (bonus tiles given per faction, or the lowest free one). */
  passAll(bonus: Partial<Record<FactionId, string>> = {}): this {
    const round = this.state.round;
    const active = this.state.active && this.state.factions[this.state.active];
    if (active && active.allowedActions === 0) this.endTurn();
    for (let guard = 0; guard < 20 && this.state.active && !this.state.finished; guard++) {
      const who = this.state.active;
      const tile = this.state.round === 6 ? '' : ` ${bonus[who] ?? this.freeBonus(Object.values(bonus))}`;
      this.play(`${who}: pass${tile}`);
      // Income (and spades from cult income) come once everybody has passed.
      if (this.state.round !== round || this.state.phase !== 'play') break;
    }
    return this;
  }

  freeBonus(reserved: readonly (string | undefined)[] = []): string {
    const free = Object.keys(this.state.pool)
      .filter((t) => t.startsWith('BON') && this.state.pool[t]! > 0 && !reserved.includes(t))
      .sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
    if (!free[0]) throw new Error('no bonus tile left');
    return free[0];
  }

  private parse(line: string): { faction: FactionId | null; commands: Commands } {
    const m = line.match(/^\s*(\w+):\s*(.*)$/);
    if (!m) return { faction: null, commands: parseLine(line) };
    return { faction: m[1]!.toLowerCase() as FactionId, commands: parseLine(m[2]!) };
  }
}

/** Creates a game and plays its setup: faction picks, initial dwellings, bonus picks. */
export function scenario(setup: ScenarioSetup): Scenario {
  let state = newGame({
    options: setup.options ?? [],
    players: setup.factions.map((f) => `p-${f}`),
    scoreTiles: setup.scoreTiles ?? DEFAULT_SCORE_TILES,
    removedBonusTiles: setup.removedBonusTiles ?? [],
    ...(setup.map ? { map: setup.map } : {}),
    ...(setup.finalScoring ? { finalScoring: setup.finalScoring } : {}),
    ...(setup.rulesVersion ? { rulesVersion: setup.rulesVersion } : {}),
  });
  const run = (who: FactionId | null, cs: Commands) => {
    const r = apply(state, who, cs);
    if (!r.ok) throw new Error(`setup ${who ?? ''} ${JSON.stringify(cs)}: ${r.error.message}`);
    state = r.value.state;
  };
  for (const [hex, t] of Object.entries(setup.board ?? {}))
    state.hexes = { ...state.hexes, [hex]: { ...state.hexes[hex]!, terrain: t } };
  const owed = (f: FactionId) =>
    state.pending.some((p) => (p.type === 'pick-color' || p.type === 'favor') && p.faction === f);
  const pickFor = (f: FactionId) => {
    const line = setup.picks?.[f];
    if (!line) throw new Error(`scenario: ${f} owes a setup choice (picks)`);
    run(f, parseLine(line));
  };
  for (const f of setup.factions) {
    run(null, [{ type: 'pick-faction', faction: f }]);
    if (owed(f)) pickFor(f);
  }
  for (const f of setup.factions) if (state.phase === 'post-setup' && owed(f)) pickFor(f);
  const g = new Scenario(state);
  if (setup.stopBefore === 'dwellings') return g;
  const placed: Partial<Record<FactionId, number>> = {};
  while (state.phase === 'initial-dwellings' && state.setupOrder[0]?.step === 'dwelling') {
    const who = state.setupOrder[0].faction;
    const i = placed[who] ?? 0;
    const hex = setup.dwellings[who]?.[i];
    if (!hex) throw new Error(`scenario: ${who} needs an initial dwelling #${i + 1}`);
    placed[who] = i + 1;
    run(who, [{ type: 'build', hex }]);
  }
  g.state = state;
  if (setup.stopBefore === 'bonus') return g;
  const wanted = Object.values(setup.bonus ?? {});
  while (state.setupOrder[0]?.step === 'bonus') {
    const who = state.setupOrder[0].faction;
    g.state = state;
    run(who, [{ type: 'pass', bonus: setup.bonus?.[who] ?? g.freeBonus(wanted) }]);
  }
  g.state = state;
  return g;
}
