/**
 * The probe's own side (npm run probe), which needs no reference engine: positions read from the fixtures
 * and from self-play, candidate rows of every grammar form, our engine's answers, the comparison of two
 * engines' numbers, and the check that an accepted row is reached by legalMoves' offers. The reference side
 * runs outside CI (docs/engine.md, "The row probe").
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GameState, legalMoves, seededRandom, whoMustAct } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { candidatesFor } from '../../src/tools/probe/candidates.ts';
import { deliberate, deliberateDifference } from '../../src/tools/probe/deliberate.ts';
import { answer, importPrefix, splitRow } from '../../src/tools/probe/ours.ts';
import { fixtureGames, positionsOf, selfPlayGame } from '../../src/tools/probe/positions.ts';
import { notOfferedByDesign, reachedByOffers } from '../../src/tools/probe/reach.ts';
import { differences } from '../../src/tools/probe/summary.ts';

const REPO = resolve(import.meta.dirname, '..', '..');

describe('the probe without the reference', () => {
  const rand = seededRandom('probe-test');
  const games = [fixtureGames(REPO)[0]!, selfPlayGame(1, 'probe-test')];
  const positions = games.flatMap((g) => positionsOf(g, 6, rand));
  const inPlay = positions.find((x) => x.state.phase === 'play' && x.state.active && x.state.round > 0)!;

  it('reads positions of a real game and of a Fire & Ice self-play game, the set-up among them', () => {
    expect(positions.length).toBeGreaterThan(8);
    expect(positions.some((p) => p.state.round === 0)).toBe(true);
    expect(games[1]!.header.some((h) => h.startsWith('option fire-and-ice'))).toBe(true);
    // Each position's next row is the record's own, by a faction of the game.
    for (const p of positions.filter((x) => x.next && splitRow(x.next)))
      expect(Object.keys(p.state.factions)).toContain(splitRow(p.next!)!.faction);
  });

  it('asks rows of every command form, and our engine answers each, taking some and refusing others', () => {
    const forms = new Set<string>();
    let accepted = 0;
    let refused = 0;
    for (const p of positions) {
      for (const c of candidatesFor(p.state, p.next, rand, 80)) {
        forms.add(c.form.split(':')[0]!);
        const ours = answer(p.state, c.rows);
        if (ours.error === null) {
          accepted++;
          expect(ours.summary, c.rows.join(' | ')).toBeDefined();
        } else refused++;
      }
    }
    for (const form of ['build', 'upgrade', 'transform', 'convert', 'burn', 'pass', 'action', 'chain', 'offer', 'next'])
      expect(forms, form).toContain(form);
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it('refuses what is not a row, and tells a rule refusal by its code', () => {
    const f = inPlay.state.active!;
    expect(answer(inPlay.state, ['nobody: pass']).error).toMatch(/not a faction's row/);
    expect(answer(inPlay.state, [`${f}: fly to the moon`]).error).toBeTruthy();
    const tooMuch = answer(inPlay.state, [`${f}: convert 99W to 99C`]);
    expect(tooMuch.error).toBeTruthy();
    expect(tooMuch.code).toBeTruthy();
  });

  it('finds every offered move reached by offers, and none of them left out by design', () => {
    const f = inPlay.state.active!;
    const moves = legalMoves(inPlay.state, f);
    expect(moves.length).toBeGreaterThan(3);
    for (const m of moves.slice(0, 15)) {
      const row = `${f}: ${formatCommands(m.commands)}`;
      const ours = answer(inPlay.state, [row]);
      expect(ours.error, row).toBeNull();
      expect(reachedByOffers(inPlay.state, [row]), row).toBe(true);
      expect(notOfferedByDesign(inPlay.state, [row], ours.state!)).toBeNull();
    }
  });

  it('finds a set-up burn accepted but out of reach of the offers, and says it is left out by design', () => {
    const p = positions.find((x) => x.state.round === 0 && x.state.phase !== 'play' && whoMustAct(x.state).length)!;
    const found = whoMustAct(p.state).flatMap((f) =>
      legalMoves(p.state, f)
        .filter(() => p.state.factions[f]!.P2 >= 2)
        .map((m) => `${f}: burn 1. ${formatCommands(m.commands)}`),
    );
    expect(found.length).toBeGreaterThan(0);
    const row = found[0]!;
    const ours = answer(p.state, [row]);
    expect(ours.error, row).toBeNull();
    expect(reachedByOffers(p.state, [row]), row).toBe(false);
    expect(notOfferedByDesign(p.state, [row], ours.state!)).toBe('a burn during the set-up');
  });

  it('tells where two engines differ, faction by faction and on the board, and nothing when they agree', () => {
    const f = inPlay.state.active!;
    const row = `${f}: ${formatCommands(legalMoves(inPlay.state, f).find((m) => m.kind !== 'pass')!.commands)}`;
    const after = answer(inPlay.state, [row]).summary!;
    const before = answer(inPlay.state, []).summary!;
    expect(differences(after, structuredClone(after))).toEqual([]);
    const diff = differences(before, after);
    expect(diff.length, row).toBeGreaterThan(0);
    expect(diff.some((d) => d.includes('(reference'))).toBe(true);
    const moreCoins = structuredClone(after);
    (moreCoins.factions[f] as { C: number }).C += 2;
    expect(differences(after, moreCoins)).toEqual([
      `${f} C ${after.factions[f]!.C} (reference ${after.factions[f]!.C + 2})`,
    ]);
  });

  it("names a record's refusal by its own rule code, and a deliberate refusal whatever the row's form", () => {
    const log = readFileSync(
      join(REPO, 'test/fixtures/deliberate/riverwalkers-setup-unlock-given-up.log'),
      'utf8',
    ).trimEnd();
    const read = importPrefix([...log.split('\n'), 'giants: pass BON1']);
    expect('error' in read && read.code).toBe('notYourTurn');
    // The held-for-the-turn rule (version 9) refuses a `wait` as it refuses a decline or an action.
    for (const row of ['swarmlings: wait', 'witches: decline', 'cultists: action ACT1'])
      expect(deliberate('freeBuildingFirst', [row], inPlay.state), row).toMatch(/free building/);
    expect(deliberate(undefined, ['swarmlings: wait'], inPlay.state)).toBeUndefined();
    expect(deliberate('gameOver', ['giants: -SPADE', 'giants: burn 1'], inPlay.state)).toMatch(/live game is over/);
  });

  it('names an unlock given up, where the reference waits for one for good, a deliberate difference', () => {
    const rows = ['riverwalkers: -UNLOCK_TERRAIN'];
    const waiting = { factions: {}, hexes: {}, bridges: [], round: 0, finished: false, active: null };
    expect(
      deliberateDifference(rows, { error: null, state: { ...waiting, waiting: ['unlock-terrain riverwalkers'] } }),
    ).toMatch(/unlock given up/);
    expect(deliberateDifference(rows, { error: null, state: { ...waiting, waiting: [] } })).toBeUndefined();
    expect(
      deliberateDifference(['riverwalkers: convert 1W to 1C'], {
        error: null,
        state: { ...waiting, waiting: ['unlock-terrain riverwalkers'] },
      }),
    ).toBeUndefined();
  });

  it('finds a row reached when the offered move, closing the turn, already reaches the end of the row', () => {
    const log = readFileSync(join(REPO, 'test/fixtures/deliberate/darklings-round-end-prefix.log'), 'utf8');
    const read = importPrefix(log.trimEnd().split('\n'));
    if ('error' in read) throw new Error(read.error);
    expect(offered(read.state)).toContain('transform C2 to red');
    expect(reachedByOffers(read.state, ['darklings: transform C2 to red. done'])).toBe(true);
    expect(reachedByOffers(read.state, ['darklings: transform C2 to red'])).toBe(true);
  });

  it('names a conversion after the row whose close ended the round a deliberate refusal, and nothing else', () => {
    const log = readFileSync(join(REPO, 'test/fixtures/deliberate/darklings-round-end-prefix.log'), 'utf8');
    const read = importPrefix(log.trimEnd().split('\n'));
    if ('error' in read) throw new Error(read.error);
    const ended = ['darklings: transform C2 to red', 'darklings: convert 1PW to 1C'];
    expect(answer(read.state, ended)).toMatchObject({ code: 'notYourTurn' });
    expect(deliberate('notYourTurn', ended, read.state)).toMatch(/ended the round/);
    // Not an action after the round's end, nor a conversion while the round goes on.
    expect(
      deliberate('notYourTurn', ['darklings: transform C2 to red', 'darklings: upgrade E6 to TE'], read.state),
    ).toBeUndefined();
    expect(deliberate('notYourTurn', ['darklings: convert 1PW to 1C'], read.state)).toBeUndefined();
  });
});

function offered(state: GameState): string[] {
  return legalMoves(state, 'darklings').map((m) => formatCommands(m.commands));
}
