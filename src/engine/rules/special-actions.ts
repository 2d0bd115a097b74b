import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
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
import type { Cost } from '../data/resources.ts';
import type { FactionId, FactionState, GameState } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { gain, pay } from './resources.ts';

export function actionDef(id: string): ActionDef | undefined {
  if (isPowerAction(id)) return POWER_ACTIONS[id];
  if (isBonusTile(id)) return BONUS_TILES[id].action;
  if (isFavorTile(id)) return FAVOR_TILES[id].action;
  return (FACTION_ACTIONS as Record<string, ActionDef>)[id];
}

/** What an action lets the faction do next: nothing, for actions its faction board takes that away from. */
export function actionFollowUp(f: FactionState, id: string, def: ActionDef): Readonly<Record<string, number>> {
  if (dataOf(f).actionsWithoutFollowUp?.includes(id)) return {};
  return { ...def.followUp };
}

/** The key under which the action space counts as used this round. */
export function actionSpace(f: FactionState, id: string): string {
  return isPowerAction(id) ? id : `${id}/${f.name}`;
}

/** Whether the action space is spent this round for `faction` (a read view: the round panel and boards show it). */
export function actionUsed(s: GameState, faction: FactionId, id: string): boolean {
  const f = s.factions[faction];
  return !!f && s.usedActions.includes(actionSpace(f, id));
}

/** Power actions (ACT1-6) and the once-per-round actions of held tiles and strongholds. */
export function takeAction(ctx: Ctx, f: FactionState, id: string): void {
  if (!isPowerAction(id) && !f.tiles[id]) fail('noSuchAction', { faction: f.name, action: id });
  const def = actionDef(id);
  if (!def) fail('unknownAction', { action: id });
  const space = actionSpace(f, id);
  const used = ctx.s.usedActions.includes(space);
  if (used && !(isPowerAction(id) && reusesPowerActions(f))) fail('actionUsed', { action: id });
  if (dataOf(f).forbiddenActions?.includes(id)) fail('actionForbidden', { faction: f.name, action: id });
  requireSubaction(ctx, f, 'action', actionFollowUp(f, id, def));
  pay(ctx, f, actionCost(f, id));
  gain(ctx, f, def.gain, id);
  if (!def.reusable && !used) ctx.s.usedActions.push(space);
}

/** The action's cost to this faction: the Yetis pay less power for the power actions. */
export function actionCost(f: FactionState, id: string): Cost {
  const cost = actionDef(id)?.cost ?? {};
  const discount = dataOf(f).powerActionDiscount;
  if (!discount || !isPowerAction(id) || cost.PW === undefined) return cost;
  return { ...cost, PW: cost.PW - discount };
}

/** Whether the faction may take a power action already taken this round (the Yetis after their SH). */
export function reusesPowerActions(f: FactionState): boolean {
  const reuse = dataOf(f).reusePowerActions;
  return reuse !== undefined && f.buildings[reuse.needs] > 0;
}
