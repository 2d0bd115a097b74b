import type { Ctx } from '../context.ts';
import { dataOf } from '../context.ts';
import { fail } from '../errors.ts';
import type { Cult, FactionState } from '../types.ts';
import { dismissAction } from '../obligations.ts';
import { adjustResource, counter, isCult, setCounter } from './resources.ts';
import { discardSpades } from './terraform.ts';
import { assertMayGiveUp } from './held-entitlements.ts';
import { runEffects } from './effects.ts';
import { FAVOR_TILES, isFavorTile, isTownTile } from '../data/tiles.ts';
import type { ResourceName } from '../data/resource-names.ts';
import type { Effect } from '../data/effects.ts';

/** A volcano paid in cult steps: all of them at once, on one track that has that many. */
function payCultDebt(f: FactionState, cult: Cult, steps: number): void {
  const owed = counter(f, 'LOSE_CULT');
  if (steps !== owed) fail('loseCultOneTrack', { steps: owed });
  if (f.cults[cult] < steps) fail('notHighEnoughToLose', { cult, steps, have: f.cults[cult] });
  setCounter(f, 'LOSE_CULT', 0);
}

/**
 * SL-WIT-1/2: "+5VP" or "+3FIRE" answers a town's choice the Raven's Folly owes: its usual VP, or the steps
 * all on one track (with the normal cult rules). False when the command is not such an answer.
 */
function takeTownReward(ctx: Ctx, f: FactionState, type: ResourceName, delta: number): boolean {
  const choice = counter(f, 'LANDSCAPE_TOWN') ? dataOf(f).landscape?.townChoice : undefined;
  if (!choice || !((type === 'VP' && delta === choice.vp) || (isCult(type) && delta === choice.cultSteps)))
    return false;
  setCounter(f, 'LANDSCAPE_TOWN', counter(f, 'LANDSCAPE_TOWN') - 1);
  adjustResource(ctx, f, type, delta, type === 'VP' ? 'faction' : '');
  if (!counter(f, 'LANDSCAPE_TOWN')) dismissAction(ctx, f, 'town-reward');
  return true;
}

/** A town founded: the faction's trigger, or its placed landscape's, which takes its place (SL-WIT-1). */
function onTownFounded(f: FactionState): readonly Effect[] | undefined {
  const data = dataOf(f);
  return (f.landscape !== null ? data.landscape?.onTownFounded : undefined) ?? data.onTownFounded;
}

/**
 * "+FAV11", "+TW3", "+FIRE", "+2AIR", "-SPADE": a faction takes what it is owed (a favor tile, a town
 * tile, free cult steps) or gives up an entitlement it does not want to use.
 */
export function takeOrDrop(ctx: Ctx, f: FactionState, type: ResourceName, delta: number): void {
  if (takeTownReward(ctx, f, type, delta)) return;
  let allowed = false;
  if (isCult(type)) {
    if (counter(f, 'CULT') < delta) {
      // A faction already at the top (or blocked there) may place steps that have no effect.
      if (f.cults[type] === 10 || (f.cultBlocked[type] && f.KEY)) allowed = true;
    } else if (delta < 0 && counter(f, 'LOSE_CULT')) {
      payCultDebt(f, type, -delta);
      allowed = true;
    } else if (delta < 0) {
      const next = f.cults[type] + delta;
      if (f.cults[type] === 10 || next < 7) fail('noVoluntaryCultLoss');
    } else if (counter(f, 'CULT') > delta && counter(f, 'CULTS_ON_SAME_TRACK')) {
      fail('sameCultTrack');
    } else {
      setCounter(f, 'CULT', counter(f, 'CULT') - delta);
      setCounter(f, 'CULTS_ON_SAME_TRACK', 0);
      allowed = true;
    }
  } else if (counter(f, 'LOSE_CULT')) fail('loseCultStepsFirst', { steps: counter(f, 'LOSE_CULT') });
  // The debt is paid with cult steps, never cancelled.
  if (type === 'LOSE_CULT') fail('notAllowedToGain', { amount: delta, resource: type });
  if (isFavorTile(type)) {
    if (!counter(f, 'GAIN_FAVOR')) fail('noFavorNow');
    setCounter(f, 'GAIN_FAVOR', counter(f, 'GAIN_FAVOR') - delta);
    allowed = true;
  }
  if (isTownTile(type)) {
    if (!counter(f, 'GAIN_TW')) fail('noTownNow');
    setCounter(f, 'GAIN_TW', counter(f, 'GAIN_TW') - delta);
    allowed = true;
  }
  if (type === 'VP' && ctx.s.finished) allowed = true;
  if (type === 'SPADE' && delta < 0) {
    discardSpades(ctx, f, -delta);
    return;
  }
  if (!allowed && delta > 0) fail('notAllowedToGain', { amount: delta, resource: type });
  if (delta < 0) assertMayGiveUp(ctx, f, type);
  adjustResource(ctx, f, type, delta, '');
  if (delta > 0 && isFavorTile(type)) runEffects(ctx, f, FAVOR_TILES[type].onTaken);
  // Taking a town tile is the one way a town is founded: every tile's gain reaches here.
  if (isTownTile(type)) for (let i = 0; i < delta; i++) runEffects(ctx, f, onTownFounded(f));
  if (type === 'FREE_TF' && counter(f, 'FREE_TF') === 0) setCounter(f, 'TF_NEED_HEX_ADJACENCY', 0);
  if (type === 'FREE_D' && counter(f, 'FREE_D') === 0) setCounter(f, 'TELEPORT_NO_TF', 0);
  dismissAction(ctx, f, 'cult');
  // Declining the shapeshifters' token ("-GAIN_P3_FOR_VP") answers the offer.
  if (type.startsWith('GAIN_')) dismissAction(ctx, f, 'gain-token');
}
