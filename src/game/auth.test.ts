import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, driveCorpus, errorOf, value } from './test-helpers.ts';

async function game() {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const { game, users } = await driveCorpus(service, '4pLeague_S60_D1L1_G1.txt', 14);
  return { repo, service, gameId: game.id, users };
}

describe('authorization', () => {
  it('a player acts only for their own seat', async () => {
    const { repo, service, gameId, users } = await game();
    const { version } = (await repo.getGame(gameId))!;
    // The nomads are to move; the darklings' player cannot make their move.
    expect(
      errorOf(await service.play(caller(users.get('darklings')!, 'corpus'), gameId, version, 'dig 1. build E3')),
    ).toEqual({
      code: 'not_your_turn',
      params: { waitingFor: 'nomads' },
    });
    expect(errorOf(await service.preview(caller('stranger', 'corpus'), gameId, 'dig 1. build E3')).code).toBe(
      'not_seated',
    );
    expect(errorOf(await service.play(caller('stranger', 'corpus'), gameId, version, 'dig 1. build E3')).code).toBe(
      'not_seated',
    );
  });

  it('a game in one channel cannot be touched from another channel or server', async () => {
    const { repo, service, gameId, users } = await game();
    const { version } = (await repo.getGame(gameId))!;
    const nomads = users.get('nomads')!;
    const elsewhere = [caller(nomads, 'other-channel'), { ...caller(nomads, 'corpus'), guildId: 'other-guild' }];
    for (const c of elsewhere) {
      const wrong = { code: 'wrong_channel', params: { gameId } };
      expect(errorOf(await service.getGame(c, gameId))).toEqual(wrong);
      expect(errorOf(await service.preview(c, gameId, 'dig 1. build E3'))).toEqual(wrong);
      expect(errorOf(await service.play(c, gameId, version, 'dig 1. build E3'))).toEqual(wrong);
      expect(errorOf(await service.undo(c, gameId, version))).toEqual(wrong);
      expect(errorOf(await service.resign(c, gameId, version))).toEqual(wrong);
      expect(errorOf(await service.abandon({ ...c, isServerManager: true }, gameId))).toEqual(wrong);
      expect(errorOf(await service.exportMoveList(c, gameId))).toEqual(wrong);
    }
    expect((await repo.getGame(gameId))!.version).toBe(version);
  });

  it('only the game admin or a server manager moderates', async () => {
    const { repo, service, gameId, users } = await game();
    const { version } = (await repo.getGame(gameId))!;
    const player = caller(users.get('mermaids')!, 'corpus');
    const adminOnly = { code: 'admin_only', params: {} };
    expect(errorOf(await service.dropPlayer(player, gameId, version, 1))).toEqual(adminOnly);
    expect(errorOf(await service.replacePlayer(player, gameId, version, 1, 'x'))).toEqual(adminOnly);
    expect(errorOf(await service.abandon(player, gameId))).toEqual(adminOnly);
    expect(errorOf(await service.setMoveTimer(player, gameId, 24))).toEqual(adminOnly);
    const manager = caller('moderator', 'corpus', { isServerManager: true });
    expect(value(await service.setMoveTimer(manager, gameId, 24)).settings.moveTimerHours).toBe(24);
  });

  it('unknown games are reported as such', async () => {
    const service = new GameService(new MemoryGameRepo());
    expect(errorOf(await service.getGame(caller('a'), 'nope'))).toEqual({
      code: 'game_not_found',
      params: { gameId: 'nope' },
    });
  });
});
