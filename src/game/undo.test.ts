import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, driveCorpus, errorOf, playAs, s60AfterFourteenMoves, value } from './test-helpers.ts';

const game = s60AfterFourteenMoves;

describe('undo', () => {
  it('takes back your own last line at once while nobody acted after it, and records it', async () => {
    const { repo, service, gameId, as, version, log } = await game();
    const before = await log();
    const played = value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    const undone = value(await service.undo(as('nomads'), gameId, await version()));
    expect(undone.kind).toBe('undone');
    if (undone.kind !== 'undone') return;
    expect(await log()).toEqual(before);
    expect(undone.waitingFor.map((w) => w.faction)).toEqual(['nomads']);
    expect(undone.undo).toMatchObject({
      fromSeq: played.moves[0]!.seq,
      toSeq: played.moves[0]!.seq,
      requestedBy: as('nomads').userId,
      reason: 'own move',
    });
    expect(await repo.listUndoRecords(gameId)).toHaveLength(1);
    // The state is the one before the move: it can be played again.
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
  });

  it('hands back the game after it as the store now holds it, so the bot need not read it again', async () => {
    const { service, gameId, as, version } = await game();
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    const undone = value(await service.undo(as('nomads'), gameId, await version()));
    if (undone.kind !== 'undone') throw new Error('not undone');
    const read = value(await service.getGame(as('nomads'), gameId));
    expect(undone.view.game).toEqual(read.game);
    expect(undone.view.moves).toEqual(read.moves);
    expect(undone.view.state).toEqual(read.state);
    expect(undone.view.unannounced).toEqual(read.unannounced);
    expect(undone.view.waitingFor).toEqual(read.waitingFor);
  });

  it('takes automatic answers back with the line that caused them', async () => {
    const { service, gameId, as, version, log } = await game();
    value(await service.setLeechRules(as('mermaids'), gameId, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
    const before = await log();
    const played = value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    expect(played.moves).toHaveLength(2);
    expect(value(await service.undo(as('nomads'), gameId, await version())).kind).toBe('undone');
    expect(await log()).toEqual(before);
  });

  it('needs every other player once someone acted after the move', async () => {
    const { repo, service, gameId, as, version, log } = await game();
    const before = await log();
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    value(await playAs(service, gameId, as('mermaids').userId, 'leech 1 from nomads', 'corpus'));
    const asked = value(await service.undo(as('nomads'), gameId, await version()));
    expect(asked).toMatchObject({ kind: 'requested', request: { keepThroughSeq: before.length, approvedBy: [] } });
    if (asked.kind !== 'requested') return;
    expect(asked.missing.sort()).toEqual(
      [as('darklings').userId, as('mermaids').userId, as('engineers').userId].sort(),
    );
    expect(errorOf(await service.approveUndo(caller('stranger', 'corpus'), gameId)).code).toBe('not_seated');
    expect(value(await service.approveUndo(as('mermaids'), gameId))).toMatchObject({
      kind: 'requested',
      missing: expect.any(Array),
    });
    expect(value(await service.approveUndo(as('engineers'), gameId)).kind).toBe('requested');
    expect((await log()).length).toBe(before.length + 2);
    const done = value(await service.approveUndo(as('darklings'), gameId));
    expect(done.kind).toBe('undone');
    expect(await log()).toEqual(before);
    const [record] = await repo.listUndoRecords(gameId);
    expect(record!.approvedBy.sort()).toEqual(
      [as('darklings').userId, as('mermaids').userId, as('engineers').userId].sort(),
    );
    expect(record!.moves.map((m) => m.text)).toEqual(['dig 1. build E3', 'leech 1 from nomads']);
  });

  it('does not let a player roll back the others without their consent', async () => {
    const { service, gameId, as, version, log } = await game();
    const before = await log();
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    const asked = value(await service.undo(as('mermaids'), gameId, await version(), before.length));
    expect(asked.kind).toBe('requested');
    expect((await log()).length).toBe(before.length + 1);
    expect(errorOf(await service.undo(caller('stranger', 'corpus'), gameId, await version())).code).toBe('not_seated');
  });

  it('voids a request once the game moves on, and lets any player turn one down', async () => {
    const { service, gameId, as, version } = await game();
    value(await service.undo(as('mermaids'), gameId, await version(), 3));
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    expect(errorOf(await service.approveUndo(as('engineers'), gameId)).code).toBe('no_undo_request');
    value(await service.undo(as('mermaids'), gameId, await version(), 3));
    value(await service.rejectUndo(as('engineers'), gameId));
    expect(errorOf(await service.approveUndo(as('nomads'), gameId)).code).toBe('no_undo_request');
  });

  it('lets the game admin or a server manager undo anything at once', async () => {
    const { service, gameId, as, version, log } = await game();
    const before = await log();
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    value(await playAs(service, gameId, as('mermaids').userId, 'leech 1 from nomads', 'corpus'));
    const byCreator = value(await service.undo(as('darklings'), gameId, await version(), before.length + 1));
    expect(byCreator).toMatchObject({ kind: 'undone', undo: { reason: 'admin' } });
    expect(await log()).toEqual([...before, 'dig 1. build E3']);
    const manager = caller('moderator', 'corpus', { isServerManager: true });
    expect(value(await service.undo(manager, gameId, await version(), 10)).kind).toBe('undone');
    expect(await log()).toEqual(before.slice(0, 10));
    expect(errorOf(await service.undo(manager, gameId, await version(), 10)).code).toBe('nothing_to_undo');
  });

  it('refuses a stale version and an empty undo', async () => {
    const { service, gameId, as, version } = await game();
    expect(errorOf(await service.undo(as('nomads'), gameId, (await version()) - 1)).code).toBe('stale_version');
    const fresh = new GameService(new MemoryGameRepo());
    const g = value(await fresh.createGame(caller('a')));
    value(await fresh.join(caller('b'), g.id));
    const started = value(await fresh.start(caller('a'), g.id, new Date()));
    expect(errorOf(await fresh.undo(caller('b'), g.id, started.version)).code).toBe('nothing_to_undo');
  });
});

describe('undo of a finished game', () => {
  /** 4pLeague_S60_D1L1_G1 played to its end in channel `corpus`; its first player (user-1) created it. */
  async function finished() {
    const repo = new MemoryGameRepo();
    const service = new GameService(repo);
    const { game } = await driveCorpus(service, '4pLeague_S60_D1L1_G1.txt');
    const admin = caller('user-1', 'corpus');
    const view = value(await service.getGame(admin, game.id));
    return { repo, service, gameId: game.id, admin, view };
  }

  it('is the game admin’s: it takes the game back into play, its result withdrawn until it ends again', async () => {
    const { repo, service, gameId, admin, view } = await finished();
    expect(view.game.status).toBe('finished');
    const result = repo.storedResults().find((r) => r.gameId === gameId)!;
    expect(result).toBeDefined();
    const last = view.moves.at(-1)!;
    const player = caller(last.userId!, 'corpus');
    expect(errorOf(await service.undo(player, gameId, view.game.version)).code).toBe('admin_only');
    expect(value(await service.findUndoableInChannel(admin))?.game.id).toBe(gameId);

    // A server manager, seated nowhere, takes back the game's last row.
    const manager = caller('moderator', 'corpus', { isServerManager: true });
    expect(value(await service.planUndo(manager, gameId))).toMatchObject({
      mode: 'admin',
      keepThroughSeq: last.seq - 1,
    });
    const undone = value(await service.undo(manager, gameId, view.game.version));
    if (undone.kind !== 'undone') throw new Error('not undone');
    expect(undone.game.status).toBe('active');
    expect(undone.view.unannounced.at(-1)?.announcement).toMatchObject({ kind: 'undone', count: 1, reopened: true });
    expect(undone.waitingFor.map((w) => w.userId)).toEqual([last.userId]);
    expect(repo.storedResults().filter((r) => r.gameId === gameId)).toEqual([]);
    // The game is the channel's live one again, as read afresh.
    expect(value(await service.findGameInChannel(admin))?.game).toEqual(undone.view.game);

    // Played to its end again, it has its result again.
    value(await playAs(service, gameId, last.userId!, last.text, 'corpus'));
    expect(value(await service.getGame(admin, gameId)).game.status).toBe('finished');
    const again = repo.storedResults().find((r) => r.gameId === gameId)!;
    expect({ ...again, finishedAt: result.finishedAt }).toEqual(result);
  });

  it('is refused while another game holds the channel, and nothing changes', async () => {
    const { repo, service, gameId, admin, view } = await finished();
    value(await service.createGame(caller('someone', 'corpus')));
    expect(value(await service.findUndoableInChannel(admin))?.game.id).not.toBe(gameId);
    expect(errorOf(await service.undo(admin, gameId, view.game.version, view.moves.length - 1)).code).toBe(
      'channel_busy',
    );
    const after = value(await service.getGame(admin, gameId));
    expect(after.game).toEqual(view.game);
    expect(after.moves).toEqual(view.moves);
    expect(repo.storedResults().map((r) => r.gameId)).toContain(gameId);
  });
});
