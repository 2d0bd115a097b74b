import { describe, expect, it } from 'vitest';
import { errorOf, playAs, s60AfterFourteenMoves, value } from './test-helpers.ts';

const game = s60AfterFourteenMoves;

describe('resigning', () => {
  it('drops your faction in your name and hands the turn on', async () => {
    const { repo, service, gameId, as, version } = await game();
    const change = value(await service.resign(as('nomads'), gameId, await version()));
    expect(change.state.factions.nomads!.dropped).toBe(true);
    expect(change.waitingFor.map((w) => w.faction)).toEqual(['mermaids']);
    // The game after it, as the store now holds it: the bot posts it without reading it again.
    expect(change.view).toEqual(value(await service.getGame(as('nomads'), gameId)));
    expect((await repo.listMoves(gameId)).at(-1)).toMatchObject({
      seat: 1,
      userId: as('nomads').userId,
      text: 'drop-faction nomads',
    });
    expect(errorOf(await service.resign(as('nomads'), gameId, await version()))).toEqual({
      code: 'faction_gone',
      params: { faction: 'nomads' },
    });
    // Burning and converting are the engine's to refuse (docs/game-service.md): a faction that left says so.
    expect(errorOf(await playAs(service, gameId, as('nomads').userId, 'convert 1W to 1C', 'corpus'))).toMatchObject({
      code: 'rule_error',
      params: { rule: 'factionLeft' },
    });
    expect(errorOf(await playAs(service, gameId, as('nomads').userId, 'advance ship', 'corpus')).code).toBe(
      'not_your_turn',
    );
  });
});

describe('dropping an idle player', () => {
  it('is the game admin’s move, recorded as theirs', async () => {
    const { repo, service, gameId, as, version } = await game();
    expect(errorOf(await service.dropPlayer(as('mermaids'), gameId, await version(), 1)).code).toBe('admin_only');
    const change = value(await service.dropPlayer(as('darklings'), gameId, await version(), 1));
    expect(change.state.factions.nomads!.dropped).toBe(true);
    expect((await repo.listMoves(gameId)).at(-1)).toMatchObject({
      seat: null,
      userId: as('darklings').userId,
      text: 'drop-faction nomads',
    });
    expect(errorOf(await service.dropPlayer(as('darklings'), gameId, await version(), 7))).toEqual({
      code: 'seat_not_found',
      params: { position: 7 },
    });
    // The game goes on without them, and the log still replays.
    value(await playAs(service, gameId, as('mermaids').userId, 'upgrade E4 to TP', 'corpus'));
  });
});

describe('replacing a player', () => {
  it('hands the seat and its faction to someone else, with their own leech rules', async () => {
    const { repo, service, gameId, as, version } = await game();
    await repo.setPreference('newcomer', null, { leechRules: [{ kind: 'accept', upTo: 1, maxVpCost: 0 }] });
    expect(errorOf(await service.replacePlayer(as('mermaids'), gameId, await version(), 1, 'newcomer')).code).toBe(
      'admin_only',
    );
    expect(
      errorOf(await service.replacePlayer(as('darklings'), gameId, await version(), 1, as('mermaids').userId)).code,
    ).toBe('already_seated');
    value(await service.replacePlayer(as('darklings'), gameId, await version(), 1, 'newcomer'));
    const replaced = value(await service.getGame(as('darklings'), gameId)).game;
    expect(replaced.seats[1]).toMatchObject({
      position: 1,
      userId: 'newcomer',
      faction: 'nomads',
      leechRules: [{ kind: 'accept', upTo: 1, maxVpCost: 0 }],
    });
    expect(errorOf(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus')).code).toBe(
      'not_seated',
    );
    const played = value(await playAs(service, gameId, 'newcomer', 'dig 1. build E3', 'corpus'));
    expect(played.faction).toBe('nomads');
  });
});

describe('move timers', () => {
  it('can be set by the admin between 12 hours and 2 weeks', async () => {
    const { service, gameId, as } = await game();
    expect(errorOf(await service.setMoveTimer(as('nomads'), gameId, 24)).code).toBe('admin_only');
    expect(errorOf(await service.setMoveTimer(as('darklings'), gameId, 11)).code).toBe('bad_move_timer');
    expect(value(await service.setMoveTimer(as('darklings'), gameId, 336)).settings.moveTimerHours).toBe(336);
    expect(value(await service.setMoveTimer(as('darklings'), gameId, null)).settings.moveTimerHours).toBeNull();
  });
});
