// `npm run differential -- --games N [--from K] [--out DIR] [--map ID] [--with FACTION --option OPTION] [--policy free] [--base]`: plays N self-play games (2-5 players,
// every faction, every offered map in turn, options drawn at random (the Fire & Ice final scoring
// among them), some games with none) and checks each against terra.snellman.net's
// own engine (../shared/tools/snellman/score.pl, not in CI): the reference accepts every row and ends
// with our numbers; its dumped ledger replays in our engine with every row equal; our /tm import of the
// log and /tm export → import round trip give the same game; the reference accepts the export as it is;
// and the rows played as a live game plays them (each move's complete turn handed on at once) reach the
// same end. `--policy free` writes rows as players type them too (selfplay/policy.ts freeRows).
// Disagreeing games are kept in DIR/disagree with the reason. Prints agreement by player count, faction, option, map and final-scoring tile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type FactionId,
  type GameState,
  MAPS,
  apply,
  newGame,
  play,
  mapData,
  type OptionId,
  OPTIONS,
  ORIGINAL_MAP_ID,
  seededRandom,
} from '../engine/index.ts';
import { MemoryGameRepo } from '../game/memory-repo.ts';
import { GameService } from '../game/service.ts';
import { parseGameLog } from '../notation/log.ts';
import { parseLine } from '../notation/parse.ts';
import { replayLog } from '../notation/replay.ts';
import { selfPlay, type SelfPlayGame } from '../selfplay/game.ts';
import { rawLog } from '../selfplay/raw-log.ts';
import { referenceScript } from './snellman.ts';

const SCORE_PL = referenceScript();
/** Options that change the rules (email-notify and maintain-player-order change nothing we play). */
const RULE_OPTIONS = OPTIONS.filter((o) => o !== 'email-notify');

interface Reference {
  readonly file: string;
  readonly errors: string[];
  readonly finished: boolean;
  readonly vp: Record<string, number>;
  readonly ledger_file?: string;
}

interface Checked {
  readonly game: SelfPlayGame;
  readonly problems: string[];
}

/** The base game's options: the Fire & Ice factions and final-scoring tiles left out. */
const BASE_OPTIONS = RULE_OPTIONS.filter((o) => !o.startsWith('fire-and-ice'));

function optionsFor(i: number, seed: string, base: boolean): OptionId[] {
  // One game in five without any option; the others draw each option with even odds.
  if (i % 5 === 4) return [];
  const rand = seededRandom(`${seed}/options`);
  return (base ? BASE_OPTIONS : RULE_OPTIONS).filter(() => rand() < 0.5);
}

/** The maps snellman offers, each in turn (the player count cycles by 4, so every map meets every count). */
const OFFERED_MAPS = MAPS.filter((m) => m.offered).map((m) => m.id);
const mapFor = (i: number) => OFFERED_MAPS[Math.floor(i / 4) % OFFERED_MAPS.length]!;

function vpOf(state: GameState): Record<string, number> {
  return Object.fromEntries(Object.values(state.factions).map((f) => [f!.name, f!.VP]));
}

function sameVp(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a).sort();
  return keys.join() === Object.keys(b).sort().join() && keys.every((k) => a[k] === b[k]);
}

const fmtVp = (v: Record<string, number>) =>
  Object.entries(v)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

/** Runs the reference engine on many files in one process. */
function reference(files: string[], ledgerDir: string): Map<string, Reference> {
  const r = spawnSync('perl', [SCORE_PL!, '--no-error-row', '--dump-ledger', ledgerDir, '--format', 'log', ...files], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.error) throw r.error;
  const out = new Map<string, Reference>();
  for (const line of r.stdout.split('\n')) {
    if (!line.trim()) continue;
    const j = JSON.parse(line) as Reference;
    out.set(j.file, j);
  }
  return out;
}

/** Our side: import of the log, export, and import of the export, through the game service. */
async function roundTrip(game: SelfPlayGame, log: string): Promise<{ exported: string; problems: string[] }> {
  const problems: string[] = [];
  const service = new GameService(new MemoryGameRepo());
  const players = Object.fromEntries(game.factions.map((f, i) => [f, `user-${i + 1}`]));
  const now = new Date('2026-01-01T00:00:00Z');
  const admin = { userId: 'admin', guildId: 'g', channelId: 'c1' };
  const imported = await service.importGame(admin, { text: log, players }, now);
  if (!imported.ok) return { exported: '', problems: [`import of the log refused: ${JSON.stringify(imported.error)}`] };
  const exported = await service.exportMoveList(admin, imported.value.id);
  if (!exported.ok) return { exported: '', problems: [`export refused: ${JSON.stringify(exported.error)}`] };
  const again = await service.importGame({ ...admin, channelId: 'c2' }, { text: exported.value, players }, now);
  if (!again.ok) problems.push(`import of our export refused: ${JSON.stringify(again.error)}`);
  for (const [label, who, id] of [
    ['import', admin, imported.value.id],
    ['export → import', { ...admin, channelId: 'c2' }, again.ok ? again.value.id : null],
  ] as const) {
    if (!id) continue;
    const view = await service.getGame(who, id);
    if (!view.ok || !view.value.state) problems.push(`${label}: no state`);
    else if (!view.value.state.finished || !sameVp(vpOf(view.value.state), vpOf(game.state)))
      problems.push(`${label}: ${fmtVp(vpOf(view.value.state))}, finished ${view.value.state.finished}`);
  }
  return { exported: exported.value, problems };
}

/**
 * The game's rows played one by one as the game service plays moves (play: each complete turn handed on
 * at once): the rows a faction writes after its action must be taken as the reference takes them.
 */
function playedLive(game: SelfPlayGame): string[] {
  let state = newGame(game.setup);
  const step = (who: FactionId | null, text: string) => {
    const r = who ? play(state, who, parseLine(text)) : apply(state, null, parseLine(text));
    if (!r.ok) throw new Error(`${who ?? 'admin'}: ${text}: ${r.error.message}`);
    state = r.value.state;
  };
  try {
    for (const bid of game.bids) step(null, bid);
    game.factions.forEach((f, i) => {
      step(null, `setup ${f}`);
      for (const r of game.afterPick[i] ?? []) step(r.faction, r.text);
    });
    for (const r of game.rows) step(r.faction, r.text);
  } catch (e) {
    return [`played live, refused: ${(e as Error).message}`];
  }
  if (!sameVp(vpOf(state), vpOf(game.state)) || !state.finished)
    return [`played live: ${fmtVp(vpOf(state))}, finished ${state.finished}`];
  return [];
}

function check(game: SelfPlayGame, ref: Reference | undefined, exportRef: Reference | undefined): string[] {
  const problems: string[] = [];
  const ours = vpOf(game.state);
  if (!ref) return ['the reference engine gave no answer for the log'];
  if (ref.errors.length) problems.push(`reference refuses the log: ${ref.errors.join(' | ').trim()}`);
  else if (!ref.finished) problems.push('reference: the game is not finished');
  else if (!sameVp(ref.vp, ours)) problems.push(`reference VP ${fmtVp(ref.vp)}; ours ${fmtVp(ours)}`);
  if (ref.ledger_file) {
    const entries = parseGameLog(readFileSync(ref.ledger_file, 'utf8'));
    const replayed = replayLog(entries);
    const rows = entries.filter((e) => e.kind === 'row' && e.checkpoint).length;
    if (replayed.error)
      problems.push(
        `reference ledger, row ${replayed.error.row} [${replayed.error.command}]: ${replayed.error.message}`,
      );
    else if (replayed.checkedRows !== rows)
      problems.push(`reference ledger: ${replayed.checkedRows}/${rows} rows checked`);
    else if (!ref.errors.length && !replayed.state?.finished) problems.push('reference ledger replays unfinished');
  }
  if (!exportRef) problems.push('the reference engine gave no answer for our export');
  else if (exportRef.errors.length)
    problems.push(`reference refuses our export: ${exportRef.errors.join(' | ').trim()}`);
  else if (!exportRef.finished || !sameVp(exportRef.vp, ours))
    problems.push(`reference on our export: ${fmtVp(exportRef.vp)}, finished ${exportRef.finished}`);
  return problems;
}

function tally(results: readonly Checked[]): string[] {
  const by = new Map<string, [number, number]>();
  const add = (key: string, ok: boolean) => {
    const t = by.get(key) ?? [0, 0];
    t[0] += ok ? 1 : 0;
    t[1]++;
    by.set(key, t);
  };
  for (const r of results) {
    const ok = r.problems.length === 0;
    add('all', ok);
    add(`${r.game.factions.length} players`, ok);
    for (const f of r.game.factions) add(f, ok);
    add(r.game.setup.options.length ? 'with options' : 'without options', ok);
    for (const o of r.game.setup.options) add(`option ${o}`, ok);
    add(`map ${mapData(r.game.setup.map ?? ORIGINAL_MAP_ID).name}`, ok);
    for (const t of r.game.setup.finalScoring ?? []) add(`final ${t}`, ok);
  }
  const rank = (k: string) =>
    k === 'all'
      ? 0
      : k.endsWith('players')
        ? 1
        : k.startsWith('map ')
          ? 5
          : k.startsWith('final ')
            ? 6
            : k.includes('options')
              ? 3
              : k.startsWith('option ')
                ? 4
                : 2;
  return [...by]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([k, [a, n]]) => `${k.padEnd(34)} ${a}/${n}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '100' },
      from: { type: 'string', default: '0' },
      out: { type: 'string', default: join(process.env.TMPDIR ?? '/tmp', 'tm-differential') },
      batch: { type: 'string', default: '25' },
      /** One map's id for every game; by default the offered maps take turns. */
      map: { type: 'string' },
      /** A faction every game seats (with the option it needs given by --option). */
      with: { type: 'string' },
      /** Options every game has, besides those drawn at random. */
      option: { type: 'string', multiple: true, default: [] },
      /** `free`: the self-play writes rows as players type them, not only as legalMoves offers them. */
      policy: { type: 'string', default: 'offers' },
      /** The base game alone: the original map, no Fire & Ice faction or final-scoring option. */
      base: { type: 'boolean', default: false },
    },
  });
  if (!SCORE_PL) {
    console.error('the reference engine is not installed (shared/tools/snellman/score.pl; TM_SNELLMAN_SCORE)');
    return 2;
  }
  const games = Number(values.games);
  const from = Number(values.from);
  const batch = Number(values.batch);
  const dir = resolve(values.out!);
  rmSync(join(dir, 'work'), { recursive: true, force: true });
  mkdirSync(join(dir, 'work'), { recursive: true });
  mkdirSync(join(dir, 'disagree'), { recursive: true });
  const results: Checked[] = [];
  for (let start = from; start < from + games; start += batch) {
    const pending: { game: SelfPlayGame; log: string; logFile: string; exportFile: string; problems: string[] }[] = [];
    for (let i = start; i < Math.min(start + batch, from + games); i++) {
      const seed = `diff-${i}`;
      const players = 2 + (i % 4);
      let game: SelfPlayGame;
      try {
        const options = [...new Set([...optionsFor(i, seed, values.base!), ...(values.option as OptionId[])])];
        game = selfPlay({
          seed,
          players,
          options,
          map: values.map ?? (values.base ? ORIGINAL_MAP_ID : mapFor(i)),
          ...(values.with ? { include: values.with as FactionId } : {}),
          policy: values.policy === 'free' ? 'free' : 'offers',
        });
      } catch (e) {
        console.log(`game ${seed}: self-play failed: ${(e as Error).message}`);
        writeFileSync(join(dir, 'disagree', `${seed}.selfplay-error.txt`), String((e as Error).stack));
        continue;
      }
      const log = rawLog(game);
      const logFile = join(dir, 'work', `${seed}.log`);
      writeFileSync(logFile, log);
      const { exported, problems } = await roundTrip(game, log);
      problems.push(...playedLive(game));
      const exportFile = join(dir, 'work', `${seed}.export.log`);
      writeFileSync(exportFile, exported);
      pending.push({ game, log, logFile, exportFile, problems });
    }
    const refs = reference(
      pending.flatMap((p) => [p.logFile, p.exportFile]),
      join(dir, 'work'),
    );
    for (const p of pending) {
      const problems = [...p.problems, ...check(p.game, refs.get(p.logFile), refs.get(p.exportFile))];
      results.push({ game: p.game, problems });
      if (problems.length) {
        const base = join(dir, 'disagree', p.game.seed);
        writeFileSync(`${base}.log`, p.log);
        writeFileSync(`${base}.problems.txt`, `${problems.join('\n')}\n`);
        console.log(`game ${p.game.seed} (${p.game.factions.join(', ')}): ${problems[0]}`);
      }
    }
    const ok = results.filter((r) => r.problems.length === 0).length;
    console.log(`… ${ok}/${results.length} agree`);
  }
  console.log(tally(results).join('\n'));
  return results.every((r) => r.problems.length === 0) && results.length === games ? 0 : 1;
}

process.exitCode = await main();
