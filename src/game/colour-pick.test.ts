// A Fire & Ice colour pick through the service: the game waits for the picker before the next seat
// chooses, the pick is a move of the log, and the factions it blocks are not offered.
import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, playAs, startedGame, value } from './test-helpers.ts';

describe('colour pick at faction selection', () => {
  it('waits for the Ice Maidens’ colour and favour tile, then offers the factions left', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b'], { options: ['fire-and-ice-factions/ice'] });
    value(await service.chooseFaction(caller('a'), game.id, 'icemaidens'));
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.factionPick).toBeNull();
    expect(view.waitingFor.map((w) => w.faction)).toEqual(['icemaidens']);

    value(await playAs(service, game.id, 'a', 'pick-color red. +FAV11'));
    view = value(await service.getGame(caller('b'), game.id));
    expect(view.factionPick).toMatchObject({ position: 1, userId: 'b' });
    expect(view.factionPick!.available).toContain('witches');
    // Red is the Ice Maidens' now, and one ice faction is all a game has.
    for (const blocked of ['giants', 'chaosmagicians', 'yetis'])
      expect(view.factionPick!.available).not.toContain(blocked);

    value(await service.chooseFaction(caller('b'), game.id, 'witches'));
    view = value(await service.getGame(caller('a'), game.id));
    expect(view.state!.phase).toBe('initial-dwellings');
    expect(view.waitingFor.map((w) => w.faction)).toEqual(['icemaidens']);
  });
});
