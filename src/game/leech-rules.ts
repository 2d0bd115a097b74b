// Seats' automatic answers to power offers, applied as soon as an offer appears so the game never
// waits for a decision a rule already made. Pure: the caller appends the answers to the log.
import type { AnyCommand } from './replay.ts';
import { step, seatOfFaction } from './replay.ts';
import {
  offerVpCost,
  type EngineNote,
  type FactionId,
  type GameState,
  type Pending,
  type VpEvent,
} from '../engine/index.ts';
import type { LeechRule } from './repo.ts';
import type { Seat } from './seats.ts';
import { formatCommands } from '../notation/format.ts';

type LeechOffer = Extract<Pending, { type: 'leech' }>;

/** The first rule that answers the offer decides; no rule, no answer (the player is asked). */
export function decide(rules: readonly LeechRule[], offer: LeechOffer, state: GameState): 'leech' | 'decline' | null {
  const f = state.factions[offer.faction];
  if (!f) return null;
  for (const rule of rules) {
    switch (rule.kind) {
      case 'accept':
        if (offer.actual >= 1 && offer.actual <= rule.upTo && offerVpCost(state, offer) <= rule.maxVpCost)
          return 'leech';
        break;
      // An offer the Trading Camp's coin may answer (SL-NOM-1) always brings something: no rule refuses it
      // for the player, who is asked instead.
      case 'declineIfNothingGained':
        if (offer.actual === 0 && !offer.coins) return 'decline';
        break;
      case 'declineAfterFinalPass':
        if (f.passed && state.round === 6 && !offer.coins) return 'decline';
        break;
    }
  }
  return null;
}

export interface AutoAnswer {
  readonly position: number;
  readonly faction: FactionId;
  readonly text: string;
}

export interface Settled {
  readonly state: GameState;
  readonly answers: AutoAnswer[];
  readonly events: VpEvent[];
  readonly notes: EngineNote[];
}

/**
 * Answers every open offer some seat's rules decide, one at a time and in the engine's order (an
 * answer can change what later offers would gain), until no rule applies.
 */
export function settleLeeches(state: GameState, seats: readonly Seat[]): Settled {
  const answers: AutoAnswer[] = [];
  const events: VpEvent[] = [];
  const notes: EngineNote[] = [];
  const refused = new Set<string>();
  for (;;) {
    let answered = false;
    for (const p of state.pending) {
      if (p.type !== 'leech' || refused.has(`${p.leechId}:${p.faction}`)) continue;
      const seat = seatOfFaction(seats, p.faction);
      const decision = seat ? decide(seat.leechRules, p, state) : null;
      if (!seat || !decision) continue;
      const command: AnyCommand =
        decision === 'leech'
          ? { type: 'leech', amount: p.amount, from: p.from }
          : { type: 'decline', amount: p.amount, from: p.from };
      const r = step(state, p.faction, [command]);
      // An answer the engine refuses (strict leech order) is left to the player.
      if (!r.ok) {
        refused.add(`${p.leechId}:${p.faction}`);
        continue;
      }
      state = r.value.state;
      events.push(...r.value.events);
      notes.push(...r.value.notes);
      answers.push({ position: seat.position, faction: p.faction, text: formatCommands([command]) });
      answered = true;
      break;
    }
    if (!answered) return { state, answers, events, notes };
  }
}
