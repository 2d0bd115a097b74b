import { afterEach, describe, expect, it } from 'vitest';
import { play } from '../engine/index.ts';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { GameService } from '../game/service.ts';
import { T0, caller, value } from '../game/test-helpers.ts';
import { parseLine } from '../notation/parse.ts';
import type { DecisionJob } from './decision.ts';
import { DecisionFailed, DecisionPool } from './pool.ts';

/** The first decision of a dealt 3-seat game: the faction to place its first dwelling. */
async function firstJob(level: DecisionJob['level']): Promise<DecisionJob> {
  const service = new GameService(new MemoryGameRepo());
  const game = value(
    await service.createGame(caller('alice'), {
      maxPlayers: 3,
      aiSeats: { count: 2, level },
      factionMode: 'random',
      seed: 'pool',
    }),
  );
  value(await service.start(caller('alice'), game.id, T0));
  const view = value(await service.getGame(caller('alice'), game.id));
  return { state: view.state!, task: { kind: 'move', faction: view.waitingFor[0]!.faction }, level, seed: 'pool' };
}

let pool: DecisionPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the decision pool', () => {
  it('decides on a thread: a line the engine plays, with its reasons', async () => {
    pool = new DecisionPool({ threads: 1 });
    const job = await firstJob('normal');
    const reply = await pool.decide(job, 60_000);
    expect(reply.kind).toBe('move');
    if (reply.kind !== 'move') return;
    const faction = job.task.kind === 'move' ? job.task.faction : null;
    expect(play(job.state, faction, parseLine(reply.text)).ok).toBe(true);
    // The same job, the same decision: seeded, whatever thread makes it.
    expect(await pool.decide(job, 60_000)).toEqual(reply);
    expect(pool.stats).toMatchObject({ decided: 2, timedOut: 0, failed: 0 });
  });

  it('gives a decision up when its time runs out, and the next one gets a fresh thread', async () => {
    pool = new DecisionPool({ threads: 1 });
    const job = await firstJob('hard');
    const late = pool.decide(job, 1);
    const next = pool.decide({ ...job, level: 'easy' }, 60_000);
    await expect(late).rejects.toMatchObject({ name: 'DecisionFailed', reason: 'timeout' });
    expect((await next).kind).toBe('move');
    expect(pool.stats).toMatchObject({ decided: 1, timedOut: 1 });
  });

  it('reports a decision it cannot make, and ends waiting ones when closed', async () => {
    pool = new DecisionPool({ threads: 1 });
    const job = await firstJob('easy');
    // A seat that has no pick to make: the AI's own error comes back as a failed decision.
    await expect(pool.decide({ ...job, task: { kind: 'pick', seat: 0 } }, 60_000)).rejects.toBeInstanceOf(
      DecisionFailed,
    );
    const waiting = [pool.decide(job, 60_000), pool.decide(job, 60_000)].map((w) => w.catch((e: unknown) => e));
    await pool.close();
    for (const w of waiting) expect(await w).toMatchObject({ reason: 'closed' });
    await expect(pool.decide(job, 60_000)).rejects.toMatchObject({ reason: 'closed' });
  });

  it('decides on the caller’s thread without threads', async () => {
    pool = new DecisionPool({ threads: 0 });
    const job = await firstJob('easy');
    expect((await pool.decide(job, 1)).kind).toBe('move');
  });
});
