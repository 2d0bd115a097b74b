import { afterEach, describe, expect, it } from 'vitest';
import { legalMoves } from '../engine/index.ts';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { type AiTurn, GameService, type GameView, aiTurnOf } from '../game/service.ts';
import { replay } from '../game/replay.ts';
import { T0, caller, value } from '../game/test-helpers.ts';
import { formatCommands } from '../notation/format.ts';
import { type DecisionJob, type DecisionReply, decideJob } from './decision.ts';
import { DecisionPool } from './pool.ts';
import { AiSeats, type Decider } from './runner.ts';

/** Decides on the caller's thread, as the pool does without threads; counts and can fail levels. */
class Inline implements Decider {
  readonly asked: DecisionJob[] = [];
  constructor(private readonly failing: readonly string[] = []) {}
  async decide(job: DecisionJob): Promise<DecisionReply> {
    this.asked.push(job);
    if (this.failing.includes(job.level)) throw new Error(`level ${job.level} fails here`);
    return decideJob(job);
  }
}

/** A decision that never comes (a search under way when the process stops). */
const hanging: Decider = { decide: () => new Promise(() => {}) };

/** alice and two AI seats, factions dealt, started; the store and service. */
async function game(level: 'easy' | 'normal' | 'hard' = 'easy') {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const created = value(
    await service.createGame(caller('alice'), {
      maxPlayers: 3,
      aiSeats: { count: 2, level },
      factionMode: 'random',
      seatOrder: 'joined',
      seed: 'runner',
    }),
  );
  value(await service.start(caller('alice'), created.id, T0));
  const view = async () => value(await service.getGame(caller('alice'), created.id));
  // alice sits first: she places her first dwelling, and the game waits on the AI seats.
  await aliceMoves(service, await view());
  return { repo, service, gameId: created.id, view };
}

function seats(
  service: GameService,
  decider: Decider,
  delivered: GameView[] = [],
  owns: (guildId: string) => boolean = () => true,
  stuck: AiTurn[] = [],
) {
  return new AiSeats({
    service,
    decider,
    owns,
    deliver: async (_gameId, view) => void delivered.push(view),
    stuck: async (_view, turn) => void stuck.push(turn),
  });
}

/** alice plays her first legal move, preferring a build (so that the AIs get offers). */
async function aliceMoves(service: GameService, view: GameView): Promise<GameView> {
  const w = view.waitingFor.find((x) => x.userId === 'alice')!;
  const moves = legalMoves(view.state!, w.faction);
  const move = moves.find((m) => m.kind === 'build') ?? moves.find((m) => m.kind !== 'convert') ?? moves[0]!;
  return value(await service.play(caller('alice'), view, view.game.version, formatCommands(move.commands))).view;
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('the AI seats', () => {
  it('play at once whenever the game waits on them, each move posted with its reasons, until a person is waited for', async () => {
    const { service, view } = await game();
    const delivered: GameView[] = [];
    const ai = seats(service, new Inline(), delivered);
    let now = await view();
    for (let round = 0; round < 12; round++) {
      ai.nudge(now);
      await ai.idle();
      now = await view();
      expect(aiTurnOf(now)).toBeNull();
      expect(now.waitingFor.map((w) => w.userId)).toEqual(['alice']);
      now = await aliceMoves(service, now);
    }
    const aiRows = now.moves.filter((m) => m.userId?.startsWith('ai:'));
    expect(aiRows.length).toBeGreaterThan(12);
    // Each AI move was handed to the outbox as it was played, and says why.
    expect(delivered.length).toBe(new Set(delivered.map((v) => v.game.version)).size);
    const said = delivered.flatMap((v) => v.unannounced.map((u) => u.announcement!));
    const moved = said.filter((a) => a.kind === 'moved' && a.userId.startsWith('ai:'));
    expect(moved.length).toBeGreaterThan(0);
    for (const a of moved) expect(a).toMatchObject({ ai: { level: 'easy', reasons: expect.any(Array) } });
    expect(moved.some((a) => a.kind === 'moved' && a.ai!.reasons.length > 0)).toBe(true);
    // The log replays to the same game.
    expect(replay(now.game, now.moves)).toEqual(now.state);
  });

  it('falls back to an easier level, and to the least the rules allow, so the game never stalls', async () => {
    const { service, view } = await game('hard');
    const easier = new Inline(['hard']);
    const ai = seats(service, easier);
    ai.nudge(await view());
    await ai.idle();
    expect(easier.asked.map((j) => j.level).slice(0, 2)).toEqual(['hard', 'normal']);
    let now = await view();
    expect(aiTurnOf(now)).toBeNull();
    const normal = now.unannounced.map((u) => u.announcement!).filter((a) => a.kind === 'moved' && a.ai);
    for (const a of normal) expect(a).toMatchObject({ ai: { level: 'normal' } });
    // No level decides at all: the seat plays as the move timer would, and says so.
    const broken = seats(service, new Inline(['hard', 'normal', 'easy']));
    now = await aliceMoves(service, now);
    broken.nudge(now);
    await broken.idle();
    now = await view();
    expect(aiTurnOf(now)).toBeNull();
    const last = now.unannounced
      .map((u) => u.announcement!)
      .filter((a) => a.kind === 'moved' && a.ai)
      .at(-1)!;
    expect(last).toMatchObject({ ai: { reasons: [{ kind: 'fallback' }] } });
  });

  it('tell the channel, once for the position, when the rules accept no move of the seat at all (a fault)', async () => {
    const { service, view } = await game();
    // A service that refuses every play, as the rules would in a position where a seat has no move.
    const refusing = Object.create(service) as GameService;
    refusing.play = async () => ({ ok: false, error: { code: 'not_active', params: { status: 'active' } } }) as never;
    const stuck: AiTurn[] = [];
    const ai = seats(refusing, new Inline(), [], () => true, stuck);
    const now = await view();
    for (let look = 0; look < 2; look++) {
      ai.nudge(now);
      await ai.idle();
    }
    expect(stuck).toHaveLength(1);
    expect(stuck[0]!.seat).toEqual(aiTurnOf(now)!.seat);
    expect((await view()).game.version).toBe(now.game.version);
  });

  it('lose nothing to a restart mid-decision: the next process finds the game and plays it', async () => {
    const { service, view, repo, gameId } = await game();
    const before = await view();
    const first = seats(service, hanging);
    const stopFirst = first.start();
    // The first process is deciding when it stops: nothing was stored.
    await new Promise((r) => setTimeout(r, 50));
    stopFirst();
    expect((await repo.getGame(gameId))!.version).toBe(before.game.version);
    // The next one takes every game waiting on an AI seat up at start-up.
    const delivered: GameView[] = [];
    const second = seats(service, new Inline(), delivered);
    stops.push(second.start());
    await new Promise((r) => setTimeout(r, 50));
    await second.idle();
    const after = await view();
    expect(aiTurnOf(after)).toBeNull();
    expect(after.moves.length).toBeGreaterThan(before.moves.length);
    expect(delivered.length).toBeGreaterThan(0);
  });

  it('are played by the process owning the server only, and two processes never play one seat twice', async () => {
    const { service, view, repo, gameId } = await game();
    const elsewhere = seats(service, new Inline(), [], () => false);
    elsewhere.nudge(await view());
    await elsewhere.idle();
    expect(aiTurnOf(await view())).not.toBeNull();
    // Two processes both (wrongly) taking the server up at once: the store's version check lets one play
    // from each position; the other reads the game again and goes on from there.
    const a = new Inline();
    const b = new Inline();
    const one = seats(service, a);
    const two = seats(service, b);
    let now = await view();
    for (let i = 0; i < 6; i++) {
      one.nudge(now);
      two.nudge(now);
      await Promise.all([one.idle(), two.idle()]);
      now = await aliceMoves(service, await view());
    }
    now = await view();
    const alone = await game();
    const ai = seats(alone.service, new Inline());
    let single = await alone.view();
    for (let i = 0; i < 6; i++) {
      ai.nudge(single);
      await ai.idle();
      single = await aliceMoves(alone.service, await alone.view());
    }
    // The same game as one process plays it: every AI move once.
    expect(now.moves.map((m) => m.text)).toEqual((await alone.view()).moves.map((m) => m.text));
    expect(a.asked.length + b.asked.length).toBeGreaterThan(
      now.moves.filter((m) => m.userId?.startsWith('ai:')).length,
    );
    expect((await repo.listMoves(gameId)).length).toBe(now.moves.length);
  });
});

describe('a decision on a thread', () => {
  it('plays a whole set-up through the pool', async () => {
    const { service, view } = await game('normal');
    const pool = new DecisionPool({ threads: 1 });
    try {
      const ai = seats(service, pool);
      let now = await view();
      while (now.state!.round === 0) {
        ai.nudge(now);
        await ai.idle();
        now = await view();
        if (now.state!.round > 0) break;
        now = await aliceMoves(service, now);
      }
      expect(pool.stats.decided).toBeGreaterThan(2);
      expect(pool.stats.timedOut + pool.stats.failed).toBe(0);
    } finally {
      await pool.close();
    }
  });
});
