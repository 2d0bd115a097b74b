import type { Ctx } from '../context.ts';
import { dataOf, isOccupied, ownRecord, setHex } from '../context.ts';
import { fail } from '../errors.ts';
import type { Building } from '../data/resources.ts';
import { BUILDING_COUNT } from '../data/resources.ts';
import type { FactionState, HexId } from '../types.ts';
import { requireSubaction } from '../flow.ts';
import {
  adjustResource,
  counter,
  gain,
  maybeScoreCurrentTile,
  maybeScoreFavorTiles,
  pay,
  setCounter,
} from './resources.ts';
import { checkReachable } from './reach.ts';
import { transform } from './terraform.ts';
import { detectTownsFrom } from './towns.ts';
import { noteLeech } from './leech.ts';
import { wheelHome } from './colors.ts';
import { buildsOn } from './unlock-terrain.ts';
import { allowLandscapeWithStronghold } from './landscape.ts';

/** Puts one more building of a type on the faction board's track: pays (unless free) and collects its gain. */
export function advanceBuilding(ctx: Ctx, f: FactionState, type: Building, free: boolean): void {
  const track = dataOf(f).buildings[type];
  if (!free) pay(ctx, f, track.cost);
  const g = track.gain?.[f.buildings[type]];
  if (g) gain(ctx, f, g, `advance_${type}`);
  const perFaction = track.gainPerFaction?.[f.buildings[type]];
  if (perFaction) {
    // Every faction in the game counts, those that left it too.
    const n = Object.keys(ctx.s.factions).length;
    for (let i = 0; i < n; i++) gain(ctx, f, perFaction, `advance_${type}`);
  }
  f.buildings[type]++;
  if (f.buildings[type] > BUILDING_COUNT[type]) fail('noBuildingLeft', { building: type });
}

export function build(ctx: Ctx, f: FactionState, hex: HexId): void {
  const st = ctx.s.hexes[hex];
  if (!st || st.terrain === null) fail('unknownHex', { hex });
  if (isOccupied(st)) fail('hexOccupied', { hex });
  let free = ctx.s.round === 0;
  if (counter(f, 'FREE_D')) {
    free = true;
    setCounter(f, 'FREE_D', counter(f, 'FREE_D') - 1);
  }
  if (ctx.s.round === 0) {
    // Starting dwellings go on the faction's land colour; an ice faction's hex turns to ice at once.
    const home = wheelHome(f);
    if (st.terrain !== home) fail('startOnHomeTerrain', { hex, terrain: st.terrain, home });
    if (dataOf(f).startBesideRiver && !besideRiver(ctx, hex)) fail('startBesideRiver', { faction: f.name, hex });
    if (f.color !== null && st.terrain !== f.color) setHex(ctx, hex, { terrain: f.color });
  }
  const tfNeeded = !buildsOn(f, ctx.s.hexes[hex]!.terrain);
  if (!tfNeeded || !f.allowedSubActions.transform) {
    // A build that follows a terraform in the same action must be on a hex that was terraformed.
    if (f.allowedBuildLocations.length > 0 && !f.allowedBuildLocations.includes(hex))
      delete ownRecord(ctx, f, 'allowedSubActions').build;
  }
  requireSubaction(ctx, f, 'build', { transform: tfNeeded ? 1 : 0 });
  if (counter(f, 'TELEPORT_NO_TF')) {
    setCounter(f, 'TELEPORT_NO_TF', counter(f, 'TELEPORT_NO_TF') - 1);
    if (tfNeeded) fail('homeTerrainOnly');
  } else if (tfNeeded) {
    transform(ctx, f, hex, f.color ?? undefined);
  } else {
    const reach = checkReachable(ctx, f, hex);
    if (reach.teleport) f.teleportTo = hex;
    pay(ctx, f, reach.cost);
    gain(ctx, f, reach.gain, 'faction');
  }
  if (counter(f, 'SPADE') > 0) fail('spadesLeftBeforeBuild', { spades: counter(f, 'SPADE') });
  if (ctx.s.round === 0) ctx.s.setupOrder.shift();
  noteLeech(ctx, f, hex);
  advanceBuilding(ctx, f, 'D', free);
  if (ctx.s.round > 0) {
    maybeScoreFavorTiles(ctx, f, 'D');
    maybeScoreCurrentTile(ctx, f, 'D', 'build');
  }
  // A dwelling on an unlocked terrain takes the faction's colour (the reference engine paints it).
  setHex(ctx, hex, { building: 'D', owner: f.name, terrain: f.color });
  f.locations.push(hex);
  detectTownsFrom(ctx, f, hex);
}

function besideRiver(ctx: Ctx, hex: HexId): boolean {
  for (const adj of ctx.map.adjacentList.get(hex) ?? []) if (ctx.map.hexes.get(adj)?.river) return true;
  return false;
}

const UPGRADE_FROM: Record<Exclude<Building, 'D'>, Building> = { TP: 'D', TE: 'TP', SH: 'TP', SA: 'TE' };

export function upgrade(ctx: Ctx, f: FactionState, hex: HexId, type: Exclude<Building, 'D'>): void {
  if (ctx.s.round === 0) fail('noUpgradeInSetup');
  requireSubaction(ctx, f, 'upgrade', {});
  const st = ctx.s.hexes[hex];
  if (!st || st.terrain === null) fail('unknownHex', { hex });
  if (st.landscape && st.owner === f.name) fail('landscapeCannotChange', { hex });
  if (st.owner !== f.name || !st.building) fail('notYourBuilding', { hex });
  const from = UPGRADE_FROM[type];
  if (st.building !== from) fail('wrongUpgrade', { hex, building: st.building, to: type, from });
  const leech = noteLeech(ctx, f, hex);
  let free = false;
  if (type === 'TP') {
    if (counter(f, 'FREE_TP')) {
      free = true;
      setCounter(f, 'FREE_TP', counter(f, 'FREE_TP') - 1);
    } else if (leech.size === 0) {
      // A trading house with no neighbours costs double coins.
      adjustResource(ctx, f, 'C', -(dataOf(f).buildings.TP.cost.C ?? 0), 'pay');
    }
  }
  const followUp = dataOf(f).buildings[type].followUp;
  if (followUp) f.allowedSubActions = { ...followUp };
  f.buildings[from]--;
  advanceBuilding(ctx, f, type, free);
  maybeScoreFavorTiles(ctx, f, type);
  maybeScoreCurrentTile(ctx, f, type, 'build');
  setHex(ctx, hex, { building: type });
  if (type === 'SH') allowLandscapeWithStronghold(ctx.s, f);
  detectTownsFrom(ctx, f, hex);
}
