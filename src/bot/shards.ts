/**
 * Gateway sharding. Discord sends a guild's events only to the shard that owns it, shard
 * `(guild_id >> 22) % shard_count`; a process runs some of the shards (all by default) and serves only
 * their guilds' games. Interactions arrive at the right process by themselves; what the bot does on its
 * own (the outbox sweep, reminders) asks `ownsGuild` first, so two processes never both act for one game.
 */
import type { Client } from 'discord.js';

/** The shards one process runs: `count` 'auto' takes Discord's recommendation and runs all of them. */
export type Sharding = { readonly count: 'auto' } | { readonly count: number; readonly ids: readonly number[] };

/** Discord's rule: the guild id's timestamp bits modulo the shard count. */
export function shardOfGuild(guildId: string, shardCount: number): number {
  if (!/^\d+$/.test(guildId)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** Whether the connected client runs the shard that owns the guild. */
export function ownsGuild(client: Client, guildId: string): boolean {
  const count = client.options.shardCount ?? 1;
  const ids = client.options.shards;
  if (count <= 1 || ids === 'auto' || ids === undefined) return true;
  const shard = shardOfGuild(guildId, count);
  return Array.isArray(ids) ? ids.includes(shard) : ids === shard;
}

/** The client options that select the shards. */
export function shardOptions(sharding: Sharding | undefined): { shards?: 'auto' | number[]; shardCount?: number } {
  if (!sharding) return {};
  if (sharding.count === 'auto') return { shards: 'auto' };
  return { shards: [...sharding.ids], shardCount: sharding.count };
}
