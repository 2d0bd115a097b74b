// One handler per effect kind (data/effects.ts). The record is keyed by the kind, so an effect added to the
// union does not compile until it has its handler here.
import type { Ctx } from '../context.ts';
import type { Effect, EffectKind } from '../data/effects.ts';
import type { FactionState } from '../types.ts';
import { counter, gain, maybeScoreCurrentTile, maybeScoreFavorTiles, setCounter } from './resources.ts';
import { detectTownsFrom } from './towns.ts';

type Handler<K extends EffectKind> = (ctx: Ctx, f: FactionState, effect: Extract<Effect, { kind: K }>) => void;

const HANDLERS: { readonly [K in EffectKind]: Handler<K> } = {
  'found-towns': (ctx, f) => {
    for (const loc of f.locations) detectTownsFrom(ctx, f, loc);
  },
  'score-as-built': (ctx, f, e) => {
    maybeScoreFavorTiles(ctx, f, e.building);
    maybeScoreCurrentTile(ctx, f, e.building, 'build');
  },
  gain: (ctx, f, e) => gain(ctx, f, e.amounts, 'faction'),
  'choose-town-reward': (_ctx, f) => setCounter(f, 'LANDSCAPE_TOWN', counter(f, 'LANDSCAPE_TOWN') + 1),
};

/** Runs a trigger's effects in order. */
export function runEffects(ctx: Ctx, f: FactionState, effects: readonly Effect[] | undefined): void {
  if (!effects) return;
  for (const e of effects) (HANDLERS[e.kind] as Handler<EffectKind>)(ctx, f, e);
}
