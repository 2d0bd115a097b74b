// `npm run probe -- [--games N] [--fixtures N] [--fixture-dir D ...] [--positions N] [--rows N] [--seed S] [--out DIR]`: asks our
// engine and terra.snellman.net's own (shared/tools/snellman, not in CI) the same rows at positions of real
// and self-play games, rows from the whole player grammar of the reference (src/tools/probe/candidates.ts),
// and reports the rows only the reference accepts, the rows only we accept, the rows both accept with
// different numbers, and the accepted rows no sequence of legalMoves' offers reaches; each row is asked of
// ours twice, played as a player's move and read with the prefix as one record (record-* kinds). Each finding goes to
// DIR/<kind>.txt with the position and a log that reproduces it (DIR/cases).
import { mkdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../engine/index.ts';
import { type Candidate, candidatesFor } from './probe/candidates.ts';
import { deliberate, deliberateDifference } from './probe/deliberate.ts';
import { answer, importPrefix } from './probe/ours.ts';
import { FIXTURE_DIRS, fixtureGames, type Game, positionsOf, selfPlayGame } from './probe/positions.ts';
import { notOfferedByDesign, reachedByOffers } from './probe/reach.ts';
import { Reference, type ReferenceAnswer, referenceSource } from './probe/reference.ts';
import { differences, summarize } from './probe/summary.ts';

const KINDS = [
  'agree-refuse',
  'agree-accept',
  'not-offered',
  'only-reference',
  'only-ours',
  'different',
  'different-deliberate',
  'unreached',
  'record-only-reference',
  'record-only-ours',
  'record-different',
  'record-different-deliberate',
] as const;
type Kind = (typeof KINDS)[number];

const REPO = resolve(import.meta.dirname, '../..');

/** Where our replay of prefix and candidate as one record parts from the reference; null when it agrees. */
function recordVerdict(
  prefix: readonly string[],
  rows: readonly string[],
  ref: ReferenceAnswer,
): { kind: Kind; detail: string; code?: string } | null {
  const read = importPrefix([...prefix, ...rows]);
  if ('error' in read)
    return ref.error ? null : { kind: 'record-only-reference', detail: `ours: ${read.error}`, code: read.code };
  if (ref.error) return { kind: 'record-only-ours', detail: `reference: ${ref.error}` };
  const diff = differences(summarize(read.state), ref.state!);
  if (!diff.length) return null;
  const why = deliberateDifference(rows, ref);
  return why
    ? { kind: 'record-different-deliberate', detail: `${why}: ${diff.slice(0, 8).join('; ')}` }
    : { kind: 'record-different', detail: diff.slice(0, 8).join('; ') };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '40' },
      fixtures: { type: 'string', default: '1000' },
      /** Fixture folders to read (test/fixtures/<dir>), by default all of FIXTURE_DIRS. */
      'fixture-dir': { type: 'string', multiple: true, default: [...FIXTURE_DIRS] },
      positions: { type: 'string', default: '10' },
      rows: { type: 'string', default: '50' },
      seed: { type: 'string', default: 'probe' },
      out: { type: 'string', default: join(process.env.TMPDIR ?? '/tmp', 'tm-probe') },
      /** Skip the reach check (the slowest part). */
      'no-reach': { type: 'boolean', default: false },
    },
  });
  const source = referenceSource();
  if (!source) {
    console.error('the reference engine is not installed (shared/tools/snellman/setup.sh; SNELLMAN_SRC)');
    return 2;
  }
  const out = resolve(values.out!);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'cases'), { recursive: true });
  const rand = seededRandom(`${values.seed}/probe`);
  const reference = new Reference(source);
  const games: (() => Game)[] = [
    ...fixtureGames(REPO, values['fixture-dir'])
      .filter((_, i, all) => i < Number(values.fixtures) || all.length <= Number(values.fixtures))
      .map((g) => () => g),
    ...Array.from({ length: Number(values.games) }, (_, i) => () => selfPlayGame(i, values.seed!)),
  ];
  const tally = new Map<string, number>();
  const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
  let cases = 0;
  const record = (kind: Kind, label: string, rows: readonly string[], c: Candidate, detail: string) => {
    const file = join(out, 'cases', `${++cases}.log`);
    writeFileSync(file, `${[...rows, `# ${kind}: ${detail.replace(/\n/g, ' ')}`, ...c.rows].join('\n')}\n`);
    appendFileSync(
      join(out, `${kind}.txt`),
      `${label} [${c.form}] ${c.rows.join(' | ')}\n    ${detail}\n    ${file}\n`,
    );
  };
  let asked = 0;
  let skipped = 0;
  for (const make of games) {
    let game: Game;
    try {
      game = make();
    } catch (e) {
      console.log(`a game could not be made: ${(e as Error).message}`);
      continue;
    }
    const fireAndIce = game.header.some((h) => /fire-and-ice|^map /.test(h)) ? 'fire-and-ice' : 'base';
    for (const p of positionsOf(game, Number(values.positions), rand)) {
      const candidates = candidatesFor(p.state, p.next, rand, Number(values.rows));
      const reply = await reference.ask(
        p.rows,
        candidates.map((c) => c.rows),
      );
      if (reply.prefix) {
        skipped++;
        appendFileSync(join(out, 'skipped.txt'), `${p.label}: the reference refuses the prefix: ${reply.prefix}\n`);
        continue;
      }
      candidates.forEach((c, i) => {
        const ref = reply.results[i]!;
        const ours = answer(p.state, c.rows);
        let kind: Kind;
        let detail = '';
        if (ref.error && ours.error) kind = 'agree-refuse';
        else if (ref.error) {
          kind = 'only-ours';
          detail = `reference: ${ref.error}`;
        } else if (ours.error) {
          kind = 'only-reference';
          const why = deliberate(ours.code, c.rows, p.state);
          detail = `ours: ${ours.error}${why ? ` (deliberate; the reference then waits for ${JSON.stringify(ref.state?.waiting)})` : ''}`;
          count(`only-reference: ${why ? `deliberate: ${why}` : 'not deliberate'}`);
        } else {
          const diff = differences(ours.summary!, ref.state!);
          const why = diff.length ? deliberateDifference(c.rows, ref) : undefined;
          if (diff.length) {
            kind = why ? 'different-deliberate' : 'different';
            detail = `${why ? `${why}: ` : ''}${diff.slice(0, 8).join('; ')}`;
          } else if (values['no-reach'] || reachedByOffers(p.state, c.rows)) kind = 'agree-accept';
          else {
            const reason = notOfferedByDesign(p.state, c.rows, ours.state!);
            kind = reason ? 'not-offered' : 'unreached';
            detail = reason ?? 'no sequence of offered moves ends in this state';
            if (reason) count(`not-offered: ${reason}`);
          }
        }
        asked++;
        count(kind);
        count(`${fireAndIce} ${kind}`);
        if (kind !== 'agree-accept' && kind !== 'agree-refuse' && kind !== 'not-offered') {
          count(`${kind} by form ${c.form}`);
          record(kind, p.label, p.rows, c, detail);
        }
        // The same rows read as a record (/tm import, a stored game's replay), which closes the last row's
        // turn as the reference does.
        const read = recordVerdict(p.rows, c.rows, ref);
        if (read) {
          if (read.kind === 'record-only-reference') {
            // The record's own refusal names the rule (a live answer may have been refused by another, or
            // taken: a `wait` row after an imported prefix whose last turn the import closed).
            const why = deliberate(read.code ?? ours.code, c.rows, p.state);
            count(`record-only-reference: ${why ? `deliberate: ${why}` : 'not deliberate'}`);
          }
          count(read.kind);
          count(`${read.kind} by form ${c.form}`);
          record(read.kind, p.label, p.rows, c, read.detail);
        }
      });
    }
    console.log(`${game.name}: ${asked} rows so far; ${KINDS.map((k) => `${k} ${tally.get(k) ?? 0}`).join(', ')}`);
  }
  reference.close();
  const lines = [
    `rows asked: ${asked} (positions skipped because the reference refused the prefix: ${skipped})`,
    ...[...tally.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k.padEnd(48)} ${n}`),
  ];
  writeFileSync(join(out, 'summary.txt'), `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  const bad = ['only-ours', 'different', 'unreached', 'record-only-ours', 'record-different'].some(
    (k) => (tally.get(k) ?? 0) > 0,
  );
  return bad ? 1 : 0;
}

process.exitCode = await main();
