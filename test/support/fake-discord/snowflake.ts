import { shardOfGuild } from '../../../src/bot/shards.ts';

const DISCORD_EPOCH_MS = 1_420_070_400_000n;
let increment = 0n;

/** A Discord-shaped id: discord.js derives `createdAt` from it, so it must carry a real timestamp. */
export function snowflake(at: number = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(at) - DISCORD_EPOCH_MS) << 22n) | increment).toString();
}

/** A guild id that shard `shard` of `count` owns. */
export function guildOnShard(shard: number, count: number): string {
  for (let at = Date.now(); ; at += 1) {
    const id = snowflake(at);
    if (shardOfGuild(id, count) === shard) return id;
  }
}
