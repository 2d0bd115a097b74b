import {
  type AdminCommand,
  type Command,
  applyInPlace,
  endTurn,
  type EngineNote,
  RuleError,
  type FactionSnapshot,
  snapshotOf,
  newGame,
  type FactionId,
  type GameState,
  type OptionId,
  type ScoringTileId,
  isOptionId,
  isScoringTile,
  type FinalScoringId,
} from '../engine/index.ts';
import type { LogEntry } from './log.ts';
import { parseCommand, ParseError, splitCommands, splitRecorded } from './parse.ts';
import { isEngineRow } from './log.ts';

export interface ReplayError {
  readonly row: number;
  readonly command: string;
  readonly message: string;
  /** The rule's code when a rule of the engine refused the row (RuleError.code). */
  readonly code?: string;
}

export interface ReplayResult {
  readonly state: GameState | null;
  readonly error: ReplayError | null;
  /** Faction rows whose numbers were compared with the record. */
  readonly checkedRows: number;
}

function sameNumbers(a: FactionSnapshot, b: FactionSnapshot): boolean {
  return (
    a.VP === b.VP &&
    a.C === b.C &&
    a.W === b.W &&
    a.P === b.P &&
    a.PW[0] === b.PW[0] &&
    a.PW[1] === b.PW[1] &&
    a.PW[2] === b.PW[2] &&
    a.cult[0] === b.cult[0] &&
    a.cult[1] === b.cult[1] &&
    a.cult[2] === b.cult[2] &&
    a.cult[3] === b.cult[3]
  );
}

function describeMismatch(f: FactionId, want: FactionSnapshot, got: FactionSnapshot): string | null {
  if (sameNumbers(want, got)) return null;
  const diffs: string[] = [];
  for (const k of ['VP', 'C', 'W', 'P'] as const)
    if (want[k] !== got[k]) diffs.push(`${k} ${got[k]} (record: ${want[k]})`);
  if (want.PW.join('/') !== got.PW.join('/')) diffs.push(`PW ${got.PW.join('/')} (record: ${want.PW.join('/')})`);
  if (want.cult.join('/') !== got.cult.join('/'))
    diffs.push(`cults ${got.cult.join('/')} (record: ${want.cult.join('/')})`);
  return diffs.length ? `${f}: ${diffs.join(', ')}` : null;
}

/** Setup facts come before the first faction row; in move lists the first income block names the factions. */
function readSetup(entries: readonly LogEntry[]) {
  const options: OptionId[] = [];
  const scoreTiles: ScoringTileId[] = [];
  const removed: string[] = [];
  const players: string[] = [];
  const incomeFactions: FactionId[] = [];
  const picked: FactionId[] = [];
  const finalScoring: FinalScoringId[] = [];
  let map: string | undefined;
  let hasSetupRows = false;
  for (const e of entries) {
    if (e.kind === 'option' && isOptionId(e.option)) options.push(e.option);
    else if (e.kind === 'map') map = e.map;
    // newGame refuses a tile it does not know, with the record's spelling.
    else if (e.kind === 'final-scoring') finalScoring.push(e.tile as FinalScoringId);
    else if (e.kind === 'round-scoring' && isScoringTile(e.tile)) scoreTiles[e.round - 1] = e.tile;
    else if (e.kind === 'remove-bonus') removed.push(e.tile);
    else if (e.kind === 'player') players.push(e.name);
    else if (e.kind === 'row') {
      if (isSetupRow(e.text)) {
        hasSetupRows = true;
        // A raw log names no players: one per faction picked.
        picked.push(e.faction);
        continue;
      } else if (e.engine && !hasSetupRows && !incomeFactions.includes(e.faction)) {
        incomeFactions.push(e.faction);
        continue;
      }
      // Past a faction's own row the setup facts are read, except the picks of a log that has
      // them: a Fire & Ice faction's colour pick comes between two `setup` rows.
      if (!e.engine && !hasSetupRows) break;
    }
  }
  return {
    options,
    map,
    finalScoring,
    scoreTiles,
    removed,
    players: players.length ? players : picked,
    pickOrder: hasSetupRows ? [] : incomeFactions,
  };
}

/** What a reader of the replay may watch: each faction row, with the position before it. */
export interface ReplayWatch {
  /** Called before a faction's row is applied; `state` is the replay's own and must not be kept or changed. */
  readonly beforeRow?: (
    state: GameState,
    row: Extract<LogEntry, { kind: 'row' }>,
    commands: readonly (Command | AdminCommand)[],
  ) => void;
}

/**
 * Replays a parsed game record through the engine, comparing every row's numbers with the record. Stops
 * at the first command the engine refuses or the first row whose numbers differ.
 */
export function replayLog(entries: readonly LogEntry[], watch: ReplayWatch = {}): ReplayResult {
  const setup = readSetup(entries);
  const playerCount = setup.players.length || setup.pickOrder.length;
  let state: GameState;
  try {
    state = newGame({
      options: setup.options,
      players: setup.players.length ? setup.players : setup.pickOrder.map((f) => f),
      scoreTiles: setup.scoreTiles,
      removedBonusTiles: setup.removed,
      ...(setup.map ? { map: setup.map } : {}),
      finalScoring: setup.finalScoring,
    });
  } catch (err) {
    if (err instanceof RuleError)
      return {
        state: null,
        error: { row: 0, command: '', message: `the record's set-up is unusable: ${err.message}` },
        checkedRows: 0,
      };
    throw err;
  }
  state.playerCount = playerCount;
  let checkedRows = 0;
  const notes: EngineNote[] = [];
  const fail = (row: number, command: string, message: string, code?: string): ReplayResult => ({
    state,
    error: code === undefined ? { row, command, message } : { row, command, message, code },
    checkedRows,
  });
  const refused = (row: number, command: string, err: RuleError | ParseError): ReplayResult =>
    fail(row, command, err.message, err instanceof RuleError ? err.code : undefined);
  try {
    for (const f of setup.pickOrder) applyInPlace(state, null, [{ type: 'pick-faction', faction: f }]);
    let skippingPickBlock = setup.pickOrder.length > 0;
    // Engine rows the record shows before the row that causes them (a cultist's reward is written
    // while the leech that earns it is still being recorded).
    let awaiting: Extract<LogEntry, { kind: 'row' }>[] = [];
    const matchNote = (e: Extract<LogEntry, { kind: 'row' }>): string | null | undefined => {
      const i = notes.findIndex((n) => n.faction === e.faction && sameEngineRow(n.text, e.text));
      if (i < 0) return undefined;
      const [note] = notes.splice(i, 1);
      if (!e.checkpoint) return null;
      checkedRows++;
      return describeMismatch(e.faction, e.checkpoint, note!.snapshot);
    };
    for (const e of entries) {
      if (e.kind === 'bid') {
        try {
          applyInPlace(state, null, [{ type: 'bid', faction: e.faction, amount: e.amount }]);
        } catch (err) {
          if (err instanceof RuleError) return refused(e.line, `bid ${e.faction} ${e.amount}`, err);
          throw err;
        }
        continue;
      }
      if (e.kind === 'drop') {
        notes.push(...applyInPlace(state, null, [{ type: 'drop-faction', faction: e.faction }]).notes);
        continue;
      }
      if (e.kind !== 'row') continue;
      if (isSetupRow(e.text)) {
        applyInPlace(state, null, [{ type: 'pick-faction', faction: e.faction }]);
        if (e.checkpoint) {
          const mismatch = describeMismatch(e.faction, e.checkpoint, snapshotOf(state.factions[e.faction]!));
          if (mismatch) return fail(e.line, e.text, mismatch);
          checkedRows++;
        }
        continue;
      }
      if (e.engine) {
        if (skippingPickBlock) continue;
        const r = matchNote(e);
        if (r === undefined) {
          // A row without commands (the reference starts one when a power decision ends a row that
          // owed more) shows the faction as it is.
          const f = state.factions[e.faction];
          if (e.text === '' && e.checkpoint && f && !describeMismatch(e.faction, e.checkpoint, snapshotOf(f)))
            checkedRows++;
          else if (e.checkpoint) awaiting.push(e);
        } else if (r) return fail(e.line, e.text, r);
        continue;
      }
      skippingPickBlock = false;
      const engineParts: string[] = [];
      const commands: string[] = [];
      for (const p of commandsOf(e)) (isEngineRow(p) ? engineParts : commands).push(p);
      let applied;
      try {
        const parsed = commands.map(parseCommand);
        watch.beforeRow?.(state, e, parsed);
        applied = applyInPlace(state, e.faction, parsed);
      } catch (err) {
        if (err instanceof RuleError || err instanceof ParseError) return refused(e.line, e.text, err);
        throw err;
      }
      notes.push(...applied.notes);
      for (const a of awaiting) {
        const r = matchNote(a);
        if (r === undefined) return fail(a.line, a.text, `the engine did not produce this row for ${a.faction}`);
        if (r) return fail(a.line, a.text, r);
      }
      awaiting = [];
      const f = state.factions[e.faction];
      // Something the cult income gave (a riverwalkers' unlock, an income spade), finished before the
      // rest of the income: the reference names that income in the row but shows the numbers from
      // before it, and writes the income's own row after it. Whenever a row sets off the income (that,
      // or a cultists' cult step owed from a leech as the round ends), the income it names is the first
      // one the moderator then ran, whoever's it was (its ledger was still collecting this row when
      // that income came); that faction gets no income row of its own (test/fixtures/repro R4, R4c).
      const incomeComesAfter =
        engineParts.length > 0 &&
        !!e.checkpoint &&
        !!f &&
        !!applied.actorSnapshot &&
        describeMismatch(e.faction, e.checkpoint, snapshotOf(f)) !== null &&
        describeMismatch(e.faction, e.checkpoint, applied.actorSnapshot) === null;
      for (const text of engineParts) {
        const own = (n: EngineNote) => n.faction === e.faction && sameEngineRow(n.text, text);
        const first = (n: EngineNote) => applied.notes.includes(n) && sameEngineRow(n.text, text);
        // The income the row's own commands set off is named by the row, whichever faction's it was;
        // an income from before the row, by the row's faction.
        const byRow = notes.findIndex(first);
        const i = byRow >= 0 ? byRow : notes.findIndex(own);
        if (i >= 0) notes.splice(i, 1);
      }
      if (e.checkpoint) {
        const got =
          (engineParts.length === 0 || incomeComesAfter) && applied.actorSnapshot
            ? applied.actorSnapshot
            : f
              ? snapshotOf(f)
              : null;
        if (got) {
          const mismatch = describeMismatch(e.faction, e.checkpoint, got);
          if (mismatch) return fail(e.line, e.text, mismatch);
        }
        checkedRows++;
      }
    }
    // The reference engine closes the turn of the last row too: a record may end with a faction
    // whose last commands completed the game (a passed faction spending a leftover spade).
    const closed = endTurn(state);
    if (closed.ok) {
      state = closed.value.state;
      notes.push(...closed.value.notes);
    }
    for (const a of awaiting) {
      const r = matchNote(a);
      if (r === undefined) return fail(a.line, a.text, `the engine did not produce this row for ${a.faction}`);
      if (r) return fail(a.line, a.text, r);
    }
  } catch (err) {
    if (err instanceof RuleError || err instanceof ParseError) return refused(0, '', err);
    throw err;
  }
  return { state, error: null, checkedRows };
}

/** A row's commands in the order they run: a typed row as the reference normalises it, a ledger's as written. */
export function commandsOf(e: Extract<LogEntry, { kind: 'row' }>): string[] {
  return e.typed ? splitCommands(e.text) : splitRecorded(e.text);
}

/** A raw log's `faction: setup` row (the faction's pick); compared by length first, as most rows are not. */
function isSetupRow(text: string): boolean {
  return text.length === 5 && text.toLowerCase() === 'setup';
}

function sameEngineRow(engine: string, record: string): boolean {
  const a = engine.toLowerCase();
  const b = record.toLowerCase();
  // A dropped faction's moderator rows carry no command text.
  return a === b || b === '' || (b === 'income_for_faction' && a.endsWith('income_for_faction'));
}
