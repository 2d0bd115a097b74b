// Why an AI seat made its move, as the game stores it with the move's announcement: typed facts (the VP
// it earns by source, the tiles it takes, the power it offers …) that the bot words in the game's language.
// src/seats turns the AI's own reasons into these, so a change to either side is a type error there.
import { z } from 'zod';
import {
  type BonusTileId,
  CULTS,
  type Cult,
  type FactionId,
  type FavorTileId,
  type TownTileId,
  isBonusTile,
  isFactionId,
  isFavorTile,
  isTownTile,
} from '../engine/index.ts';
import { AI_SEAT_LEVELS } from './repo.ts';

/** Where VP a move earns come from (src/ai's VpSource). */
export const VP_SOURCES = [
  'round-tile',
  'favor',
  'town',
  'pass',
  'advance',
  'faction',
  'power-taken',
  'final-scoring',
  'other',
] as const;

/** What a move builds towards beyond its VP now (src/ai's Goal). */
export const AI_GOALS = [
  'income',
  'cult-majority',
  'cult-income',
  'network',
  'final-tile',
  'town',
  'expansion',
  'neighbours',
  'actions',
  'stronghold',
  'digging',
  'favor-tiles',
  'pass-vp',
  'round-tile',
  'end-game',
] as const;

const faction = z.custom<FactionId>((v) => typeof v === 'string' && isFactionId(v), 'not a faction');
const count = z.number().int();
const cult = z.custom<Cult>((v) => typeof v === 'string' && (CULTS as readonly string[]).includes(v), 'not a cult');
const favorTile = z.custom<FavorTileId>((v) => typeof v === 'string' && isFavorTile(v), 'not a favour tile');
const townTile = z.custom<TownTileId>((v) => typeof v === 'string' && isTownTile(v), 'not a town tile');
const bonusCard = z.custom<BonusTileId>((v) => typeof v === 'string' && isBonusTile(v), 'not a bonus card');

export const StoredReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vp'), source: z.enum(VP_SOURCES), vp: count, tile: z.string().optional() }),
  /** Power the move offers a neighbour (taking it is their choice). */
  z.object({ kind: z.literal('power-offered'), to: faction, power: count }),
  z.object({ kind: z.literal('favor-tile'), tile: favorTile }),
  z.object({ kind: z.literal('town-tile'), tile: townTile }),
  z.object({ kind: z.literal('bonus-card'), tile: bonusCard }),
  z.object({ kind: z.literal('town-founded') }),
  z.object({ kind: z.literal('cult-steps'), cult, steps: count }),
  z.object({ kind: z.literal('power-taken'), from: faction, power: count, vp: count }),
  z.object({ kind: z.literal('power-declined'), from: faction, power: count }),
  /** Conversions that pay for this action (its notation). */
  z.object({ kind: z.literal('paying-for'), action: z.string() }),
  z.object({ kind: z.literal('plan'), goal: z.enum(AI_GOALS) }),
  /** No level decided in time: the move is the least the rules allow, as the move timer plays it. */
  z.object({ kind: z.literal('fallback') }),
]);
export type StoredReason = z.infer<typeof StoredReasonSchema>;

/**
 * An AI seat's move note: its level and its reasons. A reason a newer version wrote that this one does not
 * read is left out rather than making the whole announcement unreadable.
 */
export const AiNoteSchema = z.object({
  level: z.enum(AI_SEAT_LEVELS),
  reasons: z.array(z.unknown()).transform((xs) =>
    xs.flatMap((x) => {
      const reason = StoredReasonSchema.safeParse(x);
      return reason.success ? [reason.data] : [];
    }),
  ),
});
export type AiNote = z.infer<typeof AiNoteSchema>;
