/**
 * What a restart tells (issue 22, defect 3), in one process: the rows of interactions begun before this
 * start are told only when they outlive the grace. A process that still serves (a rolling deploy's old one)
 * ends its own meanwhile, and its player hears nothing from this one; a row a killed process left is told,
 * in the game's channel once the interaction can no longer be answered. test/bot/process-crash.test.ts
 * kills the real process.
 */
import { describe, expect, it } from 'vitest';
import { tellInterrupted } from '../../src/bot/journal.ts';
import type { InteractionInFlight } from '../../src/game/repo.ts';
import { useBot } from '../support/shared-bot.ts';

describe('a restart tells whose interaction was cut off', () => {
  const shared = useBot({ players: ['bob'] });

  it('tells the rows a gone process left, not those a process still serving ends within the grace', async () => {
    const { bot, fake } = shared;
    const [ann, bob] = shared.players;
    await shared.startGame();
    const gameId = (await bot.service.listGames({ limit: 1 }))[0]!.id;
    const startedAt = new Date();
    const row = (id: string, userId: string, what: string): InteractionInFlight => ({
      id,
      token: `token-${id}`,
      applicationId: fake.applicationId,
      userId,
      guildId: fake.guildId,
      channelId: fake.channelId,
      gameId,
      what,
      locale: 'en-US',
      // Begun before this start, too long ago to be answered on the interaction itself.
      startedAt: new Date(startedAt.getTime() - 20 * 60_000),
    });
    await bot.service.beginInteraction(row('101', ann.id, '/tm status'));
    await bot.service.beginInteraction(row('102', bob.id, '/move build E5'));
    const posts = fake.channelMessages().length;
    const told = tellInterrupted({
      service: bot.service,
      client: bot.client(),
      now: () => new Date(),
      startedAt,
      graceMs: 300,
    });
    // The process that began Ann's still serves: it answers her meanwhile.
    await bot.service.endInteraction('101');
    expect(await told).toBe(1);
    const [notice, ...more] = fake.channelMessages().slice(posts);
    expect(more).toEqual([]);
    // (The game was started after the row began: it changed meanwhile, and the player is told so.)
    expect(notice!.content).toBe(
      `<@${bob.id}> I restarted while answering \`/move build E5\`, and the game changed meanwhile: the ` +
        'channel shows every change that was stored. “Show my turn” shows where it stands now, with your buttons.',
    );
    expect(notice!.pingedUserIds).toEqual([bob.id]);
    expect(notice!.components).not.toEqual([]);
    // Told once: the row is gone.
    expect(await bot.service.interactionsBefore(new Date())).toEqual([]);
    expect(bot.errors).toEqual([]);
  });
});
