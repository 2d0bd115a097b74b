/**
 * Riverwalkers and Shapeshifters (Fire & Ice, snellman's `variable_v5`): raw logs in
 * test/fixtures/variable-factions, each with the reference engine's verdict (README there). Our
 * replay must reach every faction's numbers, or refuse the same row; then each ability is looked at
 * in the position the log leaves.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, legalMoves, whoMustAct, type FactionId, type GameState } from '../../src/engine/index.ts';
import { parseGameLog } from '../../src/notation/log.ts';
import { parseLine } from '../../src/notation/parse.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { formatCommands } from '../../src/notation/format.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'variable-factions');
const logs = readdirSync(DIR)
  .filter((f) => f.endsWith('.log'))
  .map((f) => f.slice(0, -'.log'.length))
  .sort();

interface Numbers {
  readonly VP: number;
  readonly C: number;
  readonly W: number;
  readonly P: number;
  readonly P1: number;
  readonly P2: number;
  readonly P3: number;
  readonly FIRE: number;
  readonly WATER: number;
  readonly EARTH: number;
  readonly AIR: number;
  readonly buildings: Record<string, number>;
}

interface Verdict {
  readonly errorLine: number | null;
  readonly error: string | null;
  readonly finished: boolean;
  readonly round: number;
  readonly factions: Record<string, Numbers>;
}

const verdict = (name: string) => JSON.parse(readFileSync(join(DIR, `${name}.reference.json`), 'utf8')) as Verdict;
const replay = (name: string) => replayLog(parseGameLog(readFileSync(join(DIR, `${name}.log`), 'utf8')));

function numbers(state: GameState): Record<string, Numbers> {
  const out: Record<string, Numbers> = {};
  for (const f of Object.values(state.factions)) {
    out[f!.name] = {
      VP: f!.VP,
      C: f!.C,
      W: f!.W,
      P: f!.P,
      P1: f!.P1,
      P2: f!.P2,
      P3: f!.P3,
      ...f!.cults,
      buildings: { ...f!.buildings },
    };
  }
  return out;
}

/** The state a log leaves (it must replay without error). */
function after(name: string): GameState {
  const r = replay(name);
  expect(r.error).toBeNull();
  return r.state!;
}

function play(state: GameState, faction: FactionId, line: string): GameState {
  const r = apply(state, faction, parseLine(line) as never);
  if (!r.ok) throw new Error(`'${line}' was refused: ${r.error.message}`);
  return r.value.state;
}

function offered(state: GameState, faction: FactionId): string[] {
  return legalMoves(state, faction).map((m) => formatCommands(m.commands));
}

describe('riverwalkers and shapeshifters against the reference engine', () => {
  it('has the logs', () => {
    expect(logs.filter((l) => l.startsWith('riverwalkers')).length).toBeGreaterThanOrEqual(9);
    expect(logs.filter((l) => l.startsWith('shapeshifters')).length).toBeGreaterThanOrEqual(6);
  });

  it.each(logs.filter((l) => existsSync(join(DIR, `${l}.reference-ledger.txt`))))(
    "%s: the reference's ledger replays with every row equal",
    (name) => {
      const entries = parseGameLog(readFileSync(join(DIR, `${name}.reference-ledger.txt`), 'utf8'));
      const result = replayLog(entries);
      expect(result.error).toBeNull();
      expect(result.checkedRows).toBe(entries.filter((e) => e.kind === 'row' && e.checkpoint).length);
    },
  );

  it.each(logs)('%s: the reference verdict', (name) => {
    const want = verdict(name);
    const result = replay(name);
    expect(result.error?.row ?? null).toBe(want.errorLine);
    const state = result.state!;
    expect(state.round).toBe(want.round);
    expect(state.finished).toBe(want.finished);
    expect(numbers(state)).toEqual(want.factions);
    if (want.errorLine === null) {
      for (const f of whoMustAct(state)) expect(legalMoves(state, f).length, f).toBeGreaterThan(0);
    }
  });
});

describe('riverwalkers', () => {
  it('a dwelling on an unlocked terrain takes their colour; the hex was reached across the river', () => {
    const s = after('riverwalkers');
    expect(s.factions.riverwalkers!.color).toBe('yellow');
    expect(s.hexes.E4).toMatchObject({ terrain: 'yellow', owner: 'riverwalkers' });
    expect(s.factions.riverwalkers!.unlockedTerrain).toEqual(['blue', 'red', 'green']);
  });

  it('each unlocked terrain allows one more priest; a priest beyond the limit is lost', () => {
    const s = after('riverwalkers');
    const f = s.factions.riverwalkers!;
    // 1 to start, +3 unlocked, -1 sent to a cult track for good.
    expect(f.maxP).toBe(3);
    expect(f.P).toBe(1);
  });

  it('priests they gain become unlocks the game waits for, before the round starts', () => {
    const lines = readFileSync(join(DIR, 'riverwalkers.log'), 'utf8').trim().split('\n');
    const entries = parseGameLog(lines.slice(0, -1).join('\n'));
    const s = replayLog(entries).state!;
    expect(s.phase).not.toBe('play');
    expect(whoMustAct(s)).toEqual(['riverwalkers']);
    expect(s.pending).toContainEqual({ type: 'unlock-terrain', faction: 'riverwalkers', amount: 2 });
    const moves = offered(s, 'riverwalkers');
    expect(moves).toContain('unlock-terrain gain-priest');
    expect(moves).toContain('unlock-terrain brown');
    expect(moves).not.toContain('unlock-terrain blue');
    expect(moves).not.toContain('unlock-terrain yellow');
    // Witches' forest is another faction's home: 2 coins; plains are nobody's: 1.
    expect(play(s, 'riverwalkers', 'unlock-terrain green').factions.riverwalkers!.C).toBe(
      s.factions.riverwalkers!.C - 2,
    );
    expect(play(s, 'riverwalkers', 'unlock-terrain brown').factions.riverwalkers!.C).toBe(
      s.factions.riverwalkers!.C - 1,
    );
  });

  it('offers no spade action, no dig and no terraforming, and builds only where a river reaches', () => {
    const lines = readFileSync(join(DIR, 'riverwalkers-no-spade-actions.log'), 'utf8').trim().split('\n');
    const s = replayLog(parseGameLog(lines.slice(0, -1).join('\n'))).state!;
    expect(s.active).toBe('riverwalkers');
    const moves = offered(s, 'riverwalkers');
    expect(moves.some((m) => /ACT5|ACT6|BON1|dig|transform|advance/.test(m))).toBe(false);
    // Blue is unlocked: D5 is across a river from E8, D2 only next to D3; black C1 is still locked.
    expect(moves).toContain('build D5');
    expect(moves).not.toContain('build D2');
    expect(moves).not.toContain('build C1');
  });

  it('the stronghold brings two bridges placed in the same action', () => {
    const s = after('riverwalkers');
    expect(s.bridges.filter((b) => b.faction === 'riverwalkers')).toEqual([
      { from: 'E4', to: 'G1', faction: 'riverwalkers' },
      { from: 'C2', to: 'D3', faction: 'riverwalkers' },
    ]);
    expect(s.factions.riverwalkers!.bridgesLeft).toBe(1);
  });
});

describe('shapeshifters', () => {
  it('changing terrain repaints the hexes of their buildings, any number of times a round', () => {
    const s = after('shapeshifters');
    expect(s.factions.shapeshifters!.color).toBe('gray');
    for (const h of s.factions.shapeshifters!.locations) expect(s.hexes[h]!.terrain, h).toBe('gray');
    // The other factions' hexes keep theirs.
    expect(s.hexes.E3!.terrain).toBe('red');
  });

  it('a neighbour taking power offers a token for 1 VP; the turn goes on, the round waits', () => {
    const s = after('shapeshifters');
    expect(s.active).toBe('giants');
    expect(s.pending).toContainEqual({ type: 'gain-token', faction: 'shapeshifters', amount: 1 });
    expect(whoMustAct(s)).toContain('shapeshifters');
    const moves = offered(s, 'shapeshifters');
    expect(moves).toEqual(expect.arrayContaining(['gain P3 for VP', '-GAIN_P3_FOR_VP']));
    const bought = play(s, 'shapeshifters', 'gain P3 for VP').factions.shapeshifters!;
    expect([bought.VP, bought.P3]).toEqual([s.factions.shapeshifters!.VP - 1, s.factions.shapeshifters!.P3 + 1]);
    const declined = play(s, 'shapeshifters', '-GAIN_P3_FOR_VP');
    expect(declined.pending.some((p) => p.type === 'gain-token')).toBe(false);
  });

  it('offers both stronghold actions with every colour they may take', () => {
    const lines = readFileSync(join(DIR, 'shapeshifters-same-colour.log'), 'utf8').trim().split('\n');
    const s = replayLog(parseGameLog(lines.slice(0, -1).join('\n'))).state!;
    const f = s.factions.shapeshifters!;
    const burnt = play(s, 'shapeshifters', 'burn 1');
    const moves = offered(burnt, 'shapeshifters');
    expect(moves).toContain('action ACTH5. pick-color yellow');
    expect(moves).toContain('action ACTH6. pick-color brown');
    expect(moves).not.toContain('action ACTH5. pick-color red');
    expect(moves).not.toContain('action ACTH5. pick-color blue');
    // 5 tokens go, bowl I first.
    const tokens = play(s, 'shapeshifters', 'action ACTH6. pick-color brown').factions.shapeshifters!;
    expect([tokens.P1, tokens.P2, tokens.P3]).toEqual([0, f.P2 - (5 - f.P1), f.P3]);
  });
});
