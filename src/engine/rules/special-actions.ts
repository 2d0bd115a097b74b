import type { Ctx } from '../context.ts';
import { fail } from '../errors.ts';
import type { ActionDef } from '../data/tiles.ts';
import {
  BONUS_TILES,
  FACTION_ACTIONS,
  FAVOR_TILES,
  POWER_ACTIONS,
  isBonusTile,
  isFavorTile,
  isPowerAction,
} from '../data/tiles.ts';
import type { FactionState } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { gain, pay } from './resources.ts';

export function actionDef(id: string): ActionDef | undefined {
  if (isPowerAction(id)) return POWER_ACTIONS[id];
  if (isBonusTile(id)) return BONUS_TILES[id].action;
  if (isFavorTile(id)) return FAVOR_TILES[id].action;
  return (FACTION_ACTIONS as Record<string, ActionDef>)[id];
}

/** The key under which the action space counts as used this round. */
export function actionSpace(f: FactionState, id: string): string {
  return isPowerAction(id) ? id : `${id}/${f.name}`;
}

/** Power actions (ACT1-6) and the once-per-round actions of held tiles and strongholds. */
export function takeAction(ctx: Ctx, f: FactionState, id: string): void {
  if (!isPowerAction(id) && !f.tiles[id]) fail('noSuchAction', { faction: f.name, action: id });
  const def = actionDef(id);
  if (!def) fail('unknownAction', { action: id });
  const space = actionSpace(f, id);
  if (ctx.s.usedActions.includes(space)) fail('actionUsed', { action: id });
  requireSubaction(ctx, f, 'action', { ...def.followUp });
  pay(ctx, f, def.cost);
  gain(ctx, f, def.gain, id);
  if (!def.reusable) ctx.s.usedActions.push(space);
}
