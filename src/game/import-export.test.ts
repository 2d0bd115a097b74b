import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerFinalVp, readCorpus } from '../../test/corpus.ts';
import { isFactionId } from '../engine/index.ts';
import { parseGameLog } from '../notation/log.ts';
import { parseLine } from '../notation/parse.ts';
import { replayLog } from '../notation/replay.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { readRecord } from './record.ts';
import { GameService } from './service.ts';
import { T0, caller, driveCorpus, errorOf, playAs, startedGame, value } from './test-helpers.ts';

const LEDGER = '4pLeague_S60_D1L1_G1.txt';
const REPRO = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'repro');

function playersFor(text: string): Record<string, string> {
  return Object.fromEntries(readRecord(parseGameLog(text)).factions.map((f, i) => [f, `user-${i + 1}`]));
}

function finalVp(state: {
  factions: Partial<Record<string, { name: string; VP: number } | undefined>>;
}): Map<string, number> {
  return new Map(Object.values(state.factions).map((f) => [f!.name, f!.VP]));
}

describe('importing a snellman record', () => {
  it('stores a finished ledger game as finished, with the recorded scores', async () => {
    const service = new GameService(new MemoryGameRepo());
    const text = readCorpus(LEDGER);
    const game = value(await service.importGame(caller('admin'), { text, players: playersFor(text) }, T0));
    expect(game.status).toBe('finished');
    const { seats } = value(await service.getGame(caller('admin'), game.id)).game;
    expect(seats.map((s) => [s.faction, s.userId])).toEqual([
      ['darklings', 'user-1'],
      ['nomads', 'user-2'],
      ['mermaids', 'user-3'],
      ['engineers', 'user-4'],
    ]);
    const view = value(await service.getGame(caller('admin'), game.id));
    expect(finalVp(view.state!)).toEqual(headerFinalVp(text));
    expect(view.moves.every((m) => m.userId === null)).toBe(true);
  });

  it('continues a game cut short: the seats play on to the recorded end', async () => {
    const service = new GameService(new MemoryGameRepo());
    const full = readCorpus(LEDGER);
    // The ledger up to "nomads: dig 1. build E3", the 15th move.
    const lines = full.split('\n');
    const cut = lines.slice(0, lines.findIndex((l) => l.endsWith('\tdig 1. build E3')) + 1).join('\n');
    const game = value(
      await service.importGame(
        caller('user-1', 'imported'),
        { text: cut, players: playersFor(full), moveTimerHours: 48 },
        T0,
      ),
    );
    expect(game.status).toBe('active');
    const view = value(await service.getGame(caller('user-1', 'imported'), game.id));
    expect(view.waitingFor.map((w) => w.faction)).toEqual(['mermaids']);
    const rest = readRecord(parseGameLog(full)).moves.slice(15);
    const users = playersFor(full);
    for (const m of rest) value(await playAs(service, game.id, users[m.faction!]!, m.text, 'imported'));
    const end = value(await service.getGame(caller('user-1', 'imported'), game.id));
    expect(end.game.status).toBe('finished');
    expect(finalVp(end.state!)).toEqual(headerFinalVp(full));
  });

  it('continues a raw log cut while factions are chosen: the seats still to pick pick on', async () => {
    const service = new GameService(new MemoryGameRepo());
    const text = [
      'score SCORE2,SCORE3,SCORE4,SCORE5,SCORE6,SCORE7',
      ...['BON1', 'BON2', 'BON3'].map((t) => `delete ${t}`),
      ...['p1', 'p2', 'p3', 'p4'].map((p) => `player ${p}`),
      'setup witches',
      'setup engineers',
    ].join('\n');
    const players = { witches: 'user-1', engineers: 'user-2' };
    // The log names four players: two seats more than factions must be taken.
    expect(errorOf(await service.importGame(caller('admin'), { text, players }, T0)).code).toBe('import_players');
    const game = value(
      await service.importGame(caller('admin'), { text, players, unpicked: ['user-3', 'user-4'] }, T0),
    );
    const view = value(await service.chooseFaction(caller('user-3'), game.id, 'halflings'));
    expect(view.state!.factionOrder).toEqual(['witches', 'engineers', 'halflings']);
    expect(view.game.seats.map((s) => [s.userId, s.faction])).toEqual([
      ['user-1', 'witches'],
      ['user-2', 'engineers'],
      ['user-3', 'halflings'],
      ['user-4', null],
    ]);
  });

  it('reads move lists too (five players)', async () => {
    const service = new GameService(new MemoryGameRepo());
    const text = readCorpus('tmai_unittesttext0.txt');
    const game = value(await service.importGame(caller('admin'), { text, players: playersFor(text) }, T0));
    expect(game.seats).toHaveLength(5);
    const view = value(await service.getGame(caller('admin'), game.id));
    expect(view.state!.finished).toBe(true);
  });

  it('reads our own export of a game whose last row is a passed faction spending a leftover spade', async () => {
    const service = new GameService(new MemoryGameRepo());
    const text = readFileSync(join(REPRO, 'R3-replay-last-row.export.txt'), 'utf8');
    const game = value(await service.importGame(caller('admin'), { text, players: playersFor(text) }, T0));
    expect(game.status).toBe('finished');
    const view = value(await service.getGame(caller('admin'), game.id));
    expect(finalVp(view.state!)).toEqual(
      new Map([
        ['chaosmagicians', 78],
        ['swarmlings', 76],
      ]),
    );
  });

  it('refuses records that do not replay and player lists that do not match', async () => {
    const service = new GameService(new MemoryGameRepo());
    const text = readCorpus(LEDGER);
    const broken = text.replace('\tdig 1. build E3', '\tbuild I1');
    const brokenLine = broken.split('\n').findIndex((l) => l.endsWith('\tbuild I1')) + 1;
    expect(
      errorOf(await service.importGame(caller('a'), { text: broken, players: playersFor(text) }, T0)),
    ).toMatchObject({
      code: 'import_failed',
      params: { line: brokenLine },
    });
    expect(errorOf(await service.importGame(caller('a'), { text: 'hello', players: {} }, T0)).code).toBe(
      'import_failed',
    );
    const { engineers: _, ...missing } = playersFor(text);
    expect(errorOf(await service.importGame(caller('a'), { text, players: missing }, T0))).toEqual({
      code: 'import_players',
      params: { factions: 'darklings, nomads, mermaids, engineers' },
    });
    expect(
      errorOf(
        await service.importGame(caller('a'), { text, players: { ...playersFor(text), engineers: 'user-1' } }, T0),
      ).code,
    ).toBe('import_players');
    expect(await service.listGames({})).toEqual([]);
  });
});

/**
 * The shape terra.snellman.net's engine reads as it is (checked against the engine itself by
 * `npm run differential`): comment, option and map rows, one `score` row, `delete` rows, one `setup` row
 * per faction, then only `faction: commands` rows (or `drop-faction`), every command one it parses.
 */
function expectRawLogShape(text: string): void {
  const lines = text.trimEnd().split('\n');
  const section = (l: string) =>
    l.startsWith('#')
      ? 0
      : l.startsWith('option ') || l.startsWith('map ')
        ? 1
        : l.startsWith('score ')
          ? 2
          : l.startsWith('delete ')
            ? 3
            : l.startsWith('player ')
              ? 3.5
              : l.startsWith('setup ')
                ? 4
                : 5;
  const order = lines.map(section);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(lines.filter((l) => l.startsWith('score '))).toHaveLength(1);
  expect(lines.find((l) => l.startsWith('score '))).toMatch(/^score (SCORE\d,){5}SCORE\d$/);
  for (const l of lines.filter((l) => l.startsWith('delete '))) expect(l).toMatch(/^delete BON\d+$/);
  const factions = lines.filter((l) => l.startsWith('setup ')).map((l) => l.slice('setup '.length));
  expect(factions.every(isFactionId)).toBe(true);
  for (const l of lines.filter((l) => section(l) === 5)) {
    if (l.startsWith('drop-faction ')) {
      expect(factions).toContain(l.slice('drop-faction '.length));
      continue;
    }
    const m = l.match(/^(\w+): (.+)$/);
    expect(m, l).not.toBeNull();
    expect(factions).toContain(m![1]);
    expect(() => parseLine(m![2]!), l).not.toThrow();
  }
}

describe('exporting a snellman raw log', () => {
  it('replays in the reference replay to the same scores, a dropped faction included', async () => {
    const file = '4pLeague_S62_D1L1_G7.txt';
    const service = new GameService(new MemoryGameRepo());
    const text = readCorpus(file);
    const game = value(await service.importGame(caller('admin'), { text, players: playersFor(text) }, T0));
    const exported = value(await service.exportMoveList(caller('admin'), game.id));
    expect(exported).toMatch(/^drop-faction cultists$/m);
    expectRawLogShape(exported);
    const replayed = replayLog(parseGameLog(exported));
    expect(replayed.error).toBeNull();
    expect(finalVp(replayed.state!)).toEqual(headerFinalVp(text));
  });

  it('a conversion made after the move that ended a turn stays in that turn in the export', async () => {
    const service = new GameService(new MemoryGameRepo());
    const { game, users, remaining } = await driveCorpus(service, LEDGER, 20);
    let late: string | null = null;
    for (const m of remaining) {
      const view = value(await playAs(service, game.id, users.get(m.faction!)!, m.text, 'corpus'));
      const state = view.state!;
      const mover = state.handedOn?.from;
      if (mover && state.factions[mover]!.W > 0) {
        value(await playAs(service, game.id, users.get(mover)!, 'convert 1W to 1C', 'corpus'));
        late = `${mover}: convert 1W to 1C`;
        break;
      }
    }
    expect(late).not.toBeNull();
    const exported = value(await service.exportMoveList(caller('user-1', 'corpus'), game.id));
    const lines = exported.trimEnd().split('\n');
    // The row before it is the faction's own move, not a wait that would close the turn first.
    const at = lines.lastIndexOf(late!);
    expect(lines[at - 1]!.startsWith(late!.split(':')[0]!)).toBe(true);
    const again = value(
      await service.importGame(caller('admin', 'elsewhere'), { text: exported, players: playersFor(exported) }, T0),
    );
    const here = value(await service.getGame(caller('user-1', 'corpus'), game.id)).state!;
    const there = value(await service.getGame(caller('admin', 'elsewhere'), again.id)).state!;
    expect(finalVp(there)).toEqual(finalVp(here));
    expect(there.factions).toEqual(here.factions);
  });

  it('round-trips: a game played here, exported and imported elsewhere, is the same game', async () => {
    const service = new GameService(new MemoryGameRepo());
    const { game, users } = await driveCorpus(service, LEDGER, 40);
    const exported = value(await service.exportMoveList(caller('user-1', 'corpus'), game.id));
    expect(exported.split('\n').slice(1, 4)).toEqual([
      'option email-notify',
      'option errata-cultist-power',
      'option maintain-player-order',
    ]);
    expectRawLogShape(exported);
    const copy = value(
      await service.importGame(caller('user-1', 'copy'), { text: exported, players: Object.fromEntries(users) }, T0),
    );
    const [a, b] = [
      value(await service.getGame(caller('user-1', 'corpus'), game.id)),
      value(await service.getGame(caller('user-1', 'copy'), copy.id)),
    ];
    expect(b.state).toEqual(a.state);
    expect(b.moves.map((m) => [m.seat, m.text])).toEqual(a.moves.map((m) => [m.seat, m.text]));
    expect(value(await service.exportMoveList(caller('user-1', 'copy'), copy.id))).toBe(exported);
  });

  it('needs a started game', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = value(await service.createGame(caller('a')));
    expect(errorOf(await service.exportMoveList(caller('a'), game.id)).code).toBe('not_active');
  });
});

describe('the 2017 starting-VP option (docs/rulings.md VP-1)', () => {
  it('starts each faction with its row of the table on another map, and survives export and import', async () => {
    const service = new GameService(new MemoryGameRepo());
    const fireAndIce = '95a66999127893f5925a5f591d54f8bcb9a670e6';
    const game = await startedGame(service, ['a', 'b'], { options: ['starting-vp-2017'], map: fireAndIce });
    value(await service.chooseFaction(caller('a'), game.id, 'fakirs'));
    value(await service.chooseFaction(caller('b'), game.id, 'darklings'));
    const view = value(await service.getGame(caller('a'), game.id));
    expect(finalVp(view.state!)).toEqual(
      new Map([
        ['fakirs', 33],
        ['darklings', 15],
      ]),
    );
    const exported = value(await service.exportMoveList(caller('a'), game.id));
    expect(exported).toMatch(/^option starting-vp-2017$/m);
    expect(exported).toMatch(new RegExp(`^map ${fireAndIce}$`, 'm'));
    expectRawLogShape(exported);
    const copy = value(
      await service.importGame(caller('a', 'copy'), { text: exported, players: { fakirs: 'a', darklings: 'b' } }, T0),
    );
    const imported = value(await service.getGame(caller('a', 'copy'), copy.id));
    expect(imported.state).toEqual(view.state);
    expect(value(await service.exportMoveList(caller('a', 'copy'), copy.id))).toBe(exported);
  });

  it('leaves 20 for every faction without the option', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b'], { map: '95a66999127893f5925a5f591d54f8bcb9a670e6' });
    value(await service.chooseFaction(caller('a'), game.id, 'fakirs'));
    value(await service.chooseFaction(caller('b'), game.id, 'darklings'));
    const view = value(await service.getGame(caller('a'), game.id));
    expect([...finalVp(view.state!).values()]).toEqual([20, 20]);
  });
});

describe('special landscapes (docs/rulings.md §5)', () => {
  it('a placed landscape survives export and import: the option row and the landscape row read back', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b'], { options: ['special-landscapes'] });
    value(await service.chooseFaction(caller('a'), game.id, 'witches'));
    value(await service.chooseFaction(caller('b'), game.id, 'giants'));
    for (const [user, line] of [
      ['a', 'build A10'],
      ['b', 'build A12'],
      ['b', 'build E3'],
      ['a', 'build I11'],
    ] as const)
      value(await playAs(service, game.id, user, line));
    const bonus = async () => {
      const { pool } = value(await service.getGame(caller('a'), game.id)).state!;
      return Object.keys(pool).find((t) => t.startsWith('BON') && pool[t]! > 0)!;
    };
    value(await playAs(service, game.id, 'b', `pass ${await bonus()}`));
    value(await playAs(service, game.id, 'a', `pass ${await bonus()}`));
    value(await playAs(service, game.id, 'a', 'dig 1. transform A11 to green. landscape A11'));
    const view = value(await service.getGame(caller('a'), game.id));
    expect(view.state!.hexes.A11).toMatchObject({ owner: 'witches', landscape: 'raven' });
    const exported = value(await service.exportMoveList(caller('a'), game.id));
    expect(exported).toMatch(/^option special-landscapes$/m);
    expect(exported).toMatch(/landscape A11/);
    const copy = value(
      await service.importGame(caller('a', 'copy'), { text: exported, players: { witches: 'a', giants: 'b' } }, T0),
    );
    const imported = value(await service.getGame(caller('a', 'copy'), copy.id));
    expect(imported.state).toEqual(view.state);
    expect(value(await service.exportMoveList(caller('a', 'copy'), copy.id))).toBe(exported);
  });

  it('the Coral Reef on a river space survives export and import (SL-MER-1: `landscape r20`)', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b'], { options: ['special-landscapes'] });
    value(await service.chooseFaction(caller('a'), game.id, 'mermaids'));
    value(await service.chooseFaction(caller('b'), game.id, 'witches'));
    for (const [user, line] of [
      ['a', 'build E4'],
      ['b', 'build A10'],
      ['b', 'build I6'],
      ['a', 'build A11'],
    ] as const)
      value(await playAs(service, game.id, user, line));
    for (const user of ['b', 'a']) {
      const { pool } = value(await service.getGame(caller('a'), game.id)).state!;
      value(
        await playAs(
          service,
          game.id,
          user,
          `pass ${Object.keys(pool).find((t) => t.startsWith('BON') && pool[t]! > 0)!}`,
        ),
      );
    }
    value(await playAs(service, game.id, 'a', 'landscape r20'));
    const view = value(await service.getGame(caller('a'), game.id));
    expect(view.state!.hexes.r20).toMatchObject({ terrain: null, owner: 'mermaids', landscape: 'reef' });
    const exported = value(await service.exportMoveList(caller('a'), game.id));
    expect(exported).toMatch(/landscape r20/);
    const copy = value(
      await service.importGame(caller('a', 'copy'), { text: exported, players: { mermaids: 'a', witches: 'b' } }, T0),
    );
    const imported = value(await service.getGame(caller('a', 'copy'), copy.id));
    expect(imported.state).toEqual(view.state);
    expect(value(await service.exportMoveList(caller('a', 'copy'), copy.id))).toBe(exported);
  });
});
