// The decisions a seat faces, answered as data: a legal move by its index at a position, a power offer by
// what it is. The service makes the notation; the log reads as if the line had been typed.
import { describe, expect, it } from 'vitest';
import { formatCommands } from '../notation/format.ts';
import { legalMovesAt, owedChoice } from './decisions.ts';
import { errorOf, s60AfterFourteenMoves, value } from './test-helpers.ts';

describe('decisions', () => {
  it('play the legal move an index names at its position, and refuse it once the game moved on', async () => {
    const { service, gameId, as, log } = await s60AfterFourteenMoves();
    const view = value(await service.getGame(as('nomads'), gameId));
    const moves = legalMovesAt(view, view.state!, 'nomads');
    const index = moves.findIndex((m) => m.kind === 'build');
    expect(index).toBeGreaterThanOrEqual(0);
    const line = formatCommands(moves[index]!.commands);
    const choice = { version: view.positionVersion, faction: 'nomads' as const, index };
    // Another seat cannot play the nomads' index, nor an index past the list.
    expect(errorOf(await service.playMove(as('mermaids'), view, choice)).code).toBe('no_such_move');
    expect(errorOf(await service.playMove(as('nomads'), view, { ...choice, index: moves.length })).code).toBe(
      'no_such_move',
    );
    const played = value(await service.playMove(as('nomads'), view, choice));
    expect(played.text).toBe(line);
    expect((await log()).at(-1)).toBe(line);
    // The same index read before that move names nothing now.
    const after = value(await service.getGame(as('mermaids'), gameId));
    const stale = await service.playMove(as('mermaids'), after, { ...choice, faction: 'mermaids' });
    expect(errorOf(stale).code).toBe('position_moved');
    expect((await log()).at(-1)).toBe(line);
  });

  it('carry the open power offers in the view and answer one as a line of the log', async () => {
    const { service, gameId, as, version, log } = await s60AfterFourteenMoves();
    value(await service.play(as('nomads'), gameId, await version(), 'dig 1. build E3'));
    const view = value(await service.getGame(as('mermaids'), gameId));
    expect(view.offers).toEqual([
      expect.objectContaining({ faction: 'mermaids', from: 'nomads', amount: 1, actual: 1, vpCost: 0, coins: 0 }),
    ]);
    // The offer holder's legal moves include its answers, but they are not a choice it owes.
    expect(owedChoice(legalMovesAt(view, view.state!, 'mermaids'))).toBeNull();
    const answered = value(await service.answerOffer(as('mermaids'), view, { amount: 1, from: 'nomads' }, 'decline'));
    expect(answered.text).toBe('decline 1 from nomads');
    expect((await log()).at(-1)).toBe('decline 1 from nomads');
    expect(answered.view.offers).toEqual([]);
    // Answered already: the rules refuse a second answer, and nothing is stored.
    const again = await service.answerOffer(as('mermaids'), answered.view, { amount: 1, from: 'nomads' }, 'accept');
    expect(errorOf(again).code).toBe('rule_error');
    expect((await log()).at(-1)).toBe('decline 1 from nomads');
  });
});
