/**
 * Reminders and the move timer against the fake Discord, with the clock as a parameter: an escalating
 * reminder pings the player the game waits for, "not this turn" silences it, and when the timer runs
 * out the seat is dropped and the channel told.
 */
import type { Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botRoutes } from '../../src/bot/app.ts';
import { connect, createClient } from '../../src/bot/client.ts';
import { commandDefinitions } from '../../src/bot/commands/definitions.ts';
import { registerCommands } from '../../src/bot/register.ts';
import { ReminderPlanner, remindOnce } from '../../src/bot/reminders.ts';
import { routeInteractions } from '../../src/bot/router.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { FakeDiscord, type FakeInteraction, type FakeUser } from '../support/fake-discord.ts';

async function settle(i: FakeInteraction) {
  for (;;) {
    const r = await i.nextReply(20_000);
    if (r.kind !== 'defer') return r;
  }
}

const HOUR = 3_600_000;

describe('reminders and the move timer', () => {
  let fake: FakeDiscord;
  let client: Client;
  let first: FakeUser;
  let second: FakeUser;
  const service = new GameService(new MemoryGameRepo());
  const planner = new ReminderPlanner();
  const start = Date.now();
  const at = (hours: number) => ({ service, client, planner, now: () => new Date(start + hours * HOUR) });

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    client = createClient(fake.apiUrl);
    routeInteractions(client, botRoutes({ service, client, now: () => new Date(), reminders: planner }));
    await registerCommands(client.rest.setToken('fake-token'), { applicationId: fake.applicationId, guildId: fake.guildId }, commandDefinitions());
    await connect(client, 'fake-token');
    first = fake.defaultUser;
    second = fake.createUser('second');
    await settle(fake.slashCommand('/tm create', { options: { players: 2, seating: 'joined', factions: 'random', timer: 48 } }));
    await settle(fake.slashCommand('/tm join', { user: second }));
    await settle(fake.slashCommand('/tm start'));
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const lastPost = () => fake.channelMessages().filter((m) => !m.pinned).at(-1)!;

  it('reminds the waiting player once per step, and "not this turn" silences the next steps', async () => {
    expect(await remindOnce(at(11))).toEqual([]);
    const [reminder] = await remindOnce(at(13));
    expect(reminder).toBeDefined();
    const waiting = reminder!.userId;
    expect(lastPost().content).toContain('it is your turn');
    expect(lastPost().pingedUserIds).toEqual([waiting]);
    expect(await remindOnce(at(14))).toEqual([]);

    const mute = lastPost().components.flatMap((r) => (r as { components: { custom_id: string }[] }).components)[0]!.custom_id;
    const other = waiting === first.id ? second : first;
    expect((await settle(fake.clickButton(mute, { user: other }))).content).toContain('not for you');
    expect((await settle(fake.clickButton(mute, { user: waiting === first.id ? first : second }))).content).toContain('No more reminders');
    expect(await remindOnce(at(30))).toEqual([]);
  });

  it('drops the seat when the move timer runs out and tells the channel', async () => {
    const dropped = await remindOnce(at(49));
    expect(dropped).toHaveLength(1);
    expect(lastPost().content).toContain('move timer ran out');
    const view = await service.findGameInChannel({ userId: first.id, guildId: fake.guildId, channelId: fake.channelId });
    const state = view.ok ? view.value!.state! : null;
    expect(Object.values(state!.factions).some((f) => f!.dropped)).toBe(true);
  });
});
