// The outbox as the service fills it: each change is stored with what its channel must be told, in the
// same write; a refused change leaves nothing to announce.
import { describe, expect, it } from 'vitest';
import { faultyRepo } from '../../test/support/faulty-repo.ts';
import { type Announcement, readAnnouncement } from './announcements.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { T0, caller, errorOf, s60AfterFourteenMoves, startedGame, value } from './test-helpers.ts';

async function said(service: GameService, gameId: string): Promise<(Announcement | null)[]> {
  return (await service.outbox(gameId))!.pending.map((p) => p.announcement);
}

describe('announcements recorded with each change', () => {
  it('tell the lobby and the start: created, joined, left, started, a faction picked, abandoned', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(await service.createGame(caller('a'), { maxPlayers: 3, seatOrder: 'joined' }));
    value(await service.join(caller('b'), game.id));
    value(await service.join(caller('c'), game.id));
    value(await service.leave(caller('c'), game.id));
    value(await service.start(caller('a'), game.id, T0));
    value(await service.chooseFaction(caller('a'), game.id, 'witches'));
    value(await service.abandon(caller('a'), game.id));
    expect(await said(service, game.id)).toEqual([
      { kind: 'created', by: 'a', maxPlayers: 3 },
      { kind: 'joined', userId: 'b', seated: ['a', 'b'] },
      { kind: 'joined', userId: 'c', seated: ['a', 'b', 'c'] },
      { kind: 'left', userId: 'c' },
      { kind: 'started', order: ['a', 'b'] },
      // The next pick is b's: b is pinged, a (who just picked) is not.
      { kind: 'factionPicked', userId: 'a', faction: 'witches', ping: ['b'] },
      { kind: 'abandoned', by: 'a' },
    ]);
    const versions = (await service.outbox(game.id))!.pending.map((p) => p.version);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('tell a move with the automatic answers it triggered and every faction’s numbers', async () => {
    const { service, gameId, as, version, repo } = await s60AfterFourteenMoves();
    await service.markAnnounced(gameId, await version());
    // The mermaids accept 1 power automatically.
    value(await service.setLeechRules(as('mermaids'), gameId, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
    const played = value(await service.play(as('nomads'), gameId, await version(), 'dig 1. build E3'));
    const [moved] = (await service.outbox(gameId))!.pending.filter((p) => p.announcement?.kind === 'moved');
    expect(moved!.version).toBe(played.newVersion);
    expect(moved!.announcement).toMatchObject({
      kind: 'moved',
      faction: 'nomads',
      text: played.text,
      autoAnswers: [{ faction: 'mermaids', text: 'leech 1 from nomads' }],
    });
    const changed = (moved!.announcement as Extract<Announcement, { kind: 'moved' }>).changes.map((c) => c.faction);
    expect(changed).toEqual(expect.arrayContaining(['nomads', 'mermaids']));
    // A refused line adds nothing.
    const before = (await repo.listAnnouncements(gameId)).length;
    errorOf(await service.play(as('nomads'), gameId, await version(), 'build A1'));
    expect((await repo.listAnnouncements(gameId)).length).toBe(before);
  });

  it('tell an undo, a timer the admin set, a seat the move timer dropped and a resignation', async () => {
    const { service, gameId, as, version } = await s60AfterFourteenMoves();
    value(await service.play(as('nomads'), gameId, await version(), 'dig 1. build E3'));
    value(await service.undo(as('nomads'), gameId, await version()));
    value(await service.setMoveTimer(as('darklings'), gameId, 12, 'drop'));
    value(await service.timeOut(gameId, new Date(Date.now() + 13 * 3_600_000)));
    value(await service.resign(as('mermaids'), gameId, await version()));
    const kinds = (await said(service, gameId)).map((a) => a && { kind: a.kind, ...('by' in a ? { by: a.by } : {}) });
    expect(kinds.slice(-4)).toEqual([
      { kind: 'undone', by: 'user-2' },
      { kind: 'timerSet', by: 'user-1' },
      { kind: 'dropped', by: null },
      { kind: 'resigned' },
    ]);
    expect((await said(service, gameId)).find((a) => a?.kind === 'undone')).toMatchObject({ count: 1 });
  });
});

describe('a store that fails around a move', () => {
  it('confirms a move committed before the connection broke: the player’s move is kept and announced once', async () => {
    const store = faultyRepo(new MemoryGameRepo());
    const service = new GameService(store.repo);
    const game = await startedGame(service, ['a', 'b'], { factionMode: 'random' });
    const view = value(await service.getGame(caller('a'), game.id));
    const mover = view.waitingFor[0]!.userId;
    const line = value(await service.legalMoves(caller(mover), game.id))[0]!.text;
    store.fail({ method: 'appendMoves', when: 'after' });
    const played = value(await service.play(caller(mover), game.id, view.game.version, line));
    expect(played.newVersion).toBe(view.game.version + 1);
    expect((await said(service, game.id)).filter((a) => a?.kind === 'moved')).toHaveLength(1);

    store.fail({ method: 'appendMoves', when: 'before' });
    const next = value(await service.getGame(caller('a'), game.id));
    const who = next.waitingFor[0]!.userId;
    const again = value(await service.legalMoves(caller(who), game.id))[0]!.text;
    await expect(service.play(caller(who), game.id, next.game.version, again)).rejects.toThrow(/Connection/);
    expect(value(await service.getGame(caller('a'), game.id)).game.version).toBe(next.game.version);

    // Committed, and the store then cannot even be read: nobody can tell yet, and the player is told so.
    store.fail({ method: 'appendMoves', when: 'after' });
    store.fail({ method: 'loadGame', when: 'before', skip: 1 });
    expect(errorOf(await service.play(caller(who), game.id, next.game.version, again)).code).toBe('store_uncertain');
    expect(value(await service.getGame(caller('a'), game.id)).game.version).toBe(next.game.version + 1);
    expect((await said(service, game.id)).filter((a) => a?.kind === 'moved')).toHaveLength(2);
  });
});

describe('a game whose stored data no longer reads', () => {
  it('is refused as unreadable, and its admin can still abandon it', async () => {
    const repo = new MemoryGameRepo();
    const service = new GameService(repo);
    const game = value(await service.createGame(caller('a')));
    await repo.updateGame(game.id, game.version, { settings: { factionMode: 'zzz' } });
    expect(errorOf(await service.findGameInChannel(caller('a')))).toMatchObject({ code: 'game_unreadable' });
    expect(errorOf(await service.abandonChannelGame(caller('b')))).toMatchObject({ code: 'admin_only' });
    expect(value(await service.abandonChannelGame(caller('a')))?.status).toBe('abandoned');
    expect(value(await service.findGameInChannel(caller('a')))).toBeNull();
  });

  it('is never stored with a faction mode or seat order the service does not know', async () => {
    const service = new GameService(new MemoryGameRepo());
    const refused = await service.createGame(caller('a'), { factionMode: 'zzz' as never });
    expect(errorOf(refused)).toEqual({ code: 'bad_option', params: { option: 'zzz' } });
    expect(errorOf(await service.createGame(caller('a'), { seatOrder: 'up' as never })).code).toBe('bad_option');
  });
});

describe('announcements stored before their typed facts', () => {
  const effects = { autoAnswers: [], changes: [] };
  it('read the timer’s answer and a founded town from their line', () => {
    const timedOut = (text: string) =>
      readAnnouncement({ kind: 'timedOut', userId: 'u', faction: 'witches', text, ...effects });
    expect(timedOut('pass BON3')).toMatchObject({ kind: 'timedOut', answer: 'pass' });
    expect(timedOut('decline 2 from nomads')).toMatchObject({ answer: 'decline' });
    expect(timedOut('+FAV11')).toMatchObject({ answer: 'choose' });
    const moved = (text: string) =>
      readAnnouncement({ kind: 'moved', userId: 'u', faction: 'witches', text, ...effects });
    expect(moved('upgrade E5 to TE. +FAV5. +TW3')).toMatchObject({ kind: 'moved', townFounded: true });
    expect(moved('build E5')).toMatchObject({ townFounded: false });
    // A line that no longer reads is still told, without the town.
    expect(moved('no such words')).toMatchObject({ text: 'no such words', townFounded: false });
  });

  it('keep the facts their writer gave, whatever the line says', () => {
    const stored = readAnnouncement({
      kind: 'timedOut',
      userId: 'u',
      faction: 'witches',
      text: 'pass BON3',
      answer: 'choose',
      ...effects,
    });
    expect(stored).toMatchObject({ answer: 'choose' });
    expect(
      readAnnouncement({
        kind: 'moved',
        userId: 'u',
        faction: 'witches',
        text: 'build E5',
        townFounded: true,
        ...effects,
      }),
    ).toMatchObject({ townFounded: true });
  });
});
