import { describe, expect, it } from 'vitest';
import { legalMoves } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import { aiCaller, aiTurnOf } from './ai-seats.ts';
import { readAnnouncement } from './announcements.ts';
import { isAiSeat } from './result.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService, type GameView } from './service.ts';
import { T0, caller, errorOf, s60AfterFourteenMoves, value } from './test-helpers.ts';

const note = { level: 'normal' as const, reasons: [{ kind: 'vp' as const, source: 'other' as const, vp: 2 }] };

/** A 3-seat game: alice, and two AI seats at `level`, factions dealt; started. */
async function aliceAndTwoAis(service: GameService, level: 'easy' | 'normal' | 'hard' = 'normal') {
  const created = value(
    await service.createGame(caller('alice'), {
      maxPlayers: 3,
      aiSeats: { count: 2, level },
      factionMode: 'random',
      seatOrder: 'joined',
      seed: 'ai-seed',
    }),
  );
  value(await service.start(caller('alice'), created.id, T0));
  return value(await service.getGame(caller('alice'), created.id));
}

/** Plays for AI seats (the first legal move, standing in for the AI's choice) until a person is waited for. */
async function playAis(service: GameService, view: GameView): Promise<GameView> {
  for (let turn = aiTurnOf(view); turn; turn = aiTurnOf(view)) {
    if (turn.kind !== 'move') throw new Error(`unexpected ${turn.kind}`);
    const move = legalMoves(view.state!, turn.faction)[0]!;
    const played = value(
      await service.play(aiCaller(view.game, turn.seat), view, view.game.version, formatCommands(move.commands), note),
    );
    view = played.view;
  }
  return view;
}

describe('AI seats in the lobby', () => {
  it('are made with the game, named, at one level, after the people, and counted in the players', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(
      await service.createGame(caller('alice'), { maxPlayers: 4, aiSeats: { count: 2, level: 'hard' } }),
    );
    expect(game.seats.map((s) => [s.userId, s.ai])).toEqual([
      ['alice', null],
      ['ai:ada', { level: 'hard', standsInFor: null }],
      ['ai:alan', { level: 'hard', standsInFor: null }],
    ]);
    const { pending } = (await service.outbox(game.id))!;
    expect(pending.map((p) => p.announcement)).toEqual([
      {
        kind: 'created',
        by: 'alice',
        maxPlayers: 4,
        ai: [
          { userId: 'ai:ada', level: 'hard' },
          { userId: 'ai:alan', level: 'hard' },
        ],
      },
    ]);
    // At least one seat stays a person's, and the level is one the AI has.
    expect(
      errorOf(await service.createGame(caller('bob', 'c2'), { maxPlayers: 3, aiSeats: { count: 3, level: 'easy' } })),
    ).toEqual({ code: 'bad_ai_seats', params: { count: 3, max: 2 } });
    expect(
      errorOf(
        await service.createGame(caller('bob', 'c3'), {
          maxPlayers: 3,
          aiSeats: { count: 1, level: 'genius' as 'hard' },
        }),
      ).code,
    ).toBe('bad_option');
  });

  it('come and go before the start by the game admin only', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(await service.createGame(caller('alice'), { maxPlayers: 3 }));
    value(await service.join(caller('bob'), game.id));
    expect(errorOf(await service.addAiSeat(caller('bob'), game.id, 'easy')).code).toBe('admin_only');
    const added = value(await service.addAiSeat(caller('alice'), game.id, 'easy'));
    expect(added.seats.map((s) => s.userId)).toEqual(['alice', 'bob', 'ai:ada']);
    expect(errorOf(await service.addAiSeat(caller('alice'), game.id, 'easy')).code).toBe('game_full');
    expect(errorOf(await service.removeAiSeat(caller('bob'), game.id)).code).toBe('admin_only');
    const removed = value(await service.removeAiSeat(caller('alice'), game.id));
    expect(removed.seats.map((s) => s.userId)).toEqual(['alice', 'bob']);
    expect(errorOf(await service.removeAiSeat(caller('alice'), game.id)).code).toBe('no_ai_seat');
    value(await service.addAiSeat(caller('alice'), game.id, 'hard'));
    const started = value(await service.start(caller('alice'), game.id, T0));
    expect(started.seats.filter((s) => s.ai).map((s) => s.ai!.level)).toEqual(['hard']);
    expect(errorOf(await service.addAiSeat(caller('alice'), game.id, 'easy')).code).toBe('not_open');
    const outbox = (await service.outbox(game.id))!.pending.map((p) => p.announcement?.kind);
    expect(outbox).toEqual(['created', 'joined', 'aiAdded', 'aiRemoved', 'aiAdded', 'started']);
  });
});

describe('an AI seat at play', () => {
  it('picks its faction and plays through the calls a click makes, as itself, never pinged', async () => {
    const service = new GameService(new MemoryGameRepo());
    const created = value(
      await service.createGame(caller('alice'), {
        maxPlayers: 2,
        aiSeats: { count: 1, level: 'easy' },
        seatOrder: 'joined',
      }),
    );
    value(await service.start(caller('alice'), created.id, T0));
    let view = value(await service.getGame(caller('alice'), created.id));
    value(await service.chooseFaction(caller('alice'), view, 'witches'));
    view = value(await service.getGame(caller('alice'), created.id));
    const turn = aiTurnOf(view)!;
    expect(turn).toMatchObject({ kind: 'pick', level: 'easy', seat: { userId: 'ai:ada' } });
    // Nobody acts for an AI seat but the AI, and the AI for nobody else.
    expect(errorOf(await service.chooseFaction(caller('ai:ada'), view, 'nomads')).code).toBe('not_seated');
    const ai = aiCaller(view.game, turn.seat);
    expect(errorOf(await service.chooseFaction({ ...ai, userId: 'alice' }, view, 'nomads')).code).toBe('not_seated');
    view = value(await service.chooseFaction(ai, view, 'nomads'));
    expect(view.game.seats.map((s) => s.faction)).toEqual(['witches', 'nomads']);
    // Set-up: alice's dwellings, the AI's when its turn comes (the AI answers at once).
    while (!view.state!.finished && view.state!.round === 0) {
      const next = aiTurnOf(view);
      if (next) {
        view = await playAis(service, view);
        continue;
      }
      const w = view.waitingFor[0]!;
      const move = legalMoves(view.state!, w.faction)[0]!;
      view = value(await service.play(caller('alice'), view, view.game.version, formatCommands(move.commands))).view;
    }
    const aiRows = view.moves.filter((m) => m.userId === 'ai:ada');
    expect(aiRows.length).toBeGreaterThan(0);
    expect(aiRows.every((m) => m.seat === 1)).toBe(true);
    // Its moves carry its level and reasons; no post pings it.
    const announcements = (await service.outbox(view.game.id))!.pending.map((p) => p.announcement!);
    const aiMoves = announcements.filter((a) => a.kind === 'moved' && a.userId === 'ai:ada');
    expect(aiMoves.length).toBe(aiRows.filter((m) => !m.text.startsWith('setup')).length);
    for (const a of aiMoves) expect(a).toMatchObject({ ai: note });
    for (const a of announcements) if ('ping' in a) expect(a.ping ?? []).not.toContain('ai:ada');
    // A person's move never carries a note, even if one is given.
    const w = view.waitingFor.find((x) => x.userId === 'alice');
    if (w) {
      const move = legalMoves(view.state!, w.faction)[0]!;
      const played = value(
        await service.play(caller('alice'), view, view.game.version, formatCommands(move.commands), note),
      );
      expect(readAnnouncement(played.view.unannounced.at(-1)!.announcement as never)).not.toHaveProperty('ai');
    }
  });

  it('answers off-turn decisions before anything else', async () => {
    const service = new GameService(new MemoryGameRepo());
    let view = await aliceAndTwoAis(service);
    // Play on until an AI seat owes an answer while someone else is to move.
    for (let i = 0; i < 400; i++) {
      const turn = aiTurnOf(view);
      if (turn?.kind === 'move' && turn.offTurn) {
        expect(turn.faction).not.toBe(view.state!.active);
        return;
      }
      if (turn?.kind === 'move') {
        const move = legalMoves(view.state!, turn.faction)[0]!;
        view = value(
          await service.play(aiCaller(view.game, turn.seat), view, view.game.version, formatCommands(move.commands)),
        ).view;
      } else {
        const w = view.waitingFor[0]!;
        const moves = legalMoves(view.state!, w.faction);
        const build = moves.find((m) => m.kind === 'build') ?? moves[0]!;
        view = value(await service.play(caller('alice'), view, view.game.version, formatCommands(build.commands))).view;
      }
    }
    throw new Error('no AI seat ever owed an answer off turn');
  });
});

describe('handing a seat to the AI and taking it back', () => {
  it('the admin hands any seat, a player their own; the person it stands in for takes it back', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(await service.createGame(caller('alice'), { maxPlayers: 3, factionMode: 'random', seed: 's' }));
    value(await service.join(caller('bob'), game.id));
    value(await service.join(caller('carol'), game.id));
    value(await service.start(caller('alice'), game.id, T0));
    const version = async () => value(await service.getGame(caller('alice'), game.id)).game.version;
    const seatOfUser = async (u: string) =>
      value(await service.getGame(caller('alice'), game.id)).game.seats.find((s) => s.userId === u)!;
    const bob = await seatOfUser('bob');
    const carol = await seatOfUser('carol');
    // carol may not hand bob's seat; bob may hand his own; the admin any.
    expect(errorOf(await service.handToAi(caller('carol'), game.id, await version(), bob.position, 'easy')).code).toBe(
      'admin_only',
    );
    value(await service.handToAi(caller('bob'), game.id, await version(), bob.position, 'easy'));
    value(await service.handToAi(caller('alice'), game.id, await version(), carol.position, 'hard'));
    let view = value(await service.getGame(caller('alice'), game.id));
    const seats = view.game.seats;
    expect(seats.find((s) => s.position === bob.position)).toMatchObject({
      userId: 'ai:ada',
      ai: { level: 'easy', standsInFor: 'bob' },
      faction: bob.faction,
    });
    expect(seats.find((s) => s.position === carol.position)).toMatchObject({
      userId: 'ai:alan',
      ai: { level: 'hard', standsInFor: 'carol' },
    });
    // The same level again is nothing to do; another one is the admin's to set.
    expect(
      errorOf(await service.handToAi(caller('alice'), game.id, view.game.version, bob.position, 'easy')).code,
    ).toBe('already_ai');
    expect(errorOf(await service.handToAi(caller('bob'), game.id, view.game.version, bob.position, 'hard')).code).toBe(
      'admin_only',
    );
    value(await service.handToAi(caller('alice'), game.id, view.game.version, bob.position, 'normal'));
    view = value(await service.getGame(caller('alice'), game.id));
    expect(view.game.seats.find((s) => s.position === bob.position)).toMatchObject({
      userId: 'ai:ada',
      ai: { level: 'normal', standsInFor: 'bob' },
    });
    // bob can no longer act for it; the AI plays its turns (the game waits on nobody but the AI now).
    view = await playAis(service, view);
    expect(view.waitingFor.every((w) => w.userId === 'alice')).toBe(true);
    // bob takes his seat back; carol cannot take bob's, nor put someone else in it; the admin puts dave in carol's.
    expect(
      errorOf(await service.replacePlayer(caller('carol'), game.id, view.game.version, bob.position, 'carol')).code,
    ).toBe('admin_only');
    expect(
      errorOf(await service.replacePlayer(caller('bob'), game.id, view.game.version, bob.position, 'erin')).code,
    ).toBe('admin_only');
    value(await service.replacePlayer(caller('bob'), game.id, view.game.version, bob.position, 'bob'));
    view = value(await service.getGame(caller('alice'), game.id));
    value(await service.replacePlayer(caller('alice'), game.id, view.game.version, carol.position, 'dave'));
    view = value(await service.getGame(caller('alice'), game.id));
    expect(view.game.seats.map((s) => [s.userId, s.ai])).toEqual(
      [...view.game.seats].map((s) => [
        s.position === bob.position ? 'bob' : s.position === carol.position ? 'dave' : 'alice',
        null,
      ]),
    );
    expect(aiTurnOf(view)).toBeNull();
    // bob's seat is his again, but the AI played some of its moves: the result will say so.
    const bobNow = view.game.seats.find((s) => s.position === bob.position)!;
    expect(view.moves.some((m) => m.seat === bob.position && m.userId === 'ai:ada')).toBe(true);
    expect(isAiSeat(bobNow, view.moves)).toBe(true);
    expect(
      isAiSeat(
        view.game.seats.find((s) => s.userId === 'alice')!,
        view.moves,
      ),
    ).toBe(false);
    const kinds = (await service.outbox(game.id))!.pending.map((p) => p.announcement?.kind);
    expect(kinds.filter((k) => k === 'handedToAi')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'replaced')).toHaveLength(2);
  });

  it('is what the move timer does when the admin chose so; the timer never acts for an AI seat', async () => {
    const run = await s60AfterFourteenMoves();
    value(await run.service.setMoveTimer(run.as('darklings'), run.gameId, 12, 'ai'));
    const { deadline } = value(await run.service.getGame(run.as('nomads'), run.gameId));
    const { done, view } = value(await run.service.timeOut(run.gameId, deadline!));
    expect(done).toEqual([{ faction: 'nomads', userId: 'user-2', action: 'ai', text: 'ai:ada' }]);
    const seat = view!.game.seats.find((s) => s.faction === 'nomads')!;
    expect(seat).toMatchObject({ userId: 'ai:ada', ai: { level: 'normal', standsInFor: 'user-2' } });
    // Nothing was played for the seat: the AI plays it now.
    expect(view!.moves).toHaveLength((await run.repo.listMoves(run.gameId)).length);
    expect(aiTurnOf(view!)).toMatchObject({ kind: 'move', faction: 'nomads' });
    const told = (await run.service.outbox(run.gameId))!.pending.at(-1)!.announcement;
    expect(told).toMatchObject({
      kind: 'handedToAi',
      by: null,
      userId: 'ai:ada',
      previous: 'user-2',
      faction: 'nomads',
    });
    // Still waiting on the AI seat when the deadline passes again: the timer leaves it to the AI.
    const later = new Date(deadline!.getTime() + 48 * 3_600_000);
    expect(value(await run.service.timeOut(run.gameId, later)).done).toEqual([]);
    // The nomads' player comes back.
    value(
      await run.service.replacePlayer(run.as('darklings'), run.gameId, view!.game.version, seat.position, 'user-2'),
    );
    expect(aiTurnOf(value(await run.service.getGame(run.as('nomads'), run.gameId)))).toBeNull();
  });

  it('brings a faction that left back with the AI, while nobody has moved since', async () => {
    const run = await s60AfterFourteenMoves();
    const version = async () => (await run.repo.getGame(run.gameId))!.version;
    value(await run.service.dropPlayer(run.as('darklings'), run.gameId, await version(), 1));
    const handed = value(await run.service.handToAi(run.as('darklings'), run.gameId, await version(), 1, 'easy'));
    expect(handed.seats[1]).toMatchObject({ userId: 'ai:ada', ai: { level: 'easy', standsInFor: 'user-2' } });
    const view = value(await run.service.getGame(run.as('darklings'), run.gameId));
    expect(view.state!.factions.nomads!.dropped).toBe(false);
    expect(aiTurnOf(view)).toMatchObject({ kind: 'move', faction: 'nomads' });
    expect(view.moves.some((m) => m.text === 'drop-faction nomads')).toBe(false);
    // Once a player has moved since the faction left, it cannot come back: refused, saying why.
    value(await run.service.dropPlayer(run.as('darklings'), run.gameId, await version(), 2));
    const mermaidsGone = value(await run.service.getGame(run.as('darklings'), run.gameId));
    const w = mermaidsGone.waitingFor[0]!;
    const move = legalMoves(mermaidsGone.state!, w.faction).find((m) => m.kind !== 'convert')!;
    const mover = w.userId.startsWith('ai:')
      ? aiCaller(
          mermaidsGone.game,
          mermaidsGone.game.seats.find((s) => s.userId === w.userId)!,
        )
      : caller(w.userId, 'corpus');
    value(await run.service.play(mover, mermaidsGone, mermaidsGone.game.version, formatCommands(move.commands)));
    expect(errorOf(await run.service.handToAi(run.as('darklings'), run.gameId, await version(), 2, 'easy')).code).toBe(
      'faction_left_long_ago',
    );
  });

  it('lets a player take their move back at once past the AI’s replies: the AI has nothing to consent to', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(
      await service.createGame(caller('alice'), {
        maxPlayers: 3,
        aiSeats: { count: 1, level: 'easy' },
        factionMode: 'random',
        seatOrder: 'joined',
        seed: 'undo',
      }),
    );
    value(await service.join(caller('bob'), game.id));
    value(await service.start(caller('alice'), game.id, T0));
    let view = value(await service.getGame(caller('alice'), game.id));
    // Play on (first legal moves) until bob's line is followed by the AI's and nobody else's.
    const bobThenAi = () => {
      const last = view.moves.map((m) => m.userId).lastIndexOf('bob');
      return (
        last >= 0 && last < view.moves.length - 1 && view.moves.slice(last + 1).every((m) => m.userId === 'ai:ada')
      );
    };
    for (let i = 0; i < 200 && !bobThenAi(); i++) {
      view = await playAis(service, view);
      if (bobThenAi()) break;
      const w = view.waitingFor[0]!;
      const move = legalMoves(view.state!, w.faction)[0]!;
      view = value(await service.play(caller(w.userId), view, view.game.version, formatCommands(move.commands))).view;
    }
    expect(bobThenAi()).toBe(true);
    const mine = [...view.moves].reverse().find((m) => m.userId === 'bob')!;
    expect(value(await service.planUndo(caller('bob'), view))).toMatchObject({
      mode: 'own move',
      keepThroughSeq: mine.seq - 1,
    });
    const undone = value(await service.undo(caller('bob'), view, view.game.version));
    expect(undone.kind).toBe('undone');
    expect(
      value(await service.getGame(caller('bob'), game.id))
        .moves.map((m) => m.seq)
        .at(-1),
    ).toBe(mine.seq - 1);
  });

  it('marks the seats the AI played in the result, and a game played with AI seats only by its AI', async () => {
    const service = new GameService(new MemoryGameRepo());
    let view = await aliceAndTwoAis(service, 'easy');
    for (let i = 0; i < 2000 && !view.state!.finished; i++) {
      view = await playAis(service, view);
      if (view.state!.finished) break;
      const w = view.waitingFor.find((x) => x.userId === 'alice')!;
      const moves = legalMoves(view.state!, w.faction);
      const move = moves.find((m) => m.kind === 'pass') ?? moves[0]!;
      view = value(await service.play(caller('alice'), view, view.game.version, formatCommands(move.commands))).view;
    }
    expect(view.state!.finished).toBe(true);
    const result = value(await service.recomputedResult(view.game.id));
    expect(result.seats.map((s) => [s.userId, s.ai])).toEqual(
      view.game.seats.map((s) => [s.userId, s.userId !== 'alice']),
    );
  });
});
