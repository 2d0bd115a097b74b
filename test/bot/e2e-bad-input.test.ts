/**
 * Input no Discord client sends, through the real discord.js client and the fake Discord: every case is
 * answered with a clear private refusal, no handler fails, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandDefinitions } from '../../src/bot/commands/definitions.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord } from '../support/fake-discord.ts';
import { forgedCommands } from '../support/forged-options.ts';

describe('bad input', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('refuses options outside the registered schema privately, naming the problem, before any handler runs', async () => {
    const cases = forgedCommands(commandDefinitions(), fake.createUser('someone'));
    expect(cases.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const c of cases) {
      const reply = await settle(fake.forgedCommand(c.name, c.options, { resolved: c.resolved }));
      const expected =
        c.refusal === 'options' ? /^I cannot use this command as it was sent: `/ : /^I don't know this command/;
      if (!reply.ephemeral || !expected.test(reply.content ?? '')) wrong.push(`${c.label} → ${reply.content}`);
    }
    expect(wrong).toEqual([]);
    expect(bot.errors).toEqual([]);
    expect(fake.channelMessages()).toEqual([]);
    const found = await bot.service.findGameInChannel({
      userId: fake.defaultUser.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    expect(found).toEqual({ ok: true, value: null });
  });

  it('answers forged autocomplete requests with no choices, and no handler error', async () => {
    const requests = [
      fake.forgedCommand('build', [{ name: 'choice', type: 3, value: 'E' }], { autocomplete: true }),
      fake.forgedCommand('tm', [{ name: 'board', type: 1, options: [] }], { autocomplete: true }),
      fake.forgedCommand(
        'tm',
        [{ name: 'board', type: 1, options: [{ name: 'faction', type: 4, value: 3, focused: true }] }],
        {
          autocomplete: true,
        },
      ),
    ];
    for (const request of requests)
      expect(await request.nextReply()).toMatchObject({ kind: 'autocomplete', choices: [] });
    expect(bot.errors).toEqual([]);
  });

  it('says which option is wrong in the player’s language, with the name Discord shows them', async () => {
    const reply = await settle(
      fake.forgedCommand('tm', [{ name: 'create', type: 1, options: [{ name: 'players', type: 4, value: 9 }] }], {
        locale: 'es-ES',
      }),
    );
    expect(reply.content).toBe(
      'No puedo usar este comando tal como ha llegado: `jugadores` debe ser un número entero entre 2 y 5. Escribe / y elige el comando de la lista que muestra Discord.',
    );
  });
});
