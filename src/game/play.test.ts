import { describe, expect, it } from 'vitest';
import { headerFinalVp, readCorpus } from '../../test/corpus.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { ENGINE_VERSION, type GameState } from '../engine/index.ts';
import { replay } from './replay.ts';
import type { JsonValue } from './repo.ts';
import { withPicks } from './seats.ts';
import { fromSnapshot, toSnapshot } from './snapshot.ts';
import { GameService } from './service.ts';
import { countingRepo } from '../../test/support/counting-repo.ts';
import { caller, driveCorpus, errorOf, playAs, value } from './test-helpers.ts';
import { typedLines } from '../notation/parse.ts';

const FILE = '4pLeague_S60_D1L1_G1.txt';
// Record moves 0-13 are the set-up and the first turns; move 14 is "nomads: dig 1. build E3".
const BEFORE_NOMADS_BUILD = 14;

async function midGame() {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const run = await driveCorpus(service, FILE, BEFORE_NOMADS_BUILD);
  return { repo, service, gameId: run.game.id, users: run.users };
}

describe('a whole corpus game played through the service', () => {
  it('reaches the recorded final VP, seat by seat, line by line', async () => {
    const service = new GameService(new MemoryGameRepo());
    const { game } = await driveCorpus(service, FILE);
    const view = value(await service.getGame(caller('user-1', 'corpus'), game.id));
    expect(view.game.status).toBe('finished');
    const final = new Map(Object.values(view.state!.factions).map((f) => [f!.name as string, f!.VP]));
    expect(final).toEqual(headerFinalVp(readCorpus(FILE)));
    expect(view.waitingFor).toEqual([]);
    // Finished games are kept, and free their channel.
    expect(await service.listGames({ status: ['finished'] })).toHaveLength(1);
    expect(value(await service.findGameInChannel(caller('user-1', 'corpus')))).toBeNull();
  });
});

describe('the view each play returns', () => {
  it('plays a whole game from the views alone, each equal to reading the game again', async () => {
    const counting = countingRepo(new MemoryGameRepo());
    const service = new GameService(counting.repo);
    const { game, users, remaining } = await driveCorpus(service, FILE, 0);
    const as = (faction: string) => caller(users.get(faction)!, 'corpus');
    let view = value(await service.getGame(as(remaining[0]!.faction!), game.id));
    let checked = 0;
    let readsByPlays = 0;
    for (const [i, m] of remaining.entries()) {
      for (const line of typedLines(m.text)) {
        counting.reset();
        const played = value(await service.play(as(m.faction!), view, view.game.version, line));
        readsByPlays += counting.reads().length;
        view = played.view;
        expect(view.game.version).toBe(played.newVersion);
      }
      if (i % 10 === 0 || i === remaining.length - 1) {
        expect(view).toEqual(value(await service.currentView(game.id)));
        checked += 1;
      }
    }
    expect(view.game.status).toBe('finished');
    expect(checked).toBeGreaterThan(10);
    expect(readsByPlays).toBe(0);
  });
});

describe('preview and play', () => {
  it('previews on a copy: the result is reported, nothing is stored', async () => {
    const { repo, service, gameId, users } = await midGame();
    const nomads = caller(users.get('nomads')!, 'corpus');
    const before = await repo.loadGame(gameId);
    const outcome = value(await service.preview(nomads, gameId, 'Dig 1.  Build e3'));
    expect(outcome.text).toBe('dig 1. build E3');
    expect(outcome.faction).toBe('nomads');
    expect(outcome.version).toBe(before!.game.version);
    const nomadsChange = outcome.changes.find((c) => c.faction === 'nomads')!;
    expect(nomadsChange.after.W).toBeLessThan(nomadsChange.before.W);
    // The build offers power to the mermaids; the nomads' turn is over, so the mermaids move next.
    expect(outcome.waitingFor.map((w) => w.faction)).toEqual(['mermaids']);
    expect(outcome.state.pending).toContainEqual(
      expect.objectContaining({ type: 'leech', faction: 'mermaids', from: 'nomads', amount: 1 }),
    );
    const after = await repo.loadGame(gameId);
    expect(after!.game.version).toBe(before!.game.version);
    expect(after!.moves).toEqual(before!.moves);
  });

  it('plays: appends the canonical line under the seat and reports who must act', async () => {
    const { repo, service, gameId, users } = await midGame();
    const nomads = caller(users.get('nomads')!, 'corpus');
    const version = (await repo.getGame(gameId))!.version;
    const played = value(await service.play(nomads, gameId, version, 'dig 1. build E3'));
    expect(played.newVersion).toBe(version + 1);
    const stored = (await repo.loadGame(gameId))!;
    const seat = withPicks(stored.game, stored.moves).seats.find((s) => s.faction === 'nomads')!;
    expect(played.moves).toEqual([
      expect.objectContaining({ seat: seat.position, userId: nomads.userId, text: 'dig 1. build E3' }),
    ]);
    expect(played.waitingFor).toEqual([{ faction: 'mermaids', position: 2, userId: users.get('mermaids') }]);
    expect(played.events.some((e) => e.faction === 'nomads')).toBe(true);
  });

  it('keeps a turn open across free actions and closes it after the action', async () => {
    const { service, gameId, users } = await midGame();
    const nomads = users.get('nomads')!;
    const free = value(await playAs(service, gameId, nomads, 'convert 1W to 1C', 'corpus'));
    expect(free.waitingFor.map((w) => w.faction)).toEqual(['nomads']);
    const action = value(await playAs(service, gameId, nomads, 'dig 1. build E3', 'corpus'));
    expect(action.waitingFor.map((w) => w.faction)).toEqual(['mermaids']);
  });

  it('lists the caller’s legal lines, each one playable', async () => {
    const { service, gameId, users } = await midGame();
    const lines = value(await service.legalMoves(caller(users.get('nomads')!, 'corpus'), gameId));
    expect(lines).toContainEqual({ kind: 'build', text: 'dig 1. transform E3 to yellow. build E3' });
    for (const line of lines.filter((l) => l.kind === 'build').slice(0, 5))
      value(await service.preview(caller(users.get('nomads')!, 'corpus'), gameId, line.text));
    // The darklings moved last: until another faction moves they may still convert (as in the reference).
    const darklings = value(await service.legalMoves(caller(users.get('darklings')!, 'corpus'), gameId));
    expect(darklings.filter((l) => l.kind !== 'convert' && l.kind !== 'burn')).toEqual([]);
  });

  it('refuses stale versions, bad text, illegal moves and admin commands, writing nothing', async () => {
    const { repo, service, gameId, users } = await midGame();
    const nomads = caller(users.get('nomads')!, 'corpus');
    const { version } = (await repo.getGame(gameId))!;
    expect(errorOf(await service.play(nomads, gameId, version - 1, 'dig 1. build E3'))).toEqual({
      code: 'stale_version',
      params: { expected: version - 1, actual: version },
    });
    expect(errorOf(await service.play(nomads, gameId, version, 'fly to the moon')).code).toBe('parse_error');
    expect(errorOf(await service.play(nomads, gameId, version, 'build I1')).code).toBe('rule_error');
    expect(errorOf(await service.play(nomads, gameId, version, 'drop-faction mermaids'))).toEqual({
      code: 'admin_command',
      params: { command: 'drop-faction mermaids' },
    });
    expect((await repo.getGame(gameId))!.version).toBe(version);
  });

  it('serializes 50 concurrent plays on one game: one per version wins, the rest are told the game moved on', async () => {
    const { repo, service, gameId, users } = await midGame();
    const nomads = caller(users.get('nomads')!, 'corpus');
    const { version, moveCount } = (await repo.getGame(gameId))!;
    const same = await Promise.all(Array.from({ length: 50 }, () => service.play(nomads, gameId, version, 'wait')));
    expect(same.filter((r) => r.ok)).toHaveLength(1);
    for (const r of same.filter((x) => !x.ok)) expect(errorOf(r).code).toBe('stale_version');
    // Clients that retry on "moved on" all get through, each exactly once.
    const retrying = async () => {
      for (;;) {
        const r = await playAs(service, gameId, nomads.userId, 'wait', 'corpus');
        if (r.ok) return r.value.newVersion;
        expect(r.error.code).toBe('stale_version');
      }
    };
    const versions = await Promise.all(Array.from({ length: 50 }, retrying));
    expect(new Set(versions).size).toBe(50);
    const after = (await repo.loadGame(gameId))!;
    expect(after.game.moveCount).toBe(moveCount + 51);
    expect(after.game.version).toBe(version + 51);
    expect(after.moves.slice(moveCount).every((m) => m.text === 'wait')).toBe(true);
    // Nothing was lost on the way: the game goes on as recorded.
    value(await playAs(service, gameId, nomads.userId, 'dig 1. build E3', 'corpus'));
  });
});

describe('the snapshot cache', () => {
  it('holds exactly the state replayed from the log', async () => {
    const { repo, gameId } = await midGame();
    const loaded = (await repo.loadGame(gameId))!;
    expect(loaded.snapshot?.version).toBe(loaded.game.version);
    expect(fromSnapshot(loaded.snapshot!.state)).toEqual(JSON.parse(JSON.stringify(replay(loaded.game, loaded.moves))));
  });

  it('is ignored when it is not at the game version, and refreshed', async () => {
    const { repo, service, gameId, users } = await midGame();
    const game = (await repo.getGame(gameId))!;
    await repo.saveSnapshot(gameId, game.version, { bogus: true });
    await repo.updateGame(gameId, game.version, { language: 'es' });
    const view = value(await service.getGame(caller(users.get('nomads')!, 'corpus'), gameId));
    expect(view.state!.round).toBe(1);
    expect((await repo.loadGame(gameId))!.snapshot).toMatchObject({
      version: game.version + 1,
      state: { engineVersion: ENGINE_VERSION, state: { round: 1 } },
    });
  });

  /** Stores a snapshot at the game's version whose Nomads have 999 VP, and what the service then shows. */
  async function nomadsVpWith(wrap: (state: GameState) => JsonValue) {
    const { repo, service, gameId, users } = await midGame();
    const loaded = (await repo.loadGame(gameId))!;
    const state = fromSnapshot(loaded.snapshot!.state)!;
    state.factions.nomads!.VP = 999;
    expect(await repo.saveSnapshot(gameId, loaded.game.version, wrap(state))).toBe(true);
    const view = value(await service.getGame(caller(users.get('nomads')!, 'corpus'), gameId));
    const after = (await repo.loadGame(gameId))!.snapshot!;
    return { shown: view.state!.factions.nomads!.VP, stored: after.state };
  }
  const json = (state: GameState) => JSON.parse(JSON.stringify(state)) as JsonValue;

  it('is used when this engine version made it', async () => {
    const { shown } = await nomadsVpWith((state) => toSnapshot(state));
    expect(shown).toBe(999);
  });

  it('whose state changed since it was written (its checksum) is replaced by the replayed log', async () => {
    const { shown, stored } = await nomadsVpWith((state) => {
      const written = toSnapshot({
        ...state,
        factions: { ...state.factions, nomads: { ...state.factions.nomads!, VP: 20 } },
      });
      return { ...(written as Record<string, JsonValue>), state: json(state) };
    });
    expect(shown).toBe(20);
    expect(stored).toMatchObject({ engineVersion: ENGINE_VERSION, state: { factions: { nomads: { VP: 20 } } } });
  });

  it('written before checksums is replaced by the replayed log', async () => {
    const { shown } = await nomadsVpWith((state) => ({ engineVersion: ENGINE_VERSION, state: json(state) }));
    expect(shown).toBe(20);
  });

  it('made by another engine version is replaced by the replayed log', async () => {
    const { shown, stored } = await nomadsVpWith((state) => ({
      engineVersion: ENGINE_VERSION + 1,
      state: json(state),
    }));
    expect(shown).toBe(20);
    expect(stored).toMatchObject({ engineVersion: ENGINE_VERSION, state: { factions: { nomads: { VP: 20 } } } });
  });

  it('in the format before engine versions (the bare state) is replaced by the replayed log', async () => {
    const { shown, stored } = await nomadsVpWith((state) => json(state));
    expect(shown).toBe(20);
    expect(stored).toMatchObject({ engineVersion: ENGINE_VERSION });
  });

  it('that is not a state (a damaged row) is replaced by the replayed log', async () => {
    const damaged: [string, (s: Record<string, unknown>) => void][] = [
      ['a number as text', (s) => ((s.factions as Record<string, Record<string, unknown>>).nomads!.C = '15')],
      ['a missing field', (s) => delete s.hexes],
      ['an unknown faction', (s) => (s.active = 'wizards')],
      ['an unknown phase', (s) => (s.phase = 'lunch')],
    ];
    for (const [, damage] of damaged) {
      const { shown } = await nomadsVpWith((state) => {
        const s = json(state) as Record<string, unknown>;
        damage(s);
        return { engineVersion: ENGINE_VERSION, state: s as JsonValue };
      });
      expect(shown).toBe(20);
    }
  });
});
