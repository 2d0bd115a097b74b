/**
 * What a faction still owes before its turn (or its set-up) can end, in the order to answer it: a tile, cult
 * steps, a bridge, a colour. A player told "must finish their turn" with three controls and no order does not
 * know where to start; each step here names what to do and which control does it.
 */
import { FACTIONS, legalMoves, owedBy, type FactionId, type GameState, type Pending } from '../../engine/index.ts';
import { t, type BotLocale, type MessageKey } from '../../i18n/index.ts';
import type { PromptGroup } from '../turn-prompt.ts';

/** Where a step is answered: the menu of choices under the post, or one of the prompt's buttons. */
export type StepControl = 'choice' | PromptGroup;

export interface OwedStep {
  readonly words: MessageKey;
  readonly control: StepControl;
}

type Owed = Exclude<Pending['type'], 'leech' | 'full' | 'gameover'>;

/**
 * Each owed kind with its words and control, in the order the steps are asked for. A tile comes before a
 * colour: the reference ends a set-up row at the colour pick, so the favour tile is answered first.
 */
const STEPS: readonly (readonly [Owed, OwedStep])[] = [
  ['lose-cult', { words: 'turn.step.loseCult', control: 'choice' }],
  ['favor', { words: 'turn.step.favor', control: 'choice' }],
  ['town', { words: 'turn.step.town', control: 'choice' }],
  ['town-reward', { words: 'turn.step.townReward', control: 'choice' }],
  ['cult', { words: 'turn.step.cult', control: 'choice' }],
  ['unlock-terrain', { words: 'turn.step.unlock', control: 'choice' }],
  ['pick-color', { words: 'turn.step.color', control: 'color' }],
  ['transform', { words: 'turn.step.spades', control: 'transform' }],
  ['bridge', { words: 'turn.step.bridge', control: 'bridge' }],
  ['upgrade', { words: 'turn.step.freeTradingHouse', control: 'upgrade' }],
  ['dwelling', { words: 'turn.step.freeDwelling', control: 'build' }],
  ['convert', { words: 'turn.step.convert', control: 'convert' }],
  ['gain-token', { words: 'turn.step.token', control: 'choice' }],
];

/** The steps a faction owes now, in order; empty when it owes nothing but a move or a power answer. */
export function owedSteps(state: GameState, faction: FactionId): OwedStep[] {
  const f = state.factions[faction];
  if (!f) return [];
  // During set-up a dwelling or a bonus card to place is the set-up turn itself, not something left over.
  const owed = new Set(
    owedBy(state, faction)
      .map((p) => p.type)
      .filter((type) => state.round > 0 || (type !== 'dwelling' && type !== 'bonus')),
  );
  const steps = STEPS.filter(([type]) => owed.has(type)).map(([type, step]): OwedStep => {
    if (type === 'favor' && state.phase === 'select-factions') return { ...step, words: 'turn.step.startingFavor' };
    // A bridge that fits nowhere can only be given up (End turn / other): said so, not "place the bridge".
    if (type === 'bridge' && !legalMoves(state, faction).some((m) => m.kind === 'bridge'))
      return { words: 'turn.step.giveUpBridge', control: 'other' };
    return step;
  });
  // A Fire & Ice faction that picks its land colour once every faction is chosen: said now, done later.
  const picksLater =
    state.phase === 'select-factions' &&
    FACTIONS[faction].pickColor === 'after-selection' &&
    f.secondaryColor === null &&
    !owed.has('pick-color');
  return picksLater ? [...steps, { words: 'turn.step.colorLater', control: 'color' }] : steps;
}

/** "choose the starting favour tile" or "1. choose the starting favour tile, 2. pick a land colour". */
export function stepsInWords(locale: BotLocale, steps: readonly OwedStep[]): string {
  if (steps.length === 1) return t(locale, steps[0]!.words as 'turn.step.favor');
  return steps.map((s, i) => `${i + 1}. ${t(locale, s.words as 'turn.step.favor')}`).join(', ');
}

/** "2. " before a control's label when the faction owes several steps, "" otherwise. */
export function stepNumber(steps: readonly OwedStep[], control: StepControl): string {
  if (steps.length < 2) return '';
  const i = steps.findIndex((s) => s.control === control);
  return i < 0 ? '' : `${i + 1}. `;
}
