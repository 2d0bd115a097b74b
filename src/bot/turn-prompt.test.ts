import { describe, expect, it } from 'vitest';
import { legalMoves, whoMustAct, type FactionId, type GameState } from '../engine/index.ts';
import { legalMovesAt, powerOffers, type GameView } from '../game/service.ts';
import { parseGameLog } from '../notation/log.ts';
import { replayLog } from '../notation/replay.ts';
import { formatCommands } from '../notation/format.ts';
import { readCorpus } from '../../test/corpus.ts';
import { decisionComponents } from './decisions.ts';
import { checkMessage, type ComponentJson } from './message-limits.ts';
import { fitText } from './text.ts';
import { PROMPT_GROUPS, chosenMove, promptPage, type PromptGroup } from './turn-prompt.ts';
import { scenario } from '../../test/engine/scenario.ts';

const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
const rows = entries.filter((e) => e.kind === 'row');

/** The corpus game after its first `n` rows. */
function after(n: number): GameState {
  const last = rows[n - 1]!;
  return replayLog(entries.slice(0, entries.indexOf(last) + 1)).state!;
}

/** Each position its own version of game g1: the prompt keeps what it computed per game version. */
const versions = new WeakMap<GameState, number>();
let counted = 0;
function viewOf(state: GameState): GameView {
  const waitingFor = whoMustAct(state).map((faction, position) => ({ faction, position, userId: `${position + 1}` }));
  if (!versions.has(state)) versions.set(state, 123 + rows.length + counted++);
  return {
    game: { id: 'g1', version: versions.get(state)! },
    positionVersion: versions.get(state)!,
    moves: [],
    state,
    waitingFor,
    factionPick: null,
    deadline: null,
    offers: powerOffers(state),
  } as unknown as GameView;
}

const json = (rows: readonly { toJSON(): unknown }[]) => rows.map((r) => r.toJSON()) as ComponentJson[];
const leaves = (rows: ComponentJson[]) => rows.flatMap((r) => [...(r.components ?? [])]);

describe('the turn prompt', () => {
  // Late in the game: many buildings, towns, every kind of move around.
  const positions = [0.55, 0.7, 0.8, 0.85].map((f) => after(Math.floor(rows.length * f)));

  it('are positions where someone is to move', () => {
    for (const state of positions) expect(state.active).not.toBeNull();
  });

  it('offers every legal move of the mover, in words, within Discord’s limits; twice only an action that places', () => {
    for (const state of positions) {
      const view = viewOf(state);
      const mover = state.active as FactionId;
      const moves = legalMoves(state, mover);
      const offered: number[] = [];
      const twice: number[] = [];
      for (const group of PROMPT_GROUPS) {
        for (let page = 0; ; page++) {
          const shown = promptPage('en', view, state, mover, group, page);
          const components = json(shown.components);
          expect(checkMessage({ content: shown.content, components })).toEqual([]);
          const options = leaves(components).flatMap((c) => [...(c.options ?? [])]);
          for (const o of options) {
            const index = chosenMove(view, state, mover, group, o.value);
            expect(index, o.label).toBeDefined();
            const move = moves[index!]!;
            expect(o.description).toBe(fitText(formatCommands(move.commands), 100));
            // Words, not notation: no "build E5", "upgrade", "BON7" alone at the start.
            expect(o.label).not.toMatch(/^(build|upgrade|dig|transform|send|convert|burn|pass|action|advance) /);
            if (offered.includes(Number(o.value))) twice.push(Number(o.value));
            else offered.push(Number(o.value));
          }
          const next = leaves(components).find(
            (c) => c.label?.startsWith('Next') && !(c as { disabled?: boolean }).disabled,
          );
          if (!next) break;
        }
      }
      const expected = moves
        .map((m, i) => ({ m, i }))
        .filter(
          ({ m }) => !['leech', 'decline', 'favor', 'town', 'cult', 'unlock', 'token', 'pick-faction'].includes(m.kind),
        )
        .map(({ i }) => i);
      expect(offered.sort((a, b) => a - b)).toEqual(expected);
      // Under its action's button and under Build, Upgrade or Bridge: a line an action leads that places a
      // building, a landscape or a bridge.
      const builds = moves
        .map((m, i) => ({ m, i }))
        .filter(({ m }) => ['action', 'special'].includes(m.kind))
        .filter(({ m }) => ['build', 'upgrade', 'landscape', 'bridge'].includes(m.commands.at(-1)!.type))
        .map(({ i }) => i);
      expect(twice.sort((a, b) => a - b)).toEqual(builds);
    }
  });

  it('says what a move costs and brings', () => {
    const state = positions[0]!;
    const mover = state.active as FactionId;
    const labels = PROMPT_GROUPS.flatMap((g) =>
      leaves(json(promptPage('en', viewOf(state), state, mover, g, 0).components)).flatMap((c) =>
        (c.options ?? []).map((o) => o.label),
      ),
    );
    expect(labels.some((l) => /^Pass, take BON\d+ · income /.test(l) || /^Pass/.test(l))).toBe(true);
    for (const l of labels.filter((l) => / at [A-I]\d+ · /.test(l))) expect(l).toMatch(/−\d+ [CWP]/);
  });

  it('fits the offers, the choices and the prompt buttons in five rows', () => {
    for (const state of positions) {
      const view = viewOf(state);
      const components = json(decisionComponents('en', view));
      expect(checkMessage({ components })).toEqual([]);
      const ids = leaves(components).map((c) => c.custom_id ?? '');
      expect(ids.some((id) => id.startsWith('tm:turn:'))).toBe(true);
      for (const p of state.pending.filter((p) => p.type === 'leech'))
        expect(ids.some((id) => id.startsWith(`tm:leech:g1:${view.game.version}:${p.faction}:`))).toBe(true);
    }
  });

  it('shows the Trading Camp’s coin as a third answer to the offer, in words (SL-NOM-1)', () => {
    const g = scenario({
      factions: ['nomads', 'cultists'],
      options: ['special-landscapes'],
      dwellings: { nomads: ['F3', 'D3', 'E8'], cultists: ['E6', 'A1'] },
      bonus: { nomads: 'BON3', cultists: 'BON6' },
    })
      .give('nomads', { C: 40, W: 30 })
      .play('nomads: dig 2. transform E5 to yellow. landscape E5', 'cultists: decline 1 from nomads')
      .play('cultists: upgrade E6 to TP');
    const view = viewOf(g.state);
    const words = { en: 'Nomads: 1 coin instead (no VP lost)', es: 'moneda en su lugar', it: 'moneta invece' };
    for (const [locale, label] of Object.entries(words)) {
      const components = json(decisionComponents(locale as 'en', view));
      expect(checkMessage({ components })).toEqual([]);
      const coin = leaves(components).filter((c) => c.custom_id?.startsWith('tm:coin:'));
      expect(coin.map((c) => c.custom_id)).toEqual([`tm:coin:g1:${view.game.version}:nomads:2:cultists`]);
      expect(coin[0]!.label).toContain(label);
    }
    // An offer without the Camp has two answers only.
    const plain = leaves(json(decisionComponents('en', viewOf(after(16)))));
    expect(plain.some((c) => c.custom_id?.startsWith('tm:coin:'))).toBe(false);
  });

  it('shows two offers alike (a line that built twice next to the same neighbour) once: one answer takes the first', () => {
    const { state } = scenario({
      factions: ['nomads', 'cultists'],
      dwellings: { nomads: ['F3', 'D3', 'E8'], cultists: ['E6', 'A1'] },
      bonus: { nomads: 'BON3', cultists: 'BON6' },
    })
      .give('cultists', { C: 20, W: 20 })
      .play('nomads: pass BON4')
      .play('cultists: upgrade E6 to TP');
    const offer = state.pending.find((p) => p.type === 'leech')!;
    expect(offer).toMatchObject({ faction: 'nomads', from: 'cultists' });
    const twice = { ...state, pending: [...state.pending, { ...offer, leechId: state.leechCounter + 1 }] };
    const components = json(decisionComponents('en', viewOf(twice)));
    expect(checkMessage({ components })).toEqual([]);
    const answers = leaves(components).filter((c) => /^tm:(leech|decline):/.test(c.custom_id ?? ''));
    expect(answers.map((c) => c.custom_id!.split(':')[1])).toEqual(['leech', 'decline']);
  });

  it('offers only "decline" for an offer strict-leech no longer lets be taken (a later one taken first)', () => {
    // The witches' F4 and the giants' D4 both touch the dwarves' E6 and E7.
    const g = scenario({
      factions: ['witches', 'giants', 'dwarves'],
      options: ['strict-leech'],
      board: { E6: 'gray' },
      dwellings: { witches: ['F4', 'E9'], giants: ['D4', 'I1'], dwarves: ['E7', 'E6'] },
    })
      .give('witches', { C: 20, W: 20 })
      .give('giants', { C: 20, W: 20 })
      .play('witches: upgrade F4 to TP', 'giants: upgrade D4 to TP');
    const answers = (state: GameState) =>
      leaves(json(decisionComponents('en', viewOf(state))))
        .map((c) => c.custom_id ?? '')
        .filter((id) => /^tm:(leech|decline):/.test(id))
        .map((id) =>
          id
            .split(':')
            .filter((_, i) => i === 1 || i >= 4)
            .join(' '),
        );
    expect(answers(g.state)).toEqual([
      'leech dwarves 2 witches',
      'decline dwarves 2 witches',
      'leech dwarves 2 giants',
      'decline dwarves 2 giants',
    ]);
    g.play('dwarves: leech 2 from giants');
    expect(powerOffers(g.state)).toEqual([expect.objectContaining({ from: 'witches', takeable: false })]);
    expect(answers(g.state)).toEqual(['decline dwarves 2 witches']);
  });

  it('computes a game version’s moves and words once for every interaction on it, and anew for the next version', () => {
    const state = positions[1]!;
    const mover = state.active as FactionId;
    const view = viewOf(state);
    const fresh = after(Math.floor(rows.length * 0.7));
    const moves = legalMovesAt(view, state, mover);
    // Another interaction loads the same version afresh: same moves, same menus.
    expect(legalMovesAt(view, fresh, mover)).toBe(moves);
    const page = (s: GameState, v: GameView) =>
      JSON.stringify(json(promptPage('en', v, s, mover, 'build', 0).components));
    expect(page(fresh, view)).toBe(page(state, view));
    const next = viewOf(positions[2]!);
    expect(legalMovesAt(next, positions[2]!, positions[2]!.active as FactionId)).not.toBe(moves);
  });

  it('refuses an option that is not a move of its group', () => {
    const state = positions[0]!;
    const mover = state.active as FactionId;
    const view = viewOf(state);
    expect(chosenMove(view, state, mover, 'build', '99999')).toBeUndefined();
    expect(chosenMove(view, state, mover, 'build', '-1')).toBeUndefined();
    const passIndex = legalMoves(state, mover).findIndex((m) => m.kind === 'pass');
    expect(chosenMove(view, state, mover, 'build', String(passIndex))).toBeUndefined();
    expect(chosenMove(view, state, mover, 'pass', String(passIndex))).toBe(passIndex);
  });
});

describe('a landscape placed with a power action’s spades', () => {
  // The witches (forest) at A10 and I11; A11 (lakes) is one spade from forest.
  const game = scenario({
    factions: ['witches', 'giants'],
    options: ['special-landscapes'],
    dwellings: { witches: ['A10', 'I11'], giants: ['A9', 'E3'] },
    bonus: { witches: 'BON3', giants: 'BON6' },
  }).give('witches', { C: 40, W: 30, P: 5, P1: 0, P2: 0, P3: 12 });
  const state = game.state;
  const view = viewOf(state);
  const labels = (group: PromptGroup) => {
    const out: string[] = [];
    for (let page = 0; ; page++) {
      const shown = json(promptPage('en', view, state, 'witches', group, page).components);
      out.push(...leaves(shown).flatMap((c) => (c.options ?? []).map((o) => `${o.label} | ${o.description}`)));
      if (!leaves(shown).some((c) => c.label === 'Next' && !(c as { disabled?: boolean }).disabled)) return out;
    }
  };

  it('is under Build with every other way to place it, and under Power action with what the action pays for', () => {
    const line = 'action ACT5. transform A11 to green. landscape A11';
    const build = labels('build');
    const action = labels('action');
    for (const listed of [build, action]) {
      const found = listed.find((l) => l.endsWith(`| ${line}`));
      expect(found, line).toMatch(/^Power action ACT5: .* → Transform A11 to forest → Raven's Folly at A11 · /);
    }
    expect(build.some((l) => l.endsWith('| dig 1. transform A11 to green. landscape A11'))).toBe(true);
    // So is a dwelling the action's spade pays for; a transformation alone stays with its action.
    expect(build.some((l) => l.endsWith('| action ACT5. transform A11 to green. build A11'))).toBe(true);
    expect(labels('transform').some((l) => l.includes('| action ACT5.'))).toBe(false);
    // Chosen from the Build menu, it is played as the same move.
    const index = legalMoves(state, 'witches').findIndex((m) => formatCommands(m.commands) === line);
    expect(chosenMove(view, state, 'witches', 'build', String(index))).toBe(index);
    expect(chosenMove(view, state, 'witches', 'upgrade', String(index))).toBeUndefined();
  });
});
