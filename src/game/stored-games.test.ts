/**
 * Every game ever stored stays readable: games stored by the builds of each released ENGINE_VERSION
 * (test/fixtures/stored-games, README there), in the form the store holds them today, load through the
 * service under this engine and end where their own build ended them. Where a later version narrowed a
 * rule, the game keeps the rule it was stored with (GameSetup.rulesVersion); one fixture holds such a row.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENGINE_VERSION, type GameState } from '../engine/index.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { replay } from './replay.ts';
import { GameService } from './service.ts';
import { caller, value } from './test-helpers.ts';

const DIR = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'stored-games');

const Fixture = z.object({
  engineVersion: z.number().int(),
  commit: z.string(),
  game: z.object({
    options: z.record(z.string(), z.boolean()),
    settings: z.record(z.string(), z.unknown()),
    seats: z.array(z.object({ position: z.number().int(), userId: z.string() })),
  }),
  moves: z.array(z.tuple([z.number().int().nullable(), z.string().nullable(), z.string()])),
  final: z.object({ finished: z.boolean(), round: z.number().int(), vp: z.record(z.string(), z.number()) }),
  /** Where a later version computes the same log differently on purpose (a feature, a fix): what and why. */
  today: z.object({ vp: z.record(z.string(), z.number()), why: z.string() }).optional(),
});
type Fixture = z.infer<typeof Fixture>;

const fixtures = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, fixture: Fixture.parse(JSON.parse(readFileSync(join(DIR, file), 'utf8'))) }));

/** The fixture put in a store as the bot left it: the game, its seats and its log, no snapshot. */
async function stored(fixture: Fixture): Promise<{ service: GameService; repo: MemoryGameRepo; id: string }> {
  const repo = new MemoryGameRepo();
  const { game: g } = fixture;
  const game = await repo.createGame({
    guildId: 'guild-1',
    channelId: 'stored',
    creatorUserId: g.seats[0]!.userId,
    status: 'active',
    options: g.options,
    settings: g.settings as never,
    seed: 'stored',
    seats: g.seats.map((s) => ({ ...s, leechRules: [] })),
  });
  await repo.appendMoves(
    game.id,
    game.version,
    fixture.moves.map(([seat, userId, text]) => ({ seat, userId, text })),
  );
  return { service: new GameService(repo), repo, id: game.id };
}

const vpOf = (s: GameState) => Object.fromEntries(Object.values(s.factions).map((f) => [f!.name, f!.VP]));

describe('games stored by every released engine version', () => {
  it('cover every version from before versions were numbered to the one before this', () => {
    const versions = new Set(fixtures.map((f) => f.fixture.engineVersion));
    for (let v = 0; v < ENGINE_VERSION; v++) expect(versions, `a game stored under version ${v}`).toContain(v);
  });

  it.each(fixtures)('$file loads and ends as its own build ended it', async ({ fixture }) => {
    const { service, id } = await stored(fixture);
    const view = value(await service.getGame(caller(fixture.game.seats[0]!.userId, 'stored'), id));
    const state = view.state!;
    const end = { ...fixture.final, ...(fixture.today ? { vp: fixture.today.vp } : {}) };
    expect({ finished: state.finished, round: state.round, vp: vpOf(state) }).toEqual(end);
  });

  it('a stored game keeps the rule it was played with where a later version narrowed it', async () => {
    const { fixture } = fixtures.find((f) => f.file === 'v8-4p-swarmlings-look.json')!;
    const { repo, id } = await stored(fixture);
    const game = (await repo.getGame(id))!;
    const moves = await repo.listMoves(id);
    // Under its own rules (version 8) the Swarmlings' free trading house may wait past another faction's row.
    expect(replay(game, moves).finished).toBe(true);
    // Under today's the same log is refused at that row: the reference engine would wait for good there.
    const today = { ...game, settings: { ...game.settings, rulesVersion: ENGINE_VERSION } };
    expect(() => replay(today, moves)).toThrow(/free TP/);
  });
});

describe('a game created now', () => {
  it('records the rules it is played under', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(await service.createGame(caller('user-1'), {}));
    expect(game.settings.rulesVersion).toBe(ENGINE_VERSION);
  });
});
