import type { FactionData, FactionId } from '../faction-types.ts';
import { acolytes } from './acolytes.ts';
import { alchemists } from './alchemists.ts';
import { auren } from './auren.ts';
import { chaosmagicians } from './chaosmagicians.ts';
import { cultists } from './cultists.ts';
import { darklings } from './darklings.ts';
import { dragonlords } from './dragonlords.ts';
import { dwarves } from './dwarves.ts';
import { engineers } from './engineers.ts';
import { fakirs } from './fakirs.ts';
import { giants } from './giants.ts';
import { halflings } from './halflings.ts';
import { icemaidens } from './icemaidens.ts';
import { mermaids } from './mermaids.ts';
import { nomads } from './nomads.ts';
import { riverwalkers } from './riverwalkers.ts';
import { shapeshifters } from './shapeshifters.ts';
import { swarmlings } from './swarmlings.ts';
import { witches } from './witches.ts';
import { yetis } from './yetis.ts';

export const FACTIONS: Readonly<Record<FactionId, FactionData>> = {
  acolytes, alchemists, auren, chaosmagicians, cultists, darklings, dragonlords, dwarves, engineers,
  fakirs, giants, halflings, mermaids, nomads, riverwalkers, shapeshifters, swarmlings, witches,
  icemaidens, yetis,
};

export function isFactionId(s: string): s is FactionId {
  return Object.hasOwn(FACTIONS, s);
}
