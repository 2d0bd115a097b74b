import { describe, expect, it } from 'vitest';
import { FACTIONS } from '../engine/index.ts';
import { RECOMMENDED_FACTIONS } from './faction-assignment.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import type { CreateGameInput } from './lifecycle.ts';
import { T0, caller, errorOf, startedGame, value } from './test-helpers.ts';

const SCORES = ['SCORE2', 'SCORE3', 'SCORE4', 'SCORE5', 'SCORE6', 'SCORE7'];

function setup() {
  const repo = new MemoryGameRepo();
  return { repo, service: new GameService(repo) };
}

describe('creating a game', () => {
  it('seats the creator and stores options, settings and seed', async () => {
    const { service } = setup();
    const game = value(
      await service.createGame(caller('alice'), {
        maxPlayers: 3,
        options: ['strict-leech', 'mini-expansion-1'],
        moveTimerHours: 24,
        seed: 's',
      }),
    );
    expect(game).toMatchObject({
      status: 'open',
      creatorUserId: 'alice',
      seed: 's',
      options: { 'mini-expansion-1': true, 'strict-leech': true },
    });
    expect(game.settings).toMatchObject({
      maxPlayers: 3,
      moveTimerHours: 24,
      factionMode: 'turn-order',
      seatOrder: 'random',
      tiles: null,
    });
    expect(game.seats.map((s) => s.userId)).toEqual(['alice']);
  });

  it('validates the options, the player count, the timer and chosen tiles', async () => {
    const { service } = setup();
    const c = caller('alice');
    expect(errorOf(await service.createGame(c, { options: ['free-beer'] }))).toEqual({
      code: 'bad_option',
      params: { option: 'free-beer' },
    });
    expect(errorOf(await service.createGame(c, { maxPlayers: 6 }))).toEqual({
      code: 'bad_player_count',
      params: { count: 6 },
    });
    expect(errorOf(await service.createGame(c, { maxPlayers: 1 })).code).toBe('bad_player_count');
    expect(errorOf(await service.createGame(c, { moveTimerHours: 6 }))).toEqual({
      code: 'bad_move_timer',
      params: { hours: 6 },
    });
    expect(errorOf(await service.createGame(c, { moveTimerHours: 337 })).code).toBe('bad_move_timer');
    expect(errorOf(await service.createGame(c, { tiles: { scoreTiles: SCORES.slice(1) } })).code).toBe('bad_tiles');
    expect(errorOf(await service.createGame(c, { tiles: { scoreTiles: [...SCORES.slice(1), 'SCORE9'] } })).code).toBe(
      'bad_tiles',
    );
    expect(errorOf(await service.createGame(c, { tiles: { scoreTiles: [...SCORES.slice(1), 'SCORE3'] } })).code).toBe(
      'bad_tiles',
    );
    value(
      await service.createGame(c, {
        options: ['temple-scoring-tile'],
        tiles: { scoreTiles: [...SCORES.slice(1), 'SCORE9'] },
      }),
    );
  });

  it('allows one live game per channel', async () => {
    const { service } = setup();
    const first = value(await service.createGame(caller('alice')));
    expect(errorOf(await service.createGame(caller('bob')))).toEqual({
      code: 'channel_busy',
      params: { gameId: first.id },
    });
    value(await service.createGame(caller('bob', 'chan-2')));
    value(await service.abandon(caller('alice'), first.id));
    value(await service.createGame(caller('bob')));
  });
});

describe('the lobby', () => {
  it('lets players join until the game is full, and leave before it starts', async () => {
    const { service } = setup();
    const game = value(await service.createGame(caller('alice'), { maxPlayers: 2 }));
    value(await service.join(caller('bob'), game.id));
    expect(errorOf(await service.join(caller('bob'), game.id)).code).toBe('already_seated');
    expect(errorOf(await service.join(caller('carol'), game.id))).toEqual({
      code: 'game_full',
      params: { maxPlayers: 2 },
    });
    expect(errorOf(await service.leave(caller('alice'), game.id)).code).toBe('creator_cannot_leave');
    expect(errorOf(await service.leave(caller('carol'), game.id)).code).toBe('not_seated');
    const left = value(await service.leave(caller('bob'), game.id));
    expect(left.seats.map((s) => s.userId)).toEqual(['alice']);
  });

  it('seats concurrent joiners without losing any', async () => {
    const { service } = setup();
    const game = value(await service.createGame(caller('u0')));
    const results = await Promise.all(['u1', 'u2', 'u3', 'u4'].map((u) => service.join(caller(u), game.id)));
    expect(results.every((r) => r.ok)).toBe(true);
    const view = value(await service.getGame(caller('u0'), game.id));
    expect(view.game.seats.map((s) => s.userId).sort()).toEqual(['u0', 'u1', 'u2', 'u3', 'u4']);
  });

  it('takes default leech rules from the player preferences, the server ones first', async () => {
    const { repo, service } = setup();
    await repo.setPreference('bob', null, { leechRules: [{ kind: 'declineIfNothingGained' }] });
    await repo.setPreference('bob', 'guild-1', { leechRules: [{ kind: 'accept', upTo: 2, maxVpCost: 1 }] });
    await repo.setPreference('carol', null, { leechRules: [{ kind: 'declineAfterFinalPass' }] });
    const game = value(await service.createGame(caller('alice')));
    value(await service.join(caller('bob'), game.id));
    const joined = value(await service.join(caller('carol'), game.id));
    expect(joined.seats.map((s) => s.leechRules)).toEqual([
      [],
      [{ kind: 'accept', upTo: 2, maxVpCost: 1 }],
      [{ kind: 'declineAfterFinalPass' }],
    ]);
  });
});

describe('starting', () => {
  it('needs the game admin and two players', async () => {
    const { service } = setup();
    const game = value(await service.createGame(caller('alice')));
    expect(errorOf(await service.start(caller('alice'), game.id, T0))).toEqual({
      code: 'too_few_players',
      params: { count: 1 },
    });
    value(await service.join(caller('bob'), game.id));
    expect(errorOf(await service.start(caller('bob'), game.id, T0)).code).toBe('admin_only');
    const started = value(await service.start(caller('mod', 'chan-1', { isServerManager: true }), game.id, T0));
    expect(started.status).toBe('active');
    expect(errorOf(await service.join(caller('carol'), game.id)).code).toBe('not_open');
    expect(errorOf(await service.start(caller('alice'), game.id, T0)).code).toBe('not_open');
  });

  it('orders seats from the seed, the same way every time, or as joined', async () => {
    const users = ['u0', 'u1', 'u2', 'u3', 'u4'];
    const orders = [];
    for (const seed of ['a', 'a', 'b', 'c']) {
      const game = await startedGame(setup().service, users, { seatOrder: 'random', seed });
      orders.push(game.seats.map((s) => s.userId).join());
      expect(game.seats.map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
    }
    expect(orders[0]).toBe(orders[1]);
    expect(new Set(orders).size).toBeGreaterThan(1);
    const joined = await startedGame(setup().service, users, { seatOrder: 'joined' });
    expect(joined.seats.map((s) => s.userId)).toEqual(users);
  });

  it('draws tiles from the seed for the player count, or uses the chosen ones', async () => {
    const drawn = await startedGame(setup().service, ['a', 'b', 'c']);
    expect(drawn.settings.tiles).toMatchObject({ scoreTiles: expect.any(Array) });
    // 9 base bonus tiles, 3 players: 6 in play.
    expect((drawn.settings.tiles as { removedBonusTiles: string[] }).removedBonusTiles).toHaveLength(3);
    const chosen = await startedGame(setup().service, ['a', 'b'], {
      maxPlayers: 2,
      tiles: { scoreTiles: SCORES, removedBonusTiles: ['BON1', 'BON2', 'BON3', 'BON4'] },
    });
    expect(chosen.settings.tiles).toEqual({
      scoreTiles: SCORES,
      removedBonusTiles: ['BON1', 'BON2', 'BON3', 'BON4'],
      finalScoring: [],
    });
  });

  it('plays the chosen map and draws one Fire & Ice final-scoring tile with its option', async () => {
    const { service } = setup();
    const fireAndIce = '95a66999127893f5925a5f591d54f8bcb9a670e6';
    const game = await startedGame(service, ['a', 'b'], { map: fireAndIce, options: ['fire-and-ice-final-scoring'] });
    expect(game.settings.map).toBe(fireAndIce);
    const tiles = game.settings.tiles as { finalScoring: string[] };
    expect(tiles.finalScoring).toHaveLength(1);
    const view = value(await service.getGame(caller('a'), game.id));
    expect(view.state?.map).toBe(fireAndIce);
    expect(view.state?.finalScoring).toEqual(tiles.finalScoring);
    // Fire & Ice side 1 has no row A: its first hex is B1.
    expect(view.state?.hexes.B1?.terrain).toBe('brown');
    expect(view.state?.hexes.A1).toBeUndefined();
  });

  it('refuses a map it does not know', async () => {
    expect(errorOf(await setup().service.createGame(caller('a'), { map: 'nowhere' }))).toEqual({
      code: 'bad_option',
      params: { option: 'map nowhere' },
    });
  });

  it('checks chosen tiles against the seats asked for when the game is created', async () => {
    const { service } = setup();
    const create = (input: CreateGameInput) => service.createGame(caller('a'), input);
    const bad = async (input: CreateGameInput) => errorOf(await create(input)).params;
    expect(await bad({ maxPlayers: 3, tiles: { scoreTiles: SCORES, removedBonusTiles: ['BON1'] } })).toEqual({
      problem: 'bonusCount',
      players: 3,
      needed: 6,
      inPlay: 8,
    });
    expect(
      await bad({ maxPlayers: 3, tiles: { scoreTiles: SCORES, removedBonusTiles: ['BON1', 'BON99', 'BON3'] } }),
    ).toEqual({ problem: 'unknownBonus', tile: 'BON99' });
    expect(await bad({ tiles: { scoreTiles: SCORES.slice(2) } })).toEqual({ problem: 'scoreCount', count: 4 });
    expect(await bad({ tiles: { scoreTiles: [...SCORES.slice(1), 'SCORE3'] } })).toEqual({
      problem: 'repeatedScore',
      tile: 'SCORE3',
    });
    expect(await bad({ tilesText: `${SCORES.join(' ')} BON3` })).toEqual({ problem: 'unreadable', tile: 'BON3' });
    // Typed with no bonus tiles left out, they are drawn from the seed for the players who sit.
    const drawn = value(await create({ tilesText: SCORES.join(', ').toLowerCase() }));
    expect(drawn.settings.tiles).toMatchObject({ scoreTiles: SCORES, removedBonusTiles: null });
    expect(await service.listGames({})).toHaveLength(1);
  });

  it('checks chosen bonus tiles again at the start, against the seats taken', async () => {
    const { service } = setup();
    const game = value(
      await service.createGame(caller('a'), {
        maxPlayers: 3,
        tiles: { scoreTiles: SCORES, removedBonusTiles: ['BON1', 'BON2', 'BON3'] },
      }),
    );
    value(await service.join(caller('b'), game.id));
    expect(errorOf(await service.start(caller('a'), game.id, T0))).toEqual({
      code: 'bad_tiles',
      params: { problem: 'bonusCount', players: 2, needed: 5, inPlay: 6 },
    });
  });
});

describe('factions', () => {
  it('are picked in seat order, each from what is still available', async () => {
    const { service } = setup();
    const game = await startedGame(service, ['a', 'b', 'c']);
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.factionPick).toMatchObject({ position: 0, userId: 'a' });
    expect(view.factionPick!.available).toHaveLength(14);
    expect(errorOf(await service.chooseFaction(caller('b'), game.id, 'witches'))).toEqual({
      code: 'not_your_pick',
      params: { position: 0 },
    });
    value(await service.chooseFaction(caller('a'), game.id, 'witches'));
    // The Auren share the Witches' home terrain.
    expect(errorOf(await service.chooseFaction(caller('b'), game.id, 'auren'))).toEqual({
      code: 'faction_unavailable',
      params: { faction: 'auren' },
    });
    expect(errorOf(await service.chooseFaction(caller('b'), game.id, 'elves')).code).toBe('faction_unavailable');
    const picked = value(await service.chooseFaction(caller('b'), game.id, 'nomads'));
    view = value(await service.getGame(caller('a'), game.id));
    // The pick hands back the game as the store now holds it: the bot posts it without reading it again.
    expect(picked).toEqual(view);
    expect(view.factionPick).toMatchObject({ position: 2, userId: 'c' });
    expect(view.waitingFor).toEqual([]);
    value(await service.chooseFaction(caller('c'), game.id, 'giants'));
    view = value(await service.getGame(caller('a'), game.id));
    expect(view.factionPick).toBeNull();
    expect(view.game.seats.map((s) => s.faction)).toEqual(['witches', 'nomads', 'giants']);
    expect(view.state!.phase).toBe('initial-dwellings');
    expect(view.waitingFor).toEqual([{ faction: 'witches', position: 0, userId: 'a' }]);
    expect(errorOf(await service.chooseFaction(caller('a'), game.id, 'fakirs')).code).toBe('no_faction_choice');
  });

  it('are dealt at random from the seed with distinct home terrains', async () => {
    const dealt = async () => {
      const { service } = setup();
      const game = await startedGame(service, ['a', 'b', 'c', 'd', 'e'], { factionMode: 'random', seed: 'x' });
      return value(await service.getGame(caller('a'), game.id)).game.seats.map((s) => s.faction!);
    };
    const factions = await dealt();
    expect(new Set(factions.map((f) => FACTIONS[f].color)).size).toBe(5);
    expect(await dealt()).toEqual(factions);
  });

  it.each([2, 3, 4, 5])('follow the rulebook recommendation for a first game with %i players', async (n) => {
    const users = ['a', 'b', 'c', 'd', 'e'].slice(0, n);
    const { service } = setup();
    const game = await startedGame(service, users, { factionMode: 'recommended' });
    const view = value(await service.getGame(caller('a'), game.id));
    expect(view.game.seats.map((s) => s.faction).sort()).toEqual([...RECOMMENDED_FACTIONS[n]!].sort());
    expect(view.state!.phase).toBe('initial-dwellings');
  });

  it('are rows of the log in snellman notation, taken back like a move', async () => {
    const { service } = setup();
    const game = await startedGame(service, ['a', 'b', 'c']);
    value(await service.chooseFaction(caller('a'), game.id, 'witches'));
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.moves.map((m) => [m.seat, m.userId, m.text])).toEqual([[0, 'a', 'setup witches']]);
    expect(value(await service.undo(caller('a'), game.id, view.game.version))).toMatchObject({ kind: 'undone' });
    view = value(await service.getGame(caller('a'), game.id));
    expect(view.moves).toEqual([]);
    expect(view.game.seats.map((s) => s.faction)).toEqual([null, null, null]);
    expect(view.factionPick).toMatchObject({ position: 0, userId: 'a' });
    expect(view.factionPick!.available).toContain('witches');
    // Another pick now, and the export carries it as the reference engine reads it.
    value(await service.chooseFaction(caller('a'), game.id, 'auren'));
    expect(value(await service.exportMoveList(caller('a'), game.id))).toMatch(
      /\ndelete BON\d+\nplayer p1\nplayer p2\nplayer p3\nsetup auren\n$/,
    );
  });

  it("dealt at the start are the log's first rows, written with the start", async () => {
    const { service } = setup();
    const game = await startedGame(service, ['a', 'b'], { factionMode: 'recommended' });
    const view = value(await service.getGame(caller('a'), game.id));
    expect(game.version).toBe(view.game.version);
    expect(view.moves.map((m) => [m.seq, m.seat, m.userId, m.text])).toEqual(
      view.game.seats.map((s) => [s.position + 1, s.position, null, `setup ${s.faction}`]),
    );
  });
});

describe('ending', () => {
  it('lets the creator or a server manager abandon, nobody else', async () => {
    const { service } = setup();
    const game = await startedGame(service, ['a', 'b']);
    expect(errorOf(await service.abandon(caller('b'), game.id)).code).toBe('admin_only');
    const abandoned = value(await service.abandon(caller('boss', 'chan-1', { isServerManager: true }), game.id));
    expect(abandoned.status).toBe('abandoned');
    expect(errorOf(await service.abandon(caller('a'), game.id)).code).toBe('not_active');
    // Kept for the record.
    expect(value(await service.getGame(caller('a'), game.id)).game.status).toBe('abandoned');
  });
});
