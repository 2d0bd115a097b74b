/**
 * Reminders and the move timer against the fake Discord, with the clock as a parameter: an escalating
 * reminder pings the player the game waits for, "not this turn" silences it, and when the timer runs
 * out the seat is dropped and the channel told. What was sent is stored, so a restart repeats nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindOnce } from '../../src/bot/reminders.ts';
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
  const start = Date.now();
  const at = (hours: number) => ({
    service: bot.service,
    client: bot.client(),
    announcer: bot.announcer(),
    now: () => new Date(start + hours * HOUR),
  });

  beforeAll(async () => {
    bot = await startBot({ service });
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
    // What was sent is in the store, not in the process: a restarted bot does not send it again.
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

  it('says in each reminder what the timer will do, and when', async () => {
    // A 48 h timer: reminders at 12 and 24 h, a last warning 6 h before it runs out.
    const post = lastPost();
    expect(post.content).toMatch(/If you do not act within 35 h, I play the first option for you\.$/);
  });

  it('plays for the seat when the timer runs out, so the game goes on, and pings the next player once', async () => {
    const view = await bot.service.findGameInChannel({
      userId: first.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    const late = view.ok ? view.value!.waitingFor[0]! : null;
    const done = await remindOnce(at(49));
    expect(done.map((d) => d.userId)).toEqual([late!.userId]);
    const post = lastPost();
    expect(post.content).toMatch(
      /^⏰ Time ran out for <@\d+> \(\w[\w ]*\): I played Dwelling at [A-I]\d+ for them \(`build [A-I]\d+`\)\./,
    );
    const found = await bot.service.findGameInChannel({
      userId: first.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    const state = found.ok ? found.value!.state! : null;
    expect(Object.values(state!.factions).some((f) => f!.dropped)).toBe(false);
    // The next to place begins to wait: pinged, and told in words.
    const next = found.ok ? found.value!.waitingFor[0]!.userId : '';
    expect(post.content).toContain(`Next: <@${next}>`);
    expect(post.pingedUserIds).toEqual(next === late!.userId ? [] : [next]);
  });

  it('drops the faction when the admin chose snellman’s rule, and /tm replace brings it back with its new player, pinged', async () => {
    const set = await settle(fake.slashCommand('/tm timer', { options: { hours: 12, 'on-timeout': 'drop' } }));
    expect(set.content).toBe('The move timer is set; the channel is told.');
    expect(lastPost().content).toMatch(
      new RegExp(
        `^⏱ <@${first.id}> set the move timer to 12 h: when it runs out, the faction leaves the game\\.\nNext: `,
      ),
    );
    // Whoever waits was pinged when their wait began: a setting does not ping them again.
    expect(lastPost().pingedUserIds).toEqual([]);
    // Only the game admin sets it.
    const refused = await settle(fake.slashCommand('/tm timer', { user: second, options: { hours: 24 } }));
    expect(refused.content).toContain('game admin');
    const found = await bot.service.findGameInChannel({
      userId: first.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    const seat = found.ok ? found.value!.waitingFor[0]! : null;
    const dropped = await remindOnce({ ...at(0), now: () => new Date(Date.now() + 13 * HOUR) });
    expect(dropped.map((d) => d.text)).toEqual([`drop-faction ${seat!.faction}`]);
    expect(lastPost().content).toContain('leave the game; their buildings still score');
    const erin = fake.createUser('erin');
    const back = await settle(fake.slashCommand('/tm replace', { options: { faction: seat!.faction, user: erin.id } }));
    expect(back.content).toContain(`<@${erin.id}> now plays the`);
    expect(back.content).toContain('are back in the game');
    const post = lastPost();
    expect(post.content).toContain(`Next: <@${erin.id}>`);
    expect(post.pingedUserIds).toEqual([erin.id]);
    expect(bot.errors).toEqual([]);
  });
});
