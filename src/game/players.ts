// Seats during a game: resigning, dropping an idle player, handing a seat to someone else, and each
// seat's automatic leech rules.
import type { FactionId, GameState } from '../engine/index.ts';
import { formatCommands } from '../notation/format.ts';
import {
  type Caller,
  type Loaded,
  type Waiting,
  appendedTo,
  factionOfSeat,
  heldOrLoaded,
  loadFor,
  requireActive,
  requireAdmin,
  requireVersion,
  retryOnStale,
  seatOf,
  waitingFor,
} from './access.ts';
import { fail } from './errors.ts';
import { isAiId } from './ai-ids.ts';
import { type AutoAnswer, settleLeeches } from './leech-rules.ts';
import { defaultLeechRules } from './leech-defaults.ts';
import { toNewSeats } from './seats.ts';
import { type Announcement, effectsOf, stored } from './announcements.ts';
import { appendOrConfirm } from './append.ts';
import { afterAppend, changesBetween, snapshotAfter } from './play.ts';
import { step } from './replay.ts';
import { keepingPosition } from './position.ts';
import { truncate } from './undo.ts';
import { applyLeechRules } from './offer-answers.ts';
import { type GameView, newlyWaiting, viewOf } from './view.ts';
import {
  type GameRecord,
  type GameRepo,
  type LeechRule,
  LeechRulesSchema,
  type NewMove,
  type SeatRecord,
} from './repo.ts';

export interface SeatChange {
  readonly newVersion: number;
  readonly state: GameState;
  readonly autoAnswers: AutoAnswer[];
  readonly waitingFor: Waiting[];
  /** The game after the change, for the bot to post without reading the store again. */
  readonly view: GameView;
}

function seatAt(game: GameRecord, position: number): SeatRecord {
  return game.seats.find((s) => s.position === position) ?? fail('seat_not_found', { position });
}

type Effects = ReturnType<typeof effectsOf>;

/** A faction leaves the game (snellman's drop-faction); offers it leaves open may now be answered by rules. */
export async function dropFaction(
  repo: GameRepo,
  loaded: Loaded,
  expectedVersion: number,
  seat: SeatRecord,
  by: NewMove,
  announce: (faction: FactionId, effects: Effects, ping: string[]) => Announcement,
): Promise<SeatChange> {
  const { game, state } = loaded;
  requireActive(game);
  requireVersion(game, expectedVersion);
  const faction = factionOfSeat(game, seat);
  if (!state || !faction || state.phase === 'select-factions') return fail('no_faction_choice', {});
  if (state.factions[faction]?.dropped) fail('faction_gone', { faction });
  if (state.finished) fail('game_over', {});
  const r = step(state, null, [{ type: 'drop-faction', faction }]);
  if (!r.ok) return fail('rule_error', { message: r.error.message, rule: r.error.code, ruleParams: r.error.params });
  const settled = settleLeeches(r.value.state, game.seats);
  const rows: NewMove[] = [by, ...settled.answers.map((a) => ({ seat: a.position, userId: null, text: a.text }))];
  const effects = effectsOf(settled.answers, changesBetween(state, settled.state));
  const announcement = announce(faction, effects, newlyWaiting(loaded, { game, state: settled.state }, by.userId));
  const appended = await appendOrConfirm(
    repo,
    game.id,
    expectedVersion,
    rows,
    stored(announcement),
    snapshotAfter(game, settled.state),
  );
  const { version: newVersion, finished } = await afterAppend(repo, loaded, appended, settled.state);
  return {
    newVersion,
    state: settled.state,
    autoAnswers: settled.answers,
    waitingFor: waitingFor(game, settled.state),
    view: viewOf(appendedTo(loaded, appended, finished, settled.state, announcement)),
  };
}

const dropText = (faction: FactionId) => formatCommands([{ type: 'drop-faction', faction }]);

/** `game`: its id, or the view the caller holds (saves reading it again). */
export async function resign(
  repo: GameRepo,
  caller: Caller,
  game: string | GameView,
  expectedVersion: number,
): Promise<SeatChange> {
  const loaded = await heldOrLoaded(repo, caller, game);
  const seat = seatOf(caller, loaded.game);
  const faction = factionOfSeat(loaded.game, seat);
  if (!faction) return fail('no_faction_choice', {});
  return dropFaction(
    repo,
    loaded,
    expectedVersion,
    seat,
    { seat: seat.position, userId: caller.userId, text: dropText(faction) },
    (f, effects, ping) => ({ kind: 'resigned', userId: caller.userId, faction: f, ...effects, ping }),
  );
}

/** The game admin removes an idle player; the move is the admin's, not the seat's. */
export async function dropPlayer(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  expectedVersion: number,
  position: number,
): Promise<SeatChange> {
  const loaded = await loadFor(repo, caller, gameId);
  requireAdmin(caller, loaded.game);
  const seat = seatAt(loaded.game, position);
  const faction = factionOfSeat(loaded.game, seat);
  if (!faction) return fail('no_faction_choice', {});
  return dropFaction(
    repo,
    loaded,
    expectedVersion,
    seat,
    { seat: null, userId: caller.userId, text: dropText(faction) },
    (f, effects, ping) => ({
      kind: 'dropped',
      userId: seat.userId,
      faction: f,
      by: caller.userId,
      ...effects,
      ping,
    }),
  );
}

/**
 * Someone else takes over a seat, faction and all; the leech rules become the newcomer's own defaults. A
 * faction that left the game (dropped by the admin or the timer, or resigned) comes back with its new
 * player while only automatic rows followed its leaving: that leaving is taken back (recorded as an undo).
 * Once a player has moved since, it cannot (the rules have gone on without it): refused, saying why.
 */
export async function replacePlayer(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  expectedVersion: number,
  position: number,
  newUserId: string,
): Promise<GameRecord> {
  let loaded = await loadFor(repo, caller, gameId);
  const { game } = loaded;
  const previous = seatAt(game, position);
  // The person an AI seat stands in for takes it back themselves; anything else is the admin's.
  if (!takesOwnSeatBack(caller, previous, newUserId)) requireAdmin(caller, game);
  requireActive(game);
  requireVersion(game, expectedVersion);
  if (isAiId(newUserId)) fail('bad_option', { option: newUserId });
  if (game.seats.some((s) => s.userId === newUserId)) fail('already_seated', {});
  const faction = factionOfSeat(game, previous);
  const comeback = faction !== null && loaded.state?.factions[faction]?.dropped === true;
  if (comeback) loaded = await takeBackLeaving(repo, loaded, faction, caller.userId);
  const { game: current, state } = loaded;
  const leechRules = await defaultLeechRules(repo, newUserId, current.guildId);
  const seats = toNewSeats(current.seats).map((s) =>
    s.position === position ? { ...s, userId: newUserId, leechRules, joinedAt: new Date(), ai: null } : s,
  );
  const after = {
    ...current,
    seats: current.seats.map((s) => (s.position === position ? { ...s, userId: newUserId, ai: null } : s)),
  };
  const updated = await repo.updateGame(current.id, current.version, {
    seats,
    // The board is as it was: the buttons drawn for it work for the newcomer.
    settings: keepingPosition(current),
    // The newcomer has the move timer's whole time.
    restartWait: true,
    ...(faction
      ? {
          announce: stored({
            kind: 'replaced',
            userId: newUserId,
            faction,
            previous: previous.userId,
            ...(comeback ? { comeback } : {}),
            ping: newlyWaiting(loaded, { game: after, state }, caller.userId),
          }),
        }
      : {}),
  });
  return (await applyLeechRules(repo, current.id)) ?? updated;
}

/** The faction's leaving (its `drop-faction` row and the automatic rows after it) taken back. */
export async function takeBackLeaving(
  repo: GameRepo,
  loaded: Loaded,
  faction: FactionId,
  admin: string,
): Promise<Loaded> {
  const text = dropText(faction);
  const leaving = [...loaded.moves].reverse().find((m) => m.text === text);
  if (!leaving) return fail('faction_gone', { faction });
  const since = loaded.moves.filter((m) => m.seq > leaving.seq && m.userId !== null).length;
  if (since > 0) return fail('faction_left_long_ago', { faction, moves: since });
  const undone = await truncate(repo, loaded, loaded.game.version, leaving.seq - 1, admin, [admin], 'replace');
  if (undone.kind !== 'undone') throw new Error('taking back a leaving did not undo it');
  return undone.view;
}

/** Sets the caller's rules for this game, and lets them answer the offers already open. */
export async function setLeechRules(
  repo: GameRepo,
  caller: Caller,
  gameId: string,
  rules: readonly LeechRule[],
): Promise<GameRecord> {
  const parsed = LeechRulesSchema.safeParse(rules);
  if (!parsed.success) return fail('bad_leech_rules', { reason: parsed.error.issues[0]?.message ?? '' });
  const leechRules = parsed.data;
  const updated = await retryOnStale(async () => {
    const { game } = await loadFor(repo, caller, gameId);
    const seat = seatOf(caller, game);
    const seats = toNewSeats(game.seats).map((s) => (s.position === seat.position ? { ...s, leechRules } : s));
    return repo.updateGame(game.id, game.version, { seats, settings: keepingPosition(game) });
  });
  return (await applyLeechRules(repo, gameId)) ?? updated;
}

/** Whether the caller may put themselves back in this AI seat: the person it stands in for. */
function takesOwnSeatBack(caller: Caller, seat: SeatRecord, newUserId: string): boolean {
  return caller.actor !== 'ai' && seat.ai?.standsInFor === caller.userId && newUserId === caller.userId;
}
