/**
 * Fire & Ice setup as terra.snellman.net runs it (/work/notes/fire-and-ice-spec.md §2; oracle logs
 * N01-N04, N14): the faction options, the colour pick right after the faction's `setup` row, the setup
 * conflicts of picked colours, starting dwellings on the picked colour turning to ice, and the ice
 * faction's spade costs measured from its picked colour.
 */
import { describe, expect, it } from 'vitest';
import { apply, availableFactions, legalMoves, newGame, nextFactionPick, whoMustAct } from '../../src/engine/index.ts';
import type { FactionId, GameState, OptionId } from '../../src/engine/index.ts';
import { parseCommand } from '../../src/notation/parse.ts';
import { DEFAULT_SCORE_TILES, scenario } from './scenario.ts';

const ICE: OptionId = 'fire-and-ice-factions/ice';

function game(options: OptionId[], players = 3): GameState {
  return newGame({
    options,
    players: Array.from({ length: players }, (_, i) => `p${i}`),
    scoreTiles: DEFAULT_SCORE_TILES,
    removedBonusTiles: [],
  });
}

function run(state: GameState, who: FactionId | null, line: string): GameState {
  const r = apply(state, who, line.split('. ').map(parseCommand));
  if (!r.ok) throw new Error(`${line}: ${r.error.message}`);
  return r.value.state;
}

function refused(state: GameState, who: FactionId | null, line: string): string {
  const r = apply(state, who, line.split('. ').map(parseCommand));
  expect(r.ok, line).toBe(false);
  return r.ok ? '' : r.error.message;
}

describe('Fire & Ice faction options', () => {
  it('the ice factions are only offered, and only accepted, with their option (N04)', () => {
    const plain = game([]);
    expect(availableFactions(plain)).not.toContain('icemaidens');
    expect(refused(plain, null, 'setup icemaidens')).toMatch(
      /only in games with the option fire-and-ice-factions\/ice/,
    );
    expect(availableFactions(game([ICE]))).toEqual(expect.arrayContaining(['icemaidens', 'yetis']));
  });
});

describe('pick-color at selection', () => {
  it('the game waits for the colour and the favour tile before the next player picks', () => {
    let s = run(game([ICE]), null, 'setup icemaidens');
    expect(s.factions.icemaidens!.color).toBe('ice');
    expect(nextFactionPick(s)).toBeNull();
    expect(whoMustAct(s)).toEqual(['icemaidens']);
    const picks = legalMoves(s, 'icemaidens').filter((m) => m.kind === 'pick-color');
    expect(picks).toHaveLength(7);
    s = run(s, 'icemaidens', 'pick-color red');
    expect(s.factions.icemaidens!.secondaryColor).toBe('red');
    expect(s.factions.icemaidens!.color).toBe('ice');
    expect(nextFactionPick(s)).toBeNull();
    s = run(s, 'icemaidens', '+FAV11');
    expect(s.factions.icemaidens!.cults.EARTH).toBe(1);
    expect(nextFactionPick(s)).toBe(1);
    expect(s.phase).toBe('select-factions');
  });

  it('a picked colour blocks the base faction of that colour, and one ice faction is the most (N01, N03)', () => {
    const s = run(run(game([ICE]), null, 'setup icemaidens'), 'icemaidens', 'pick-color red. +FAV11');
    expect(availableFactions(s)).not.toContain('giants');
    expect(availableFactions(s)).not.toContain('yetis');
    expect(refused(s, null, 'setup giants')).toMatch(/Giants share their home terrain with Ice Maidens/);
    expect(refused(s, null, 'setup yetis')).toMatch(/Yetis share their home terrain with Ice Maidens/);
  });

  it("a colour already someone's is not available (N02), and the colour is written in lower case (N14)", () => {
    const s = run(run(game([ICE]), null, 'setup witches'), null, 'setup yetis');
    expect(refused(s, 'yetis', 'pick-color green')).toMatch(
      /green \(green\) is not available|forest \(green\) is not available/,
    );
    expect(() => parseCommand('pick-color Red')).toThrow(/Unknown terrain 'Red'/);
    expect(refused(s, 'yetis', 'pick-color ice')).toMatch(/not available/);
    expect(legalMoves(s, 'yetis').map((m) => m.commands[0])).not.toContainEqual({ type: 'pick-color', color: 'green' });
    expect(refused(s, 'witches', 'pick-color red')).toMatch(/Witches may not pick a colour now/);
  });

  it('once all have picked and chosen, the initial dwellings follow', () => {
    let s = run(game([ICE], 2), null, 'setup yetis');
    s = run(s, 'yetis', 'pick-color gray');
    s = run(s, null, 'setup witches');
    expect(s.phase).toBe('initial-dwellings');
    expect(whoMustAct(s)).toEqual(['yetis']);
  });
});

describe('factions dealt or auctioned: every setup row first, then the owed choices (AU-9)', () => {
  const VARIABLE: OptionId = 'fire-and-ice-factions/variable_v5';

  it('the picks may all come before the colours and the favour tile, which still come before the dwellings', () => {
    let s = run(game([ICE, VARIABLE]), null, 'setup icemaidens');
    s = run(s, null, 'setup witches');
    s = run(s, null, 'setup shapeshifters');
    expect(s.phase).toBe('select-factions');
    expect(nextFactionPick(s)).toBeNull();
    expect(whoMustAct(s)).toEqual(expect.arrayContaining(['icemaidens', 'shapeshifters']));
    // A colour a faction in the game has is not offered, nor accepted: the witches' forest.
    expect(refused(s, 'icemaidens', 'pick-color green')).toMatch(/not available/);
    expect(legalMoves(s, 'icemaidens').map((m) => m.commands[0])).not.toContainEqual({
      type: 'pick-color',
      color: 'green',
    });
    s = run(s, 'icemaidens', 'pick-color red. +FAV11');
    expect(s.phase).toBe('select-factions');
    expect(whoMustAct(s)).toEqual(['shapeshifters']);
    // The ice maidens' land colour is taken during setup too.
    expect(refused(s, 'shapeshifters', 'pick-color red')).toMatch(/not available/);
    s = run(s, 'shapeshifters', 'pick-color blue');
    expect(s.phase).toBe('initial-dwellings');
    expect(s.factionOrder).toEqual(['icemaidens', 'witches', 'shapeshifters']);
    expect(s.factions.shapeshifters!.color).toBe('blue');
  });
});

describe('ice terrain', () => {
  const start = () =>
    scenario({
      factions: ['icemaidens', 'witches'],
      options: [ICE],
      picks: { icemaidens: 'pick-color red. +FAV11' },
      dwellings: { icemaidens: ['E3', 'A6'], witches: ['F2', 'C3'] },
    });

  it('starting dwellings go on the picked colour, and the hex turns to ice', () => {
    const g = start();
    expect(g.state.hexes.E3!.terrain).toBe('ice');
    expect(g.state.hexes.A6!.terrain).toBe('ice');
    const s = run(
      run(run(game([ICE], 2), null, 'setup icemaidens'), 'icemaidens', 'pick-color red. +FAV11'),
      null,
      'setup witches',
    );
    expect(refused(s, 'icemaidens', 'build D3')).toMatch(/home terrain, wasteland \(red\); D3 is desert \(yellow\)/);
  });

  it('spades to ice count from the picked colour: its neighbours 1, two steps away 2; building needs them in hand (N07)', () => {
    const g = start().give('icemaidens', { W: 10, C: 10 });
    g.fails('icemaidens: build D3', /Not enough spades|Not enough SPADE|spades/);
    g.play('icemaidens: dig 1. build D3');
    expect(g.state.hexes.D3).toMatchObject({ terrain: 'ice', building: 'D', owner: 'icemaidens' });
    expect(g.f('icemaidens').W).toBe(10 - 3 - 1);
    g.play('done', 'witches: pass BON9', 'icemaidens: dig 2. transform E2 to ice');
    expect(g.state.hexes.E2!.terrain).toBe('ice');
  });

  it('a transform without a colour goes towards the picked colour, which becomes ice', () => {
    const g = start().give('icemaidens', { W: 10 });
    g.play('icemaidens: dig 1. transform D2');
    expect(g.state.hexes.D2!.terrain).toBe('green');
  });

  it("ice can't be transformed, and only the ice faction makes ice", () => {
    const g = start().give('witches', { W: 10 });
    g.play('icemaidens: pass BON9');
    g.fails('witches: dig 1. transform D4 to ice', /Witches can't make ice/);
    g.fails('witches: dig 2. transform E3 to green', /Can't transform ice/);
  });
});
