/**
 * Reminders and the move timer against the fake Discord, with the clock as a parameter: an escalating
 * reminder pings the player the game waits for, "not this turn" silences it, and when the timer runs
 * out the seat is dropped and the channel told. What was sent is stored, so a restart repeats nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReminderPlanner, remindOnce } from '../../src/bot/reminders.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';

const HOUR = 3_600_000;

describe('reminders and the move timer', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let first: FakeUser;
  let second: FakeUser;
  const service = new GameService(new MemoryGameRepo());
  let planner = new ReminderPlanner(service);
  const start = Date.now();
  const at = (hours: number) => ({
    service: bot.service,
    client: bot.client(),
    announcer: bot.announcer(),
    planner,
    now: () => new Date(start + hours * HOUR),
  });

  beforeAll(async () => {
    bot = await startBot({ service, reminders: planner });
    fake = bot.fake;
    first = fake.defaultUser;
    second = fake.createUser('second');
    await settle(
      fake.slashCommand('/tm create', { options: { players: 2, seating: 'joined', factions: 'random', timer: 48 } }),
    );
    await settle(fake.slashCommand('/tm join', { user: second }));
    await settle(fake.slashCommand('/tm start'));
  });

  afterAll(async () => {
    await bot?.close();
  });

  const lastPost = () => fake.newestPost();

  it('reminds the waiting player once per step, and "not this turn" silences the next steps', async () => {
    expect(await remindOnce(at(11))).toEqual([]);
    const [reminder] = await remindOnce(at(13));
    expect(reminder).toBeDefined();
    const waiting = reminder!.userId;
    expect(lastPost().content).toContain('it is your turn');
    expect(lastPost().pingedUserIds).toEqual([waiting]);
    expect(await remindOnce(at(14))).toEqual([]);
    // What was sent is stored: a restarted bot (a new planner on the same store) does not send it again.
    planner = new ReminderPlanner(service);
    expect(await remindOnce(at(14))).toEqual([]);

    const mute = lastPost()
      .components.flatMap((r) => (r as { components: { custom_id: string }[] }).components)
      .find((c) => c.custom_id.startsWith('tm:mute:'))!.custom_id;
    const other = waiting === first.id ? second : first;
    expect((await settle(fake.clickButton(mute, { user: other }))).content).toContain('not for you');
    expect((await settle(fake.clickButton(mute, { user: waiting === first.id ? first : second }))).content).toContain(
      'No more reminders',
    );
    expect(await remindOnce(at(30))).toEqual([]);
  });

  it('drops the seat when the move timer runs out and tells the channel', async () => {
    const dropped = await remindOnce(at(49));
    expect(dropped).toHaveLength(1);
    expect(lastPost().content).toContain('move timer ran out');
    const view = await bot.service.findGameInChannel({
      userId: first.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    const state = view.ok ? view.value!.state! : null;
    expect(Object.values(state!.factions).some((f) => f!.dropped)).toBe(true);
  });
});
