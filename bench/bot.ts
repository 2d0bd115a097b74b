import { pathToFileURL } from 'node:url';
import { parseGameLog, type LogEntry } from '../src/notation/log.ts';
import { readCorpus } from '../test/corpus.ts';
import { settle, startBot } from '../test/support/bot-harness.ts';
import { fmt, median, percentile } from './stats.ts';

type Row = Extract<LogEntry, { kind: 'row' }>;

/**
 * Interaction to final reply for moves through the real discord.js client and the fake Discord: the
 * reply comes after the channel post with the map and cult board, so this is the player's wait.
 */
export async function benchBot(moves = 120): Promise<string[]> {
  const bot = await startBot();
  const fake = bot.fake;
  try {
    const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
    const factions = entries.filter((e): e is Row => e.kind === 'row' && e.text === 'setup').map((e) => e.faction);
    const users = new Map(factions.map((f, i) => [f, i === 0 ? fake.defaultUser : fake.createUser(`p${i}`)]));
    await settle(
      fake.slashCommand('/tm create', {
        options: {
          players: 4,
          factions: 'turn-order',
          seating: 'joined',
          tiles: 'SCORE5 SCORE8 SCORE4 SCORE9 SCORE6 SCORE2 -BON3 -BON4 -BON5',
        },
      }),
    );
    for (const f of factions.slice(1)) await settle(fake.slashCommand('/tm join', { user: users.get(f)! }));
    await settle(fake.slashCommand('/tm start'));
    for (const f of factions) {
      const menu = fake
        .channelMessages()
        .filter((m) => !m.pinned)
        .at(-1)!
        .components.flatMap((r) => (r as { components: { custom_id: string }[] }).components)
        .find((c) => c.custom_id.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id, [f], { user: users.get(f)! }));
    }
    const times: number[] = [];
    const rows = entries.filter((e): e is Row => e.kind === 'row' && !e.engine && e.text !== 'setup').slice(0, moves);
    for (const row of rows) {
      const t = performance.now();
      await settle(fake.slashCommand('/move', { user: users.get(row.faction)!, options: { text: row.text } }));
      times.push(performance.now() - t);
    }
    return [
      `bot: interaction to reply with images through the fake Discord (${times.length} moves): median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms`,
    ];
  } finally {
    await bot.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await benchBot()) console.log(line);
}
