import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The real games the tests replay, kept in the repository (see fixtures/games/README.md). */
export const CORPUS_DIR = join(import.meta.dirname, 'fixtures', 'games');

/** The path of one fixture game by its file name. */
export function fixturePath(file: string): string {
  return join(CORPUS_DIR, file);
}

/** Every corpus game, the Fire & Ice one (side 2, connected-clusters) included: each must replay. */
export function corpusFiles(): string[] {
  return readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort();
}

export function readCorpus(file: string): string {
  return readFileSync(join(CORPUS_DIR, file), 'utf8');
}

/** Final VP as the header records them: "# FINAL VP (as recorded by the source): a 1, b 2". */
export function headerFinalVp(text: string): Map<string, number> {
  const line = text.split('\n').find((l) => l.startsWith('# FINAL VP'));
  if (!line) throw new Error('corpus file without a FINAL VP header');
  const out = new Map<string, number>();
  for (const m of line.slice(line.indexOf(':') + 1).matchAll(/(\w+) (\d+)/g)) out.set(m[1]!, Number(m[2]));
  return out;
}
