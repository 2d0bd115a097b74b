import { describe, expect, it } from 'vitest';
import { type HeldGame, HeldGames } from './held-games.ts';

const at = new Date(0);

function held(id: string, version: number, pending: number[] = [], snapshotBytes = 1000): HeldGame {
  return {
    game: {
      id,
      guildId: 'g',
      channelId: `c-${id}`,
      creatorUserId: 'u',
      status: 'active',
      activeChannelKey: `g:c-${id}`,
      language: 'en',
      options: '{}',
      settings: '{}',
      seed: 's',
      version,
      moveCount: 0,
      createdAt: at,
      updatedAt: at,
      waitRestartedAt: null,
      threadId: null,
      seats: [],
    },
    snapshot: { version, text: 'x'.repeat(snapshotBytes) },
    moves: [],
    pending: pending.map((v) => ({ gameId: id, version: v, payload: '{}', createdAt: at })),
  };
}

describe('the games a store holds', () => {
  it('gives a game back only at the version read, with the outbox cut to what is still in it', () => {
    const games = new HeldGames(1_000_000);
    games.offer(held('a', 3, [2, 3]));
    expect(games.current('a', 4, 2)).toBeNull();
    expect(games.current('a', 3, 3)).toBeNull();
    expect(games.current('a', 3, 2)?.pending.map((p) => p.version)).toEqual([2, 3]);
    expect(games.current('a', 3, 1)?.pending.map((p) => p.version)).toEqual([3]);
    expect(games.current('b', 1, 0)).toBeNull();
  });

  it('keeps the newest version when an older read finishes late', () => {
    const games = new HeldGames(1_000_000);
    games.offer(held('a', 5));
    games.offer(held('a', 4));
    expect(games.at('a', 5)).not.toBeNull();
    expect(games.at('a', 4)).toBeNull();
  });

  it('drops the least recently used games past its budget, and never holds one larger than it', () => {
    const games = new HeldGames(3_500);
    games.offer(held('a', 1));
    games.offer(held('b', 1));
    games.current('a', 1, 0);
    games.offer(held('c', 1));
    expect(games.stats.games).toBe(2);
    expect(games.at('b', 1)).toBeNull();
    expect(games.at('a', 1)).not.toBeNull();
    expect(games.stats.bytes).toBeLessThanOrEqual(3_500);
    games.offer(held('d', 1, [], 10_000));
    expect(games.at('d', 1)).toBeNull();
    games.forget('a');
    expect(games.stats.games).toBe(1);
  });
});
