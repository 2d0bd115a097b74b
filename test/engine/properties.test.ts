/**
 * Properties over real positions: bad input of any kind is a RuleError value (never a throw) and
 * leaves the state alone; legal moves apply; states survive JSON; the notation round-trips.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BONUS_TILES,
  FACTIONS,
  FAVOR_TILES,
  TOWN_TILES,
  apply,
  auctionBidder,
  auctionChoices,
  availableFactions,
  endTurn,
  legalMoves,
  newGame,
  randomSetup,
  turnComplete,
  whoMustAct,
} from '../../src/engine/index.ts';
import type {
  AdminCommand,
  BonusTileId,
  Command,
  FactionId,
  FavorTileId,
  GameState,
  OptionId,
  TownTileId,
} from '../../src/engine/index.ts';
import { formatCommand } from '../../src/notation/format.ts';
import { isEngineRow, parseGameLog } from '../../src/notation/log.ts';
import { parseCommand, parseLine, ParseError, splitRecorded } from '../../src/notation/parse.ts';
import { replayLog } from '../../src/notation/replay.ts';
import { corpusFiles, readCorpus } from '../corpus.ts';

const FACTION_IDS = Object.keys(FACTIONS) as FactionId[];

/** Positions part-way through corpus games (a prefix of the record replayed). */
function positions(files: readonly string[], cuts: readonly number[]): { name: string; state: GameState }[] {
  const out: { name: string; state: GameState }[] = [];
  for (const file of files) {
    const entries = parseGameLog(readCorpus(file));
    const rows = entries.flatMap((e, i) => (e.kind === 'row' && !e.engine ? [i] : []));
    for (const cut of cuts) {
      const end = rows[Math.floor(cut * (rows.length - 1))]! + 1;
      const r = replayLog(entries.slice(0, end));
      // A prefix may stop between a leech and the cultists' reward row; such cuts are skipped.
      if (r.error === null && r.state) out.push({ name: `${file}@${cut}`, state: r.state });
    }
  }
  return out;
}

const files = corpusFiles();
const sample = [
  files[0]!,
  files[Math.floor(files.length / 3)]!,
  files[Math.floor((2 * files.length) / 3)]!,
  'tmai_unittesttext0.txt',
  'tmai_unittesttext1.txt',
];
let live: { name: string; state: GameState }[] = [];

beforeAll(() => {
  live = positions(sample, [0.02, 0.2, 0.45, 0.7, 0.95]);
});

// --- Command values ----------------------------------------------------------------------------

const rowLetter = fc.constantFrom(...'ABCDEFGHI'.split(''));
const landHex = fc.tuple(rowLetter, fc.integer({ min: 1, max: 13 })).map(([r, c]) => `${r}${c}`);
const riverHex = fc.integer({ min: 0, max: 35 }).map((n) => `r${n}`);
const anyHex = fc.oneof({ weight: 4, arbitrary: landHex }, { weight: 1, arbitrary: riverHex });
const faction = fc.constantFrom(...FACTION_IDS);
const cult = fc.constantFrom('FIRE', 'WATER', 'EARTH', 'AIR' as const);
const unit = fc.constantFrom('C', 'W', 'P', 'PW', 'VP' as const);
const terrain = fc.constantFrom('yellow', 'brown', 'black', 'blue', 'green', 'gray', 'red' as const);
const tileId = fc.constantFrom(
  ...(Object.keys({ ...BONUS_TILES, ...FAVOR_TILES, ...TOWN_TILES }) as (BonusTileId | FavorTileId | TownTileId)[]),
);
const small = fc.integer({ min: 1, max: 12 });

const commandRecord: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('build' as const), hex: anyHex }),
  fc.record({
    type: fc.constant('upgrade' as const),
    hex: anyHex,
    to: fc.constantFrom('TP', 'TE', 'SH', 'SA' as const),
  }),
  fc.record({ type: fc.constant('transform' as const), hex: anyHex, to: terrain }),
  fc.record({ type: fc.constant('transform' as const), hex: anyHex }),
  fc.record({ type: fc.constant('dig' as const), amount: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ type: fc.constant('send' as const), cult }),
  fc.record({ type: fc.constant('send' as const), cult, amount: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ type: fc.constant('convert' as const), fromCount: small, from: unit, toCount: small, to: unit }),
  fc.record({ type: fc.constant('burn' as const), amount: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ type: fc.constant('leech' as const), amount: small }),
  fc.record({ type: fc.constant('leech' as const), amount: small, from: faction }),
  fc.record({ type: fc.constant('decline' as const) }),
  fc.record({ type: fc.constant('decline' as const), amount: small, from: faction }),
  fc.record({ type: fc.constant('pass' as const) }),
  fc.record({ type: fc.constant('pass' as const), bonus: fc.integer({ min: 1, max: 10 }).map((n) => `BON${n}`) }),
  fc.record({
    type: fc.constant('action' as const),
    action: fc.constantFrom(
      'ACT1',
      'ACT2',
      'ACT3',
      'ACT4',
      'ACT5',
      'ACT6',
      'ACTA',
      'ACTC',
      'ACTE',
      'ACTG',
      'ACTN',
      'ACTS',
      'ACTW',
      'BON1',
      'BON2',
      'FAV6',
      'ACT7',
      'FOO',
    ),
  }),
  fc.record({ type: fc.constant('advance' as const), track: fc.constantFrom('ship', 'dig' as const) }),
  fc.record({ type: fc.constant('bridge' as const), from: landHex, to: landHex }),
  fc.record({
    type: fc.constant('connect' as const),
    hexes: fc.oneof(
      riverHex.map((h) => [h]),
      fc.array(landHex, { minLength: 2, maxLength: 3 }),
    ),
  }),
  fc.record({
    type: fc.constant('adjust' as const),
    resource: fc.oneof(tileId, cult, fc.constantFrom('SPADE', 'VP', 'C', 'KEY', 'FREE_TF', 'GAIN_TW' as const)),
    delta: fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
  }),
  fc.constant({ type: 'wait' as const }),
  fc.constant({ type: 'done' as const }),
);
/** fast-check builds records without a prototype; commands are plain objects. */
const command = commandRecord.map((c) => ({ ...c }) as Command);
const admin: fc.Arbitrary<AdminCommand> = fc
  .oneof(
    fc.record({ type: fc.constant('pick-faction' as const), faction }),
    fc.record({ type: fc.constant('drop-faction' as const), faction }),
    fc.record({ type: fc.constant('bid' as const), faction, amount: fc.nat({ max: 40 }) }),
  )
  .map((c) => ({ ...c }));

/** Applies and checks the contract: a result value, never a throw; the input untouched. */
function checkApply(state: GameState, who: FactionId | null, commands: (Command | AdminCommand)[]): boolean {
  const before = structuredClone(state);
  const r = apply(state, who, commands);
  if (!r.ok) expect(r.error.name).toBe('RuleError');
  expect(state).toEqual(before);
  return r.ok;
}

describe('bad input never breaks the engine', () => {
  it('has corpus positions to play with', () => {
    expect(live.length).toBeGreaterThanOrEqual(20);
  });

  it('random commands (legal or not) by any faction: a RuleError or a new state, input unchanged', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.option(faction, { nil: null }),
        fc.array(command, { minLength: 1, maxLength: 3 }),
        (i, who, cs) => {
          checkApply(live[i % live.length]!.state, who, cs);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('commands by the faction(s) the game waits for, mixed with admin commands', () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.array(fc.oneof({ weight: 5, arbitrary: command }, { weight: 1, arbitrary: admin }), {
          minLength: 1,
          maxLength: 2,
        }),
        (i, j, cs) => {
          const { state } = live[i % live.length]!;
          const waiting = whoMustAct(state);
          const who = waiting.length ? waiting[j % waiting.length]! : null;
          checkApply(state, who, cs);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('garbage text: the parser refuses it with a ParseError, or the engine with a RuleError', () => {
    const words = fc.constantFrom(
      'build',
      'upgrade',
      'to',
      'TP',
      'SH',
      'send',
      'p',
      'for',
      'convert',
      'pw',
      'c',
      'w',
      'leech',
      'from',
      'decline',
      'pass',
      'bon3',
      'action',
      'act6',
      'dig',
      'transform',
      'grey',
      'bridge',
      'connect',
      '+fav5',
      '-spade',
      '+2fire',
      'burn',
      'advance',
      'ship',
      'E5',
      'r3',
      'witches',
      '3',
      '.',
      ':',
      '',
    );
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.array(words, { maxLength: 8 }).map((w) => w.join(' ')),
    );
    fc.assert(
      fc.property(fc.nat(), text, (i, line) => {
        const { state } = live[i % live.length]!;
        let cs: (Command | AdminCommand)[];
        try {
          cs = parseLine(line);
        } catch (e) {
          expect(e).toBeInstanceOf(ParseError);
          return;
        }
        const waiting = whoMustAct(state);
        checkApply(state, waiting[0] ?? 'witches', cs);
      }),
      { numRuns: 400 },
    );
  });
});

describe('legal moves', () => {
  it('every listed move applies, and whoever the game waits for has one', () => {
    for (const { name, state } of live.filter((_, i) => i % 2 === 0)) {
      for (const f of whoMustAct(state)) {
        const moves = legalMoves(state, f);
        // Or it has used its action and may end the turn (endTurn), which is not a listed move.
        if (!turnComplete(state, f))
          expect(moves.length, `${name}: ${f} must act but has no legal move`).toBeGreaterThan(0);
        for (const m of moves) {
          const r = apply(state, f, [...m.commands]);
          expect(r.ok, `${name}: ${f} ${m.commands.map(formatCommand).join('. ')}`).toBe(true);
        }
      }
    }
  });

  it('factions the game does not wait for have none but free actions', () => {
    for (const { name, state } of live.filter((_, i) => i % 2 === 1)) {
      const waiting = whoMustAct(state);
      for (const f of Object.keys(state.factions) as FactionId[]) {
        if (waiting.includes(f)) continue;
        // The faction whose turn was just handed on, or that acted last before the spade phase, may
        // still burn and convert (as the reference engine, which holds it active until another row).
        const free = f === state.handedOn?.from || f === state.active;
        expect(
          legalMoves(state, f)
            .filter((m) => !free || !m.commands.every((c) => c.type === 'burn' || c.type === 'convert'))
            .map((m) => m.commands.map(formatCommand).join('. ')),
          `${name}: ${f}`,
        ).toEqual([]);
      }
    }
  });
});

describe('random playouts from corpus positions', () => {
  it('legal moves chosen at random keep the state sound', () => {
    fc.assert(
      fc.property(fc.nat(), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), (i, picks) => {
        let state = live[i % live.length]!.state;
        for (const pick of picks) {
          const waiting = whoMustAct(state);
          if (waiting.length === 0) break;
          const f = waiting[pick % waiting.length]!;
          const moves = legalMoves(state, f);
          // A faction whose turn is complete ends it (the bot's "done"); free actions remain optional.
          if (turnComplete(state, f) && (moves.length === 0 || pick % 3 === 0)) {
            const e = endTurn(state);
            expect(e.ok).toBe(true);
            if (e.ok) state = e.value.state;
            continue;
          }
          expect(moves.length).toBeGreaterThan(0);
          const m = moves[pick % moves.length]!;
          const before = structuredClone(state);
          const r = apply(state, f, [...m.commands]);
          expect(r.ok).toBe(true);
          expect(state).toEqual(before);
          if (!r.ok) return;
          state = r.value.state;
          for (const x of Object.values(state.factions)) {
            for (const k of ['C', 'W', 'P', 'P1', 'P2', 'P3', 'KEY'] as const)
              expect(x![k], `${x!.name} ${k}`).toBeGreaterThanOrEqual(0);
            expect(x!.P1 + x!.P2 + x!.P3).toBeLessThanOrEqual(12 + 6);
            expect(Object.values(x!.cults).every((v) => v >= 0 && v <= 10)).toBe(true);
          }
          expect(Object.values(state.pool).every((n) => n >= 0)).toBe(true);
        }
        expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
      }),
      { numRuns: 6 },
    );
  });
});

const OPTION_SETS: OptionId[][] = [
  ['mini-expansion-1', 'shipping-bonus'],
  [
    'mini-expansion-1',
    'shipping-bonus',
    'temple-scoring-tile',
    'variable-turn-order',
    'strict-leech',
    'strict-darkling-sh',
    'strict-chaosmagician-sh',
    'errata-cultist-power',
  ],
  // The Board Game Arena extras (docs/rulings.md): factions bought at auction, the 2017 starting VP,
  // the special landscapes.
  ['faction-auction', 'starting-vp-2017', 'mini-expansion-1', 'special-landscapes'],
];

describe('random games from the start', () => {
  // Whole games of random legal moves (passing often, to keep them short): the game never stalls
  // (someone can always move, or end a finished turn) and always reaches final scoring.
  it('always finish', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.nat(), { minLength: 400, maxLength: 400 }),
        (players, picks) => {
          let state = newGame(
            randomSetup(
              `g${picks[0]}`,
              Array.from({ length: players }, (_, i) => `p${i}`),
              OPTION_SETS[picks[1]! % OPTION_SETS.length]!,
            ),
          );
          let k = 0;
          const next = () => picks[k++ % picks.length]! + k;
          while (state.phase === 'select-factions') {
            const bids = auctionChoices(state);
            if (auctionBidder(state) !== null) {
              // The seat to bid always has a bid (AU-6); a bid never leaves a faction below 0 VP (AU-4).
              expect(bids.length).toBeGreaterThan(0);
              const c = bids[next() % bids.length]!;
              const amount = c.lot ? Math.min(c.max, c.min + (next() % 3)) : 0;
              const r = apply(state, null, [{ type: 'bid', faction: c.faction, amount }]);
              if (!r.ok) throw r.error;
              state = r.value.state;
              continue;
            }
            const choice = state.auction
              ? [state.auction.lots[state.factionOrder.length]!.faction]
              : availableFactions(state);
            const r = apply(state, null, [{ type: 'pick-faction', faction: choice[next() % choice.length]! }]);
            if (!r.ok) throw r.error;
            state = r.value.state;
          }
          for (let steps = 0; !state.finished; steps++) {
            expect(steps, 'game too long').toBeLessThan(600);
            const waiting = whoMustAct(state);
            expect(waiting.length, `round ${state.round}: nobody to move`).toBeGreaterThan(0);
            const f = waiting[next() % waiting.length]!;
            if (turnComplete(state, f)) {
              const e = endTurn(state);
              if (e.ok) state = e.value.state;
              continue;
            }
            const moves = legalMoves(state, f);
            expect(moves.length, `round ${state.round}: ${f} has no move`).toBeGreaterThan(0);
            const passes = moves.filter((m) => m.kind === 'pass');
            const pool = passes.length && next() % 3 === 0 ? passes : moves;
            const r = apply(state, f, [...pool[next() % pool.length]!.commands]);
            expect(r.ok).toBe(true);
            if (!r.ok) break;
            // Power tokens only ever leave the game (burning); nothing goes below zero.
            for (const [id, x] of Object.entries(r.value.state.factions)) {
              const was = state.factions[id as FactionId]!;
              expect(x!.P1 + x!.P2 + x!.P3).toBeLessThanOrEqual(was.P1 + was.P2 + was.P3);
              for (const key of ['C', 'W', 'P', 'P1', 'P2', 'P3', 'VP', 'KEY'] as const)
                expect(x![key], `${id} ${key}`).toBeGreaterThanOrEqual(0);
            }
            state = r.value.state;
          }
          expect(state.round).toBe(6);
        },
      ),
      { numRuns: Number(process.env.TM_RANDOM_GAMES ?? 2) },
    );
  });
});

describe('state is plain JSON', () => {
  it('round-trips at positions across every corpus game', () => {
    const all = positions(
      files.filter((_, i) => i % 3 === 0),
      [0, 0.5, 1],
    );
    expect(all.length).toBeGreaterThan(40);
    for (const { name, state } of all) expect(JSON.parse(JSON.stringify(state)), name).toStrictEqual(state);
  });
});

describe('notation', () => {
  it('parseCommand(formatCommand(c)) gives c back', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 10, arbitrary: command }, { weight: 1, arbitrary: admin }), (c) => {
        expect(parseCommand(formatCommand(c))).toStrictEqual(c);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads the corpus' spellings", () => {
    const cases: [string, Command[]][] = [
      ['Build e7', [{ type: 'build', hex: 'E7' }]],
      ['convert pw to c', [{ type: 'convert', fromCount: 1, from: 'PW', toCount: 1, to: 'C' }]],
      ['Convert 2 W to 2 C', [{ type: 'convert', fromCount: 2, from: 'W', toCount: 2, to: 'C' }]],
      ['convert 3W to 3P', [{ type: 'convert', fromCount: 3, from: 'W', toCount: 3, to: 'P' }]],
      // A count of 0 is 1, as snellman reads it.
      ['convert 0PW to 1C', [{ type: 'convert', fromCount: 1, from: 'PW', toCount: 1, to: 'C' }]],
      ['decline 0 from cultists', [{ type: 'decline' }]],
      ['send p to FIRE for 0', [{ type: 'send', cult: 'FIRE' }]],
      [
        'dig 2. transform A12 to grey',
        [
          { type: 'dig', amount: 2 },
          { type: 'transform', hex: 'A12', to: 'gray' },
        ],
      ],
      ['transform g6', [{ type: 'transform', hex: 'G6' }]],
      ['Pass bon3', [{ type: 'pass', bonus: 'BON3' }]],
      ['Leech 1 from nomads', [{ type: 'leech', amount: 1, from: 'nomads' }]],
      ['Decline 4 from engineers', [{ type: 'decline', amount: 4, from: 'engineers' }]],
      ['send p to Water for 1', [{ type: 'send', cult: 'WATER', amount: 1 }]],
      ['+2air', [{ type: 'adjust', resource: 'AIR', delta: 2 }]],
      ['-water', [{ type: 'adjust', resource: 'WATER', delta: -1 }]],
      ['+FAV11', [{ type: 'adjust', resource: 'FAV11', delta: 1 }]],
      ['Bridge C2:E5', [{ type: 'bridge', from: 'C2', to: 'E5' }]],
      ['connect r2', [{ type: 'connect', hexes: ['r2'] }]],
      ['connect c4:d5', [{ type: 'connect', hexes: ['C4', 'D5'] }]],
      ['advance shipping', [{ type: 'advance', track: 'ship' }]],
      ['Advance digging', [{ type: 'advance', track: 'dig' }]],
      [
        'action ACTW. build I11',
        [
          { type: 'action', action: 'ACTW' },
          { type: 'build', hex: 'I11' },
        ],
      ],
      [
        'upgrade F3 to TE. +FAV10',
        [
          { type: 'upgrade', hex: 'F3', to: 'TE' },
          { type: 'adjust', resource: 'FAV10', delta: 1 },
        ],
      ],
    ];
    for (const [text, want] of cases) expect(parseLine(text), text).toEqual(want);
  });

  it('parses every command row of every corpus record', () => {
    let rows = 0;
    for (const file of files) {
      for (const e of parseGameLog(readCorpus(file))) {
        if (e.kind !== 'row' || e.engine || e.text.toLowerCase() === 'setup') continue;
        rows++;
        // Moderator rows written into a command cell ("... . other_income_for_faction") are not typed.
        const typed = splitRecorded(e.text)
          .filter((p) => !isEngineRow(p))
          .join('. ');
        expect(() => parseLine(typed), `${file}:${e.line} ${e.text}`).not.toThrow();
      }
    }
    expect(rows).toBeGreaterThan(10000);
  });
});
