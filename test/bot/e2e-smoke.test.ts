/**
 * The real discord.js client against the fake Discord: proves the plumbing every game command will use.
 * `/smoke` is a TEST FIXTURE, not a bot command; the game's commands come with the game service.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  type Client,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, connect } from '../../src/bot/client.ts';
import { ConfigError } from '../../src/bot/config.ts';
import { registerCommands } from '../../src/bot/register.ts';
import { routeInteractions, type ComponentHandler, type SlashCommand } from '../../src/bot/router.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

const TOKEN = 'fake-token';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const HEXES = ['A1', 'A2', 'B1', 'E5', 'E7', 'F2'];

// The fixture's own kinds, which the bot never draws (formatCustomId takes only the bot's), written out.
const pressId = 'tm:smoke-press:g1:3:E5';
const pickId = 'tm:smoke-pick:g1:3';
/** A well-formed id of a kind no handler serves (any more). */
const RETIRED_ID = 'tm:retired:g1:1';

const smokeFixtureCommand: SlashCommand = {
  definition: new SlashCommandBuilder()
    .setName('smoke')
    .setDescription('Test fixture')
    .addSubcommand((s) => s.setName('ping').setDescription('Replies pong'))
    .addSubcommand((s) => s.setName('secret').setDescription('Replies privately'))
    .addSubcommand((s) => s.setName('draw').setDescription('Defers, then sends a PNG'))
    .addSubcommand((s) => s.setName('controls').setDescription('Sends a button and a select menu'))
    .addSubcommand((s) => s.setName('announce').setDescription('Posts and pins a channel message'))
    .addSubcommand((s) => s.setName('broken').setDescription('Throws'))
    .addSubcommand((s) => s.setName('broken-late').setDescription('Defers, then throws'))
    .addSubcommand((s) => s.setName('legacy').setDescription('Sends buttons nothing handles'))
    .addSubcommand((s) =>
      s
        .setName('hex')
        .setDescription('Autocompletes a hex')
        .addStringOption((o) => o.setName('at').setDescription('Hex').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => o.setName('times').setDescription('How often')),
    )
    .toJSON(),

  async execute(interaction) {
    switch (interaction.options.getSubcommand()) {
      case 'ping':
        await interaction.reply(`pong ${interaction.locale}`);
        return;
      case 'secret':
        await interaction.reply({ content: 'only you', flags: MessageFlags.Ephemeral });
        return;
      case 'draw': {
        await interaction.deferReply();
        const canvas = createCanvas(64, 32);
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#2e7d32';
        ctx.fillRect(0, 0, 64, 32);
        await interaction.editReply({
          embeds: [new EmbedBuilder().setTitle('Board').setImage('attachment://board.png')],
          files: [{ attachment: await canvas.encode('png'), name: 'board.png' }],
        });
        return;
      }
      case 'controls':
        await interaction.reply({
          content: 'choose',
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId(pressId).setLabel('Press').setStyle(ButtonStyle.Primary),
            ),
            new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
              new StringSelectMenuBuilder()
                .setCustomId(pickId)
                .addOptions(['fire', 'water', 'earth', 'air'].map((cult) => ({ label: cult, value: cult }))),
            ),
          ],
        });
        return;
      case 'announce': {
        if (!interaction.channel?.isSendable()) throw new Error('the fixture runs in a text channel');
        const message = await interaction.channel.send({ content: `status for <@${interaction.user.id}>` });
        await message.pin();
        await interaction.reply({ content: 'announced', flags: MessageFlags.Ephemeral });
        return;
      }
      case 'legacy':
        await interaction.reply({
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              [RETIRED_ID, 'confirm_button'].map((id) =>
                new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Secondary),
              ),
            ),
          ],
        });
        return;
      case 'hex':
        await interaction.reply(
          `${interaction.options.getString('at', true)} × ${interaction.options.getInteger('times') ?? 1}`,
        );
        return;
      case 'broken-late':
        await interaction.deferReply();
        throw new Error('smoke fixture failed late on purpose');
      default:
        throw new Error('smoke fixture failed on purpose');
    }
  },

  async autocomplete(interaction) {
    const typed = interaction.options.getFocused().toUpperCase();
    await interaction.respond(HEXES.filter((hex) => hex.startsWith(typed)).map((hex) => ({ name: hex, value: hex })));
  },
};

const smokeFixtureComponents: ComponentHandler[] = [
  {
    kind: 'smoke-press',
    async execute(interaction, id) {
      await interaction.update({ content: `pressed ${id.args[0]} at v${id.version}`, components: [] });
    },
  },
  {
    kind: 'smoke-pick',
    async execute(interaction) {
      if (!interaction.isStringSelectMenu()) throw new Error('expected a string select');
      await interaction.update({ content: `picked ${interaction.values.join(',')}`, components: [] });
    },
  },
];

describe('the bot through a fake Discord', () => {
  let fake: FakeDiscord;
  let client: Client;
  const errors: unknown[] = [];

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: TOKEN });
    client = createClient(fake.apiUrl);
    routeInteractions(client, {
      commands: [smokeFixtureCommand],
      components: smokeFixtureComponents,
      onError: (error) => errors.push(error),
    });
    await registerCommands(client.rest.setToken(TOKEN), { applicationId: fake.applicationId, guildId: fake.guildId }, [
      smokeFixtureCommand.definition,
    ]);
    await connect(client, TOKEN);
  });

  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('logs in through the gateway and registers the commands in the guild', () => {
    expect(client.isReady()).toBe(true);
    expect(client.guilds.cache.has(fake.guildId)).toBe(true);
    expect(fake.identifies).toEqual([{ token: TOKEN, intents: 1, shard: [0, 1] }]);
    expect(fake.registeredCommands(fake.guildId).map((c) => c.name)).toEqual(['smoke']);
  });

  it('replies to a slash command, in the interaction’s channel, within Discord’s 3 seconds', async () => {
    const interaction = fake.slashCommand('/smoke ping', { locale: 'es-ES' });
    const reply = await interaction.nextReply();
    expect(reply).toMatchObject({ kind: 'reply', content: 'pong es-ES', ephemeral: false });
    expect(reply.elapsedMs).toBeLessThan(3000);
    expect(fake.channelMessages().at(-1)?.content).toBe('pong es-ES');
  });

  it('keeps an ephemeral reply out of the channel (flag 64)', async () => {
    const reply = await fake.slashCommand('/smoke secret').nextReply();
    expect(reply).toMatchObject({ kind: 'reply', content: 'only you', ephemeral: true });
    expect(reply.body.flags).toBe(64);
    expect(fake.channelMessages().some((m) => m.content === 'only you')).toBe(false);
  });

  it('captures a deferred reply edited later with a PNG attachment, bytes included', async () => {
    const interaction = fake.slashCommand('/smoke draw');
    expect(await interaction.nextReply()).toMatchObject({ kind: 'defer', ephemeral: false });
    const edit = await interaction.nextReply();
    expect(edit.kind).toBe('editReply');
    expect(edit.embeds).toMatchObject([{ title: 'Board', image: { url: 'attachment://board.png' } }]);
    const [file] = edit.files;
    expect(file).toMatchObject({ filename: 'board.png', contentType: 'image/png' });
    expect(file!.bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    const image = await loadImage(file!.bytes);
    expect([image.width, image.height]).toEqual([64, 32]);
    expect(edit.message?.attachments.map((a) => a.filename)).toEqual(['board.png']);
  });

  it('updates the message when its button is pressed, and when a select menu value is chosen', async () => {
    await fake.slashCommand('/smoke controls').nextReply();
    const press = await fake.clickButton(pressId).nextReply();
    expect(press).toMatchObject({ kind: 'update', content: 'pressed E5 at v3', components: [] });

    await fake.slashCommand('/smoke controls').nextReply();
    const pick = await fake.selectMenu(pickId, ['water']).nextReply();
    expect(pick).toMatchObject({ kind: 'update', content: 'picked water' });
    expect(() => fake.selectMenu(pickId, ['water'])).toThrow(/no message .* carries/);
  });

  it('answers autocomplete with choices matching what the user typed', async () => {
    const reply = await fake.autocomplete('/smoke hex', { focused: 'at', options: { at: 'e' } }).nextReply();
    expect(reply.kind).toBe('autocomplete');
    expect(reply.choices).toEqual([
      { name: 'E5', value: 'E5' },
      { name: 'E7', value: 'E7' },
    ]);
  });

  it('passes typed options through, checked against the registered definition', async () => {
    const reply = await fake.slashCommand('/smoke hex', { options: { at: 'E5', times: 2 } }).nextReply();
    expect(reply.content).toBe('E5 × 2');
    expect(() => fake.slashCommand('/smoke hex', { options: { times: 2 } })).toThrow(
      /missing required option\(s\): at/,
    );
    expect(() => fake.slashCommand('/smoke hex', { options: { at: 'E5', colour: 'red' } })).toThrow(
      /no option "colour"/,
    );
  });

  it('captures channel messages, their mentions and pins', async () => {
    const user = fake.createUser('bob');
    await fake.slashCommand('/smoke announce', { user }).nextReply();
    const [pinned] = fake.pinnedMessages();
    expect(pinned).toMatchObject({ content: `status for <@${user.id}>`, pingedUserIds: [user.id] });
  });

  it('answers an unknown command privately, in the user’s language', async () => {
    const reply = await fake.slashCommand('/nonexistent', { locale: 'it' }).nextReply();
    expect(reply).toMatchObject({
      kind: 'reply',
      ephemeral: true,
      content: expect.stringMatching(/^Non conosco questo comando/),
    });
  });

  it('tells whoever presses a button left by an older bot version that it no longer works', async () => {
    await fake.slashCommand('/smoke legacy').nextReply();
    for (const customId of [RETIRED_ID, 'confirm_button']) {
      const reply = await fake.clickButton(customId).nextReply();
      expect(reply).toMatchObject({ kind: 'reply', ephemeral: true, content: expect.stringMatching(/older message/) });
    }
  });

  it('reports a failing handler and tells the user privately that nothing changed', async () => {
    const reply = await fake.slashCommand('/smoke broken', { locale: 'es-419' }).nextReply();
    expect(reply).toMatchObject({ kind: 'reply', ephemeral: true, content: expect.stringMatching(/^Algo ha fallado/) });
    expect(errors).toEqual([expect.objectContaining({ message: 'smoke fixture failed on purpose' })]);
  });

  it('after a public defer, removes the "thinking…" placeholder and explains privately', async () => {
    const interaction = fake.slashCommand('/smoke broken-late');
    expect((await interaction.nextReply()).kind).toBe('defer');
    expect((await interaction.nextReply()).kind).toBe('deleteReply');
    expect(await interaction.nextReply()).toMatchObject({
      kind: 'followUp',
      ephemeral: true,
      content: expect.stringMatching(/^Something went wrong/),
    });
    expect(fake.channelMessages().filter((m) => m.interactionId === interaction.id)).toEqual([]);
  });

  it('turns a token Discord refuses into set-up guidance', async () => {
    const wrong = createClient(fake.apiUrl);
    try {
      await expect(connect(wrong, 'not-the-token')).rejects.toThrow(ConfigError);
      await expect(connect(wrong, 'not-the-token')).rejects.toThrow(/Bot → Reset Token/);
    } finally {
      await wrong.destroy();
    }
  });
});
