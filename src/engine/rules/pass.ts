import type { Ctx } from '../context.ts';
import { dataOf, factionsInOrder, hasOption } from '../context.ts';
import { fail } from '../errors.ts';
import type { PassVp } from '../data/tiles.ts';
import { BONUS_TILES, FAVOR_TILES, isBonusTile, isFavorTile } from '../data/tiles.ts';
import type { FactionState } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import { adjustResource } from './resources.ts';
import { scoresAsBridgeEnd } from './bridge.ts';

/**
 * VP for passing from the bonus tile and favor tiles held, and the faction's own: bridges (engineers),
 * temples (Ice Maidens).
 */
export function passVp(ctx: Ctx, f: FactionState): { source: string; vp: number }[] {
  const out: { source: string; vp: number }[] = [];
  // A landscape that scores as a dwelling counts with the dwellings (SL-DAR-1).
  const encampment = f.landscape !== null && dataOf(f).landscape?.passVpAsDwelling ? 1 : 0;
  const levelOf = (k: string) => (k === 'ship' ? f.ship : f.buildings[k as 'D'] + (k === 'D' ? encampment : 0));
  const fromTable = (source: string, table: PassVp | undefined) => {
    if (!table) return;
    for (const k in table) out.push({ source, vp: table[k as keyof PassVp]![levelOf(k)] ?? 0 });
  };
  for (const tile in f.tiles) {
    if (!f.tiles[tile]) continue;
    if (isBonusTile(tile)) fromTable(tile, BONUS_TILES[tile].passVp);
    else if (isFavorTile(tile)) fromTable(tile, FAVOR_TILES[tile].passVp);
  }
  const perBuilding = dataOf(f).passVpPerBuilding;
  if (perBuilding && f.buildings[perBuilding.needs] && f.buildings[perBuilding.building]) {
    out.push({ source: perBuilding.needs, vp: perBuilding.vp * f.buildings[perBuilding.building] });
  }
  const perBridge = dataOf(f).passVpPerBridge;
  if (perBridge && f.buildings[perBridge.needs]) {
    for (const b of ctx.s.bridges) {
      if (b.faction === f.name && scoresAsBridgeEnd(ctx, f, b.from) && scoresAsBridgeEnd(ctx, f, b.to)) {
        out.push({ source: perBridge.needs, vp: perBridge.vp });
      }
    }
  }
  return out;
}

export function pass(ctx: Ctx, f: FactionState, bonus: string | undefined): void {
  if (hasOption(ctx, 'strict-chaosmagician-sh') && f.allowedActions > 1) f.allowedActions = 1;
  requireSubaction(ctx, f, 'pass', {});
  const s = ctx.s;
  if (s.round > 0) {
    if (!factionsInOrder(ctx).some((x) => x.passed)) {
      for (const x of factionsInOrder(ctx)) x.startPlayer = false;
      f.startPlayer = true;
    }
    if (hasOption(ctx, 'variable-turn-order')) {
      s.nextFactionOrder = [...s.factionOrder.filter((x) => x !== f.name), f.name];
    }
  }
  if (hasOption(ctx, 'strict-chaosmagician-sh') && f.passed) fail('passTwice');
  f.passed = true;
  const discard = Object.keys(f.tiles).find((t) => isBonusTile(t));
  for (const { source, vp } of passVp(ctx, f)) adjustResource(ctx, f, 'VP', vp, source);
  if (bonus) {
    if (!isBonusTile(bonus)) fail('unknownBonus', { tile: bonus });
    if (s.round === 0) s.setupOrder.shift();
    if (s.round !== 6) adjustResource(ctx, f, bonus, 1, 'pass');
  } else if (s.round !== 6) {
    fail('mustTakeBonus');
  }
  if (discard) adjustResource(ctx, f, discard, -1, 'pass');
}
