/**
 * The AI player: every decision is one of the engine's legal moves, whole games end, the same seed plays
 * the same game, and the reasons it gives agree with what its line does.
 */
import { describe, expect, it } from 'vitest';
import {
  type FactionId,
  type GameState,
  apply,
  legalMoves,
  newGame,
  play,
  randomSetup,
} from '../../src/engine/index.ts';
import { playArenaGame, summarize } from '../../src/ai/arena.ts';
import { decide, rankMoves } from '../../src/ai/index.ts';
import { levelOf } from '../../src/ai/levels.ts';
import { decideSeat } from '../../src/ai/seat.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { RULES_PRESETS } from '../../src/game/presets.ts';
import { nextToMove, tableOf } from '../support/ai-games.ts';

const STANDARD = [...RULES_PRESETS.standard];

/** A game played by the AI move by move, with every decision checked against legalMoves. */
function playChecked(seed: string, factions: FactionId[], level: 'easy' | 'normal', stopAfter = Infinity) {
  let state = tableOf(seed, factions);
  const moves: string[] = [];
  const positions: GameState[] = [];
  for (let n = 0; !state.finished && n < stopAfter; n++) {
    const who = nextToMove(state);
    const d = decide(state, who, { level, seed });
    const legal = legalMoves(state, who).map((m) => formatCommands(m.commands));
    expect(legal).toContain(formatCommands(d.move.commands));
    positions.push(state);
    moves.push(`${who}: ${formatCommands(d.move.commands)}`);
    const r = play(state, who, d.move.commands);
    if (!r.ok) throw r.error;
    state = r.value.state;
  }
  return { state, moves, positions };
}

describe('decide', () => {
  it('plays a whole game with legal moves only, and the same seed plays it again', () => {
    const first = playChecked('ai-test-1', ['witches', 'halflings', 'engineers'], 'easy');
    expect(first.state.finished).toBe(true);
    const again = playChecked('ai-test-1', ['witches', 'halflings', 'engineers'], 'easy');
    expect(again.moves).toEqual(first.moves);
    // The move that ended the game names the final scoring it set off, apart from the pass's own VP.
    const last = first.positions.at(-1)!;
    const who = nextToMove(last);
    const ending = decide(last, who, { level: 'easy', seed: 'ai-test-1' });
    const vp = ending.reasons.flatMap((r) => (r.kind === 'vp' ? [r] : []));
    expect(vp.map((r) => r.source)).toContain('final-scoring');
    expect(vp.map((r) => r.source)).not.toContain('other');
    expect(vp.reduce((a, r) => a + r.vp, 0)).toBe(first.state.factions[who]!.VP - last.factions[who]!.VP);
  });

  it('gives reasons that add up to the VP its line earns', () => {
    // The positions come from easy's quicker play; the reasons checked are normal's.
    const { positions } = playChecked('ai-test-2', ['nomads', 'darklings', 'mermaids', 'giants'], 'easy', 160);
    let checked = 0;
    for (const state of positions.filter((s) => s.phase === 'play' && s.active).slice(-40)) {
      const me = state.active!;
      const d = decide(state, me, { level: 'normal', seed: 'reasons' });
      let after = state;
      for (const m of d.line) {
        const r = apply(after, me, m.commands);
        if (!r.ok) break;
        after = r.value.state;
      }
      const earned = d.reasons.flatMap((r) => (r.kind === 'vp' ? [r.vp] : [])).reduce((a, b) => a + b, 0);
      const leeches = d.reasons.flatMap((r) => (r.kind === 'power-taken' ? [r.vp] : [])).reduce((a, b) => a + b, 0);
      expect(earned - leeches, d.line.map((m) => formatCommands(m.commands)).join(' / ')).toBe(
        after.factions[me]!.VP - state.factions[me]!.VP,
      );
      for (const r of d.reasons) if (r.kind === 'power-offered') expect(r.to).not.toBe(me);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("bounds what easy looks at in a decision: a sample of the turn's actions or an owed choice's answers, few follow-ups", () => {
    const easy = levelOf('easy');
    const { positions } = playChecked('ai-test-3', ['mermaids', 'cultists', 'engineers'], 'easy', 260);
    let capped = 0;
    for (const state of positions) {
      const me = nextToMove(state);
      const ranked = rankMoves(state, me, { level: 'easy', seed: 'cap' });
      expect(ranked.filter((r) => r.move.kind !== 'pass').length).toBeLessThanOrEqual(easy.sample);
      // Each follow-up played on compared at least one answer, out of the decision's budget.
      const followUps = ranked.map((r) => r.played.followUps.length);
      const turn = state.phase === 'play' && state.active === me && state.factions[me]!.allowedActions > 0;
      for (const n of followUps) expect(n).toBeLessThanOrEqual(turn ? easy.followUps.line : easy.followUps.owed);
      expect(followUps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(easy.followUps.budget);
      const options = legalMoves(state, me).filter((m) => !['pass', 'convert', 'burn'].includes(m.kind));
      if (options.length > easy.sample) capped++;
    }
    expect(capped).toBeGreaterThan(5);
  });
});

describe('the arena', () => {
  it('finishes games with every option, landscape and Fire & Ice faction, the auction and AI picks', () => {
    const options = [
      ...STANDARD,
      'fire-and-ice-factions/ice',
      'fire-and-ice-factions/volcano',
      'fire-and-ice-factions/variable_v5',
      'fire-and-ice-final-scoring',
      'special-landscapes',
    ] as const;
    const results = [
      playArenaGame({
        seed: 'arena-test-1',
        levels: ['easy', 'easy', 'easy'],
        options: [...options, 'faction-auction'],
      }),
      playArenaGame({ seed: 'arena-test-2', levels: ['easy', 'easy'], options: [...options], aiPicks: true }),
      playArenaGame({
        seed: 'arena-test-3',
        levels: ['easy', 'easy', 'easy', 'easy', 'easy'],
        options: [...options],
        factions: ['riverwalkers', 'dragonlords', 'icemaidens', 'engineers', 'swarmlings'],
      }),
    ];
    const summary = summarize(results);
    expect(summary.failures).toEqual([]);
    expect(summary.finished).toBe(3);
    expect(summary.refused).toBe(0);
    expect(results.flatMap((r) => r.seats).length).toBe(10);
    for (const f of ['riverwalkers', 'dragonlords', 'icemaidens', 'engineers', 'swarmlings'] as const)
      expect(summary.byFaction[f]?.games).toBeGreaterThan(0);
  });
});

describe('decideSeat', () => {
  it('bids in the auction until every seat holds a faction, with bids the engine takes', () => {
    let state = newGame(randomSetup('auction', ['a', 'b', 'c', 'd'], [...STANDARD, 'faction-auction']));
    for (let n = 0; state.phase === 'select-factions' && state.auction?.bidder !== null; n++) {
      expect(n).toBeLessThan(200);
      const seat = state.auction!.bidder!;
      const d = decideSeat(state, seat, { level: 'normal', seed: 'auction' });
      expect(d?.kind).toBe('bid');
      if (d?.kind !== 'bid') return;
      const r = apply(state, null, [{ type: 'bid', faction: d.faction, amount: d.amount }]);
      if (!r.ok) throw r.error;
      state = r.value.state;
    }
    expect(state.auction!.lots.length).toBe(4);
  });
});
