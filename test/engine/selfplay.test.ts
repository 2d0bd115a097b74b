/** Self-play: one complete game from a seed, the same game for the same seed, every kind of move. */
import { describe, expect, it } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { selfPlay } from '../../src/selfplay/game.ts';
import { rawLog } from '../../src/selfplay/raw-log.ts';

describe('self-play', () => {
  it('same seed, same game; another seed, another game', () => {
    const a = rawLog(selfPlay({ seed: 'sp-1', players: 3, options: ['mini-expansion-1'] }));
    expect(rawLog(selfPlay({ seed: 'sp-1', players: 3, options: ['mini-expansion-1'] }))).toBe(a);
    expect(rawLog(selfPlay({ seed: 'sp-2', players: 3, options: ['mini-expansion-1'] }))).not.toBe(a);
  });

  it('plays the factions asked for and writes a raw log that replays to the same finished game', () => {
    const game = selfPlay({ seed: 'sp-3', players: 2, factions: ['mermaids', 'engineers'], options: ['strict-leech'] });
    expect(game.factions).toEqual(['mermaids', 'engineers']);
    expect(game.state.finished).toBe(true);
    const log = rawLog(game);
    expect(log.split('\n').slice(1, 3)).toEqual(['option strict-leech', `score ${game.setup.scoreTiles.join(',')}`]);
    const replayed = replayLog(parseGameLog(log));
    expect(replayed.error).toBeNull();
    expect(replayed.state!.finished).toBe(true);
    for (const f of game.factions) expect(replayed.state!.factions[f]!.VP).toBe(game.state.factions[f]!.VP);
  });

  it('makes every kind of move happen, and games with strongholds, temples and towns', () => {
    const kinds = new Set<string>();
    let strongholds = 0;
    let temples = 0;
    let towns = 0;
    for (let i = 0; i < 10; i++) {
      const game = selfPlay({ seed: `sp-kinds-${i}`, players: 2 + (i % 4), options: ['mini-expansion-1'] });
      for (const r of game.rows) kinds.add(r.kind);
      for (const f of Object.values(game.state.factions)) {
        strongholds += f!.buildings.SH;
        temples += f!.buildings.TE;
      }
      towns += game.rows.filter((r) => r.kind === 'town').length;
    }
    for (const k of ['build', 'upgrade', 'transform', 'send', 'advance', 'action', 'special', 'convert', 'burn'])
      expect(kinds).toContain(k);
    for (const k of ['pass', 'leech', 'decline', 'favor']) expect(kinds).toContain(k);
    expect(strongholds).toBeGreaterThan(3);
    expect(temples).toBeGreaterThan(3);
    expect(towns).toBeGreaterThan(0);
  });

  it('the free policy writes rows no button makes, and the game still finishes and replays from its log', () => {
    let mixed = 0;
    let split = 0;
    let done = 0;
    let setUpBurns = 0;
    for (let i = 0; i < 6; i++) {
      const options = i % 2 ? (['fire-and-ice-factions/ice', 'fire-and-ice-factions/volcano'] as const) : [];
      const game = selfPlay({ seed: `sp-free-${i}`, players: 2 + (i % 4), options: [...options], policy: 'free' });
      expect(game.state.finished).toBe(true);
      const replayed = replayLog(parseGameLog(rawLog(game)));
      expect(replayed.error).toBeNull();
      for (const f of game.factions) expect(replayed.state!.factions[f]!.VP).toBe(game.state.factions[f]!.VP);
      const rows = [...game.afterPick.flat(), ...game.rows];
      for (const [k, r] of rows.entries()) {
        const parts = r.text.split('. ');
        const free = parts.filter((p) => /^(burn|convert) /.test(p)).length;
        if (free > 0 && free < parts.length) mixed++;
        if (r.text === 'done') done++;
        if (/^burn /.test(r.text) && /\bbuild|\bpass|pick-color/.test(r.text)) setUpBurns++;
        // The same faction's next row goes on with the same move (a row split in two).
        if (k > 0 && rows[k - 1]!.faction === r.faction && r.kind === rows[k - 1]!.kind && r.kind !== 'convert')
          split++;
      }
    }
    expect(mixed).toBeGreaterThan(10);
    expect(split).toBeGreaterThan(0);
    expect(done).toBeGreaterThan(0);
    expect(setUpBurns).toBeGreaterThan(0);
  });

  it('plays the faction auction (docs/rulings.md §3): bids, then picks in naming order, to a finished game that replays', () => {
    for (const players of [2, 3, 4, 5]) {
      const options = ['faction-auction', ...(players % 2 ? (['starting-vp-2017'] as const) : [])] as const;
      const game = selfPlay({ seed: `sp-auction-${players}`, players, options: [...options] });
      expect(game.state.finished).toBe(true);
      expect(game.bids.length).toBeGreaterThanOrEqual(players);
      expect(game.factions).toEqual(game.state.auction!.lots.map((l) => l.faction));
      for (const lot of game.state.auction!.lots)
        expect(game.state.factions[lot.faction]!.vpSources.auction ?? 0).toBe(lot.bid ? -lot.bid : 0);
      const log = rawLog(game);
      expect(log).toContain(`\n${game.bids[0]}\n`);
      const replayed = replayLog(parseGameLog(log));
      expect(replayed.error).toBeNull();
      for (const f of game.factions) expect(replayed.state!.factions[f]!.VP).toBe(game.state.factions[f]!.VP);
    }
  });

  it('plays the special landscapes (docs/rulings.md §1): landscapes are placed, the game finishes and replays', () => {
    let placed = 0;
    for (const players of [2, 3, 4, 5]) {
      const game = selfPlay({ seed: `sp-landscapes-${players}`, players, options: ['special-landscapes'] });
      expect(game.state.finished).toBe(true);
      const here = Object.values(game.state.hexes).filter((h) => h.landscape);
      // One per faction at most (SL-G1), each on a hex its owner lists.
      expect(new Set(here.map((h) => h.owner)).size).toBe(here.length);
      for (const f of game.factions) {
        const at = game.state.factions[f]!.landscape;
        if (at) expect(game.state.hexes[at]!.owner).toBe(f);
      }
      placed += here.length;
      const replayed = replayLog(parseGameLog(rawLog(game)));
      expect(replayed.error).toBeNull();
      for (const f of game.factions) expect(replayed.state!.factions[f]!.VP).toBe(game.state.factions[f]!.VP);
    }
    expect(placed).toBeGreaterThan(3);
  });
});
