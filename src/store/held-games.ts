/**
 * The games this process read or wrote last, as the database returned them (rows, the snapshot as its
 * stored text), so that loading one whose version has not moved costs one small statement instead of a
 * transaction reading the whole log and snapshot again. Only a version check can make an entry current:
 * every change to a game's row, seats and log bumps its version, and an entry is used only when a read
 * of that version, in the same statement as the outbox's size, finds it unchanged.
 *
 * Bounded by size: entries are charged the length of their text (snapshot, log, outbox) plus a fixed
 * amount per row, and the least recently used go first once the budget is spent.
 */
import type { Announcement, Game, Move, Seat } from '../generated/sqlite/client.ts';

/** A game as its last consistent read (or this process's own write after it) left it. */
export interface HeldGame {
  /** The row without its snapshot and pin (not versioned), with its seats in order. */
  readonly game: Omit<Game, 'snapshot' | 'snapshotVersion' | 'statusMessageId' | 'dueAt'> & {
    readonly seats: readonly Seat[];
  };
  /** The snapshot as stored: its text is parsed afresh for each reader, who gets a copy. */
  readonly snapshot: { readonly version: number; readonly text: string } | null;
  /** The whole log, in order. */
  readonly moves: readonly Omit<Move, 'gameId'>[];
  /** The outbox, oldest first. */
  readonly pending: readonly Announcement[];
}

/** What a row costs beyond its text: the objects holding it. */
const ROW_BYTES = 200;

function sizeOf(held: HeldGame): number {
  let bytes = ROW_BYTES * (1 + held.game.seats.length + held.moves.length + held.pending.length);
  bytes += held.game.options.length + held.game.settings.length + (held.snapshot?.text.length ?? 0);
  for (const m of held.moves) bytes += m.text.length + (m.userId?.length ?? 0);
  for (const p of held.pending) bytes += p.payload.length;
  return bytes;
}

export class HeldGames {
  /** In use order: the least recently used first. */
  private readonly entries = new Map<string, { held: HeldGame; bytes: number }>();
  private used = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The entry, if it holds `version` with `pending` announcements still in the outbox. */
  current(gameId: string, version: number, pending: number): HeldGame | null {
    const entry = this.entries.get(gameId);
    if (!entry || entry.held.game.version !== version || pending > entry.held.pending.length) return null;
    // Delivered announcements leave the outbox without a new version, always the oldest first.
    const held = { ...entry.held, pending: entry.held.pending.slice(entry.held.pending.length - pending) };
    this.put(held);
    return held;
  }

  /** Keeps `held` unless a newer version of the game is held already (a slower read finishing late). */
  offer(held: HeldGame): void {
    const entry = this.entries.get(held.game.id);
    if (entry && entry.held.game.version > held.game.version) return;
    this.put(held);
  }

  /** The entry at `version`, for a write made from it to update; null when another version is held. */
  at(gameId: string, version: number): HeldGame | null {
    const entry = this.entries.get(gameId);
    return entry && entry.held.game.version === version ? entry.held : null;
  }

  forget(gameId: string): void {
    const entry = this.entries.get(gameId);
    if (!entry) return;
    this.used -= entry.bytes;
    this.entries.delete(gameId);
  }

  /** Games held, and the bytes they are charged. */
  get stats(): { games: number; bytes: number } {
    return { games: this.entries.size, bytes: this.used };
  }

  private put(held: HeldGame): void {
    this.forget(held.game.id);
    const bytes = sizeOf(held);
    if (bytes > this.budgetBytes) return;
    this.entries.set(held.game.id, { held, bytes });
    this.used += bytes;
    for (const [gameId] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.forget(gameId);
    }
  }
}
