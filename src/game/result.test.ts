import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFiles, headerFinalVp, readCorpus } from '../../test/corpus.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { ranksByVp, resultOf } from './result.ts';
import { GameService } from './service.ts';
import { value } from './test-helpers.ts';

const RESULTS = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'ratings', 'results.json');

interface FileGame {
  id: string;
  factions: { player: string; faction: string; vp: number; dropped?: boolean }[];
}

/** The players a league record names: "# player->faction (…): 1 name -> faction, …". */
function playersOf(text: string): Record<string, string> {
  const line = text.split('\n').find((l) => l.startsWith('# player->faction'))!;
  return Object.fromEntries(
    [...line.slice(line.indexOf('):') + 2).matchAll(/\d+ (\S+) -> (\w+)/g)].map((m) => [m[2]!, m[1]!]),
  );
}

describe('a finished game’s result, from its log', () => {
  it('ranks by VP, equal VP sharing the better rank', () => {
    expect(ranksByVp([90, 120, 90, 80])).toEqual([2, 1, 2, 4]);
    expect(ranksByVp([50, 50, 50])).toEqual([1, 1, 1]);
  });

  it('of every league game of the corpus equals the record and the ratings fixture', async () => {
    const fixture = new Map((JSON.parse(readFileSync(RESULTS, 'utf8')) as FileGame[]).map((g) => [g.id, g]));
    const service = new GameService(new MemoryGameRepo());
    const files = corpusFiles().filter((f) => f.startsWith('4pLeague_'));
    expect(files).toHaveLength(55);
    let drops = 0;
    for (const file of files) {
      const text = readCorpus(file);
      const admin = { userId: 'admin', guildId: 'g', channelId: file };
      const game = value(await service.importGame(admin, { text, players: playersOf(text) }, new Date()));
      const view = value(await service.getGame(admin, game.id));
      const result = resultOf(view.game, view.moves, view.state!);
      expect(result.finishedAt).toEqual(view.moves.at(-1)!.createdAt);
      expect(result.map).toBe('126fe960806d587c78546b30f1a90853b1ada468');
      expect(result.options).toContain('mini-expansion-1');
      expect(new Map(result.seats.map((s) => [s.faction, s.vp]))).toEqual(headerFinalVp(text));
      expect(result.seats.map((s) => s.rank)).toEqual(ranksByVp(result.seats.map((s) => s.vp)));
      expect(result.seats.every((s) => !s.ai)).toBe(true);
      drops += result.seats.filter((s) => s.dropped).length;
      expect(
        result.seats.map((s) => ({
          player: s.userId,
          faction: s.faction,
          vp: s.vp,
          ...(s.dropped ? { dropped: true } : {}),
        })),
        file,
      ).toEqual(fixture.get(file.replace('.txt', ''))!.factions);
    }
    // S62_G7 and S64_G3..G7 lost a faction mid-game, S64_G6 two.
    expect(drops).toBe(7);
  });
});
