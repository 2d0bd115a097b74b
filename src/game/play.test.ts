import { describe, expect, it } from 'vitest';
import { headerFinalVp, readCorpus } from '../../test/corpus.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, driveCorpus, errorOf, playAs, startedGame, value } from './test-helpers.ts';

describe('a whole corpus game played through the service', () => {
  it('reaches the recorded final VP, seat by seat, line by line', async () => {
    const file = '4pLeague_S60_D1L1_G1.txt';
    const service = new GameService(new MemoryGameRepo());
    const { game, users } = await driveCorpus(service, file);
    const view = value(await service.getGame(caller('user-1', 'corpus'), game.id));
    expect(view.game.status).toBe('finished');
    const final = new Map(Object.values(view.state!.factions).map((f) => [f!.name as string, f!.VP]));
    expect(final).toEqual(headerFinalVp(readCorpus(file)));
    expect(view.waitingFor).toEqual([]);
    expect(users.size).toBe(4);
  });
});
