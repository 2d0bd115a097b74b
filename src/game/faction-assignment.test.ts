// Dealt factions (the random mode): the Fire & Ice factions come in with their options, never two that
// cannot share a game, and their colour picks are asked after the deal (docs/rulings.md AU-9).
import { describe, expect, it } from 'vitest';
import { FACTIONS, factionsClash, type FactionId, type OptionId } from '../engine/index.ts';
import { randomFactions } from './faction-assignment.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, playAs, startedGame, value } from './test-helpers.ts';

const FIRE_AND_ICE: OptionId[] = [
  'fire-and-ice-factions/ice',
  'fire-and-ice-factions/volcano',
  'fire-and-ice-factions/variable_v5',
];
const seeds = Array.from({ length: 60 }, (_, i) => `deal-${i}`);

describe('random factions', () => {
  it('deals base factions only without the Fire & Ice options', () => {
    for (const seed of seeds) {
      const dealt = randomFactions(seed, 5);
      expect(dealt.every((f) => FACTIONS[f].option === undefined)).toBe(true);
      expect(new Set(dealt.map((f) => FACTIONS[f].color)).size).toBe(5);
    }
  });

  it('deals the Fire & Ice factions with their options, never two that cannot sit in one game', () => {
    const seen = new Set<FactionId>();
    for (const seed of seeds)
      for (const seats of [2, 3, 4, 5]) {
        const dealt = randomFactions(seed, seats, FIRE_AND_ICE);
        expect(dealt).toHaveLength(seats);
        dealt.forEach((f, i) =>
          dealt.slice(i + 1).forEach((g) => expect(factionsClash(f, g), `${f} ${g}`).toBe(false)),
        );
        dealt.forEach((f) => seen.add(f));
      }
    for (const f of ['icemaidens', 'yetis', 'acolytes', 'dragonlords', 'riverwalkers', 'shapeshifters'] as const)
      expect(seen, f).toContain(f);
    // Only the ice option: no volcano or variable faction is dealt.
    for (const seed of seeds)
      expect(
        randomFactions(seed, 5, ['fire-and-ice-factions/ice']).every(
          (f) =>
            FACTIONS[f].option !== 'fire-and-ice-factions/volcano' &&
            FACTIONS[f].option !== 'fire-and-ice-factions/variable_v5',
        ),
      ).toBe(true);
  });

  it('a dealt game writes every pick, then asks the factions that owe a colour (AU-9)', async () => {
    // A seed whose deal to three seats holds a faction that picks its colour at selection.
    const seed = seeds.find((s) =>
      randomFactions(s, 3, FIRE_AND_ICE).some((f) => FACTIONS[f].pickColor === 'at-selection'),
    )!;
    const dealt = randomFactions(seed, 3, FIRE_AND_ICE);
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b', 'c'], { factionMode: 'random', seed, options: FIRE_AND_ICE });
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.moves.map((m) => [m.seat, m.text])).toEqual(dealt.map((f, i) => [i, `setup ${f}`]));
    expect(view.state!.phase).toBe('select-factions');
    const owing = dealt.filter((f) => FACTIONS[f].pickColor === 'at-selection');
    expect(view.waitingFor.map((w) => w.faction).sort()).toEqual([...owing].sort());
    for (const w of view.waitingFor) {
      const faction = w.faction!;
      const free = ['yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red'].find(
        (c) => !Object.values(view.state!.factions).some((f) => f!.color === c || f!.secondaryColor === c),
      )!;
      const favour = FACTIONS[faction].startCounters?.GAIN_FAVOR ? '. +FAV11' : '';
      value(await playAs(service, game.id, w.userId!, `pick-color ${free}${favour}`));
      view = value(await service.getGame(caller('a'), game.id));
    }
    expect(['post-setup', 'initial-dwellings']).toContain(view.state!.phase);
  });
});
