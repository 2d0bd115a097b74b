/**
 * The fake Discord must refuse what Discord refuses and report what Discord reports, or the end-to-end
 * tests built on it would pass on bugs. These tests pin down the behaviours the smoke test does not reach.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  Events,
  HTTPError,
  MessageFlags,
  PermissionFlagsBits,
  type Client,
  type Interaction,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, createClient } from '../../src/bot/client.ts';
import { EVERYDAY_MEMBER_PERMISSIONS, FakeDiscord } from '../support/fake-discord.ts';

const TOKEN = 'fake-token';
const png = (n: number) => ({ attachment: Buffer.from([0x89, 0x50, 0x4e, 0x47, n]), name: `f${n}.png` });

describe('fake Discord', () => {
  let fake: FakeDiscord;
  let client: Client;
  /** What the bot does with the next interaction; each test sets it. */
  let handle: (interaction: Interaction) => Promise<void>;
  const failures: unknown[] = [];

  const startClient = async () => {
    const next = createClient(fake.apiUrl);
    next.on(
      Events.InteractionCreate,
      (interaction) => void handle(interaction).catch((e: unknown) => failures.push(e)),
    );
    return connect(next, TOKEN);
  };

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN });
    client = await startClient();
  });

  afterEach(() => {
    expect(failures).toEqual([]);
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('refuses a second acknowledgement of one interaction, as Discord does (40060)', async () => {
    const second = new Promise<unknown>((resolve) => {
      handle = async (interaction) => {
        if (!interaction.isChatInputCommand()) return;
        await interaction.reply('first');
        interaction.replied = false; // defeat discord.js's own guard to reach the API
        resolve(await interaction.reply('second').catch((e: unknown) => e));
      };
    });
    const interaction = fake.slashCommand('/anything');
    expect((await interaction.nextReply()).content).toBe('first');
    const error = await second;
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(40060);
    expect(interaction.replies).toHaveLength(1);
  });

  it('delivers locale, permissions and the user; a DM has no member', async () => {
    const seen: unknown[] = [];
    handle = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      seen.push({
        locale: interaction.locale,
        user: interaction.user.username,
        inGuild: interaction.inGuild(),
        manages: interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels) ?? null,
      });
      await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    };
    const admin = fake.createUser('carol');
    await fake
      .slashCommand('/anything', {
        user: admin,
        locale: 'it',
        permissions: EVERYDAY_MEMBER_PERMISSIONS | PermissionFlagsBits.ManageChannels,
      })
      .nextReply();
    await fake.slashCommand('/anything', { guildId: null, locale: 'es-419' }).nextReply();
    expect(seen).toEqual([
      { locale: 'it', user: 'carol', inGuild: true, manages: true },
      { locale: 'es-419', user: 'alice', inGuild: false, manages: null },
    ]);
  });

  it('keeps the attachments an edit lists, drops the others, and records ephemeral follow-ups', async () => {
    handle = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      await interaction.reply({ content: 'two files', files: [png(1), png(2)] });
      const [first] = (await interaction.fetchReply()).attachments.values();
      await interaction.editReply({ content: 'one kept, one new', attachments: [first!], files: [png(3)] });
      await interaction.followUp({ content: 'psst', flags: MessageFlags.Ephemeral });
    };
    const interaction = fake.slashCommand('/anything');
    const reply = await interaction.nextReply();
    expect(reply.files.map((f) => f.filename)).toEqual(['f1.png', 'f2.png']);
    const edit = await interaction.nextReply();
    expect(edit.message?.attachments.map((a) => a.filename)).toEqual(['f1.png', 'f3.png']);
    expect(edit.message?.history.at(-1)?.attachments.map((a) => a.filename)).toEqual(['f1.png', 'f2.png']);
    expect(await interaction.nextReply()).toMatchObject({ kind: 'followUp', ephemeral: true, content: 'psst' });
  });

  it('will not press a disabled button', async () => {
    handle = async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      const button = new ButtonBuilder()
        .setCustomId('tm:x:g:1')
        .setLabel('x')
        .setStyle(ButtonStyle.Primary)
        .setDisabled(true);
      await interaction.reply({
        content: 'wait',
        components: [new ActionRowBuilder<ButtonBuilder>().addComponents(button)],
      });
    };
    await fake.slashCommand('/anything').nextReply();
    expect(() => fake.clickButton('tm:x:g:1')).toThrow(/disabled/);
  });

  it('serves a restarted bot: it logs in again, keeps its channel history and gets new interactions', async () => {
    const before = client;
    handle = async (interaction) => {
      if (interaction.isChatInputCommand())
        await interaction.reply(`from the ${interaction.client === before ? 'old' : 'new'} client`);
    };
    const channel = await client.channels.fetch(fake.channelId);
    if (!channel?.isSendable()) throw new Error('expected a text channel');
    await channel.send('before the restart');
    await client.destroy();
    client = await startClient();
    const history = await client.channels.fetch(fake.channelId);
    if (!history?.isTextBased()) throw new Error('expected a text channel');
    const recent = await history.messages.fetch({ limit: 10 });
    expect([...recent.values()].map((m) => m.content)).toContain('before the restart');
    expect((await fake.slashCommand('/anything').nextReply()).content).toBe('from the new client');
    expect(fake.identifies).toHaveLength(2);
  });

  describe('faults', () => {
    afterEach(() => fake.clearFaults());

    const send = async (content: string, extra: Record<string, unknown> = {}) => {
      const channel = await client.channels.fetch(fake.channelId);
      if (!channel?.isSendable()) throw new Error('expected a text channel');
      return channel.send({ content, ...extra });
    };

    it('answers 500 as often as told: discord.js retries three times, then gives up; nothing is posted', async () => {
      const before = fake.channelMessages().length;
      const fault = fake.injectFault({ method: 'POST', path: /^\/channels\/\d+\/messages$/, status: 500, times: 4 });
      const error = await send('lost').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HTTPError);
      expect((error as HTTPError).status).toBe(500);
      expect(fault.hits).toBe(4);
      expect(fake.channelMessages().length).toBe(before);
      await send('once the fault is used up');
      expect(fake.channelMessages().at(-1)?.content).toBe('once the fault is used up');
    });

    it('rate-limits with 429 and retry_after: discord.js waits and the message arrives', async () => {
      const fault = fake.injectFault({ path: /\/messages$/, method: 'POST', status: 429, times: 1, retryAfter: 0.2 });
      const started = Date.now();
      await send('after waiting');
      expect(fault.hits).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(fake.channelMessages().at(-1)?.content).toBe('after waiting');
    });

    it('a 500 after serving keeps the message; the same nonce sent again returns it instead of a second one', async () => {
      fake.injectFault({ path: /\/messages$/, method: 'POST', status: 500, times: 1, afterServing: true });
      const first = await send('exactly once', { nonce: 'n-1', enforceNonce: true });
      expect(fake.channelMessages().filter((m) => m.content === 'exactly once')).toHaveLength(1);
      const again = await send('exactly once', { nonce: 'n-1', enforceNonce: true });
      expect(again.id).toBe(first.id);
      expect(fake.channelMessages().filter((m) => m.nonce === 'n-1')).toHaveLength(1);
      // Without enforce_nonce Discord does not deduplicate.
      await send('exactly once', { nonce: 'n-1' });
      expect(fake.channelMessages().filter((m) => m.content === 'exactly once')).toHaveLength(2);
    });

    it('refuses what the bot’s channel permissions do not allow, and tells interactions what they are', async () => {
      const hidden = fake.addChannel('hidden');
      const readOnly = fake.addChannel('read-only');
      fake.setBotPermissions(hidden, 0n);
      fake.setBotPermissions(readOnly, PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory);
      const codes: Record<string, unknown> = {};
      for (const [name, id] of Object.entries({ hidden, readOnly })) {
        const error = await client.rest
          .post(`/channels/${id}/messages`, { body: { content: 'x' } })
          .catch((e: unknown) => e);
        codes[name] = (error as DiscordAPIError).code;
      }
      expect(codes).toEqual({ hidden: 50001, readOnly: 50013 });
      const seen = new Promise<bigint | undefined>((resolve) => {
        handle = async (interaction) => {
          if (!interaction.isChatInputCommand()) return;
          resolve(interaction.appPermissions?.bitfield);
          await interaction.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
        };
      });
      await fake.slashCommand('/anything', { channelId: readOnly }).nextReply();
      expect(await seen).toBe(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ReadMessageHistory);
    });
  });
});
