import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ContextMenuCommandBuilder,
  ApplicationCommandType,
  EmbedBuilder,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { discordLocalizations, t } from '../i18n/index.ts';
import { checkCommand, checkCommands, checkMessage, type LimitViolation } from './limits.ts';

const problems = (violations: LimitViolation[]) => violations.map((v) => `${v.path}: ${v.problem}`);

/** A well-formed command; each test breaks one thing. Built unvalidated, as discord.js does not check everything. */
const command = () =>
  new SlashCommandBuilder()
    .setName('game')
    .setDescription('Game commands')
    .addSubcommand((s) =>
      s
        .setName('move')
        .setDescription('Make a move')
        .addStringOption((o) => o.setName('text').setDescription('Your move').setRequired(true).setAutocomplete(true))
        .addIntegerOption((o) => o.setName('amount').setDescription('How many').addChoices({ name: 'one', value: 1 })),
    )
    .toJSON();

describe('command limits', () => {
  it('accept a well-formed command with localizations', () => {
    const json = new SlashCommandBuilder()
      .setName(t('en', 'command.help.name'))
      .setNameLocalizations(discordLocalizations('command.help.name'))
      .setDescription(t('en', 'command.help.description'))
      .setDescriptionLocalizations(discordLocalizations('command.help.description'))
      .toJSON();
    expect(problems(checkCommand(json))).toEqual([]);
    expect(problems(checkCommand(command()))).toEqual([]);
  });

  it.each([
    ['an upper-case name', { name: 'Game' }, /Game\.name: "Game" must be lower case/],
    ['a space in the name', { name: 'new game' }, /must be 1-32 letters/],
    ['a 33-character name', { name: 'a'.repeat(33) }, /must be 1-32 letters/],
    ['an empty description', { description: '' }, /game\.description: 0 characters; Discord allows 1-100/],
    ['a 101-character description', { description: 'd'.repeat(101) }, /101 characters/],
    [
      'a localization under a non-Discord locale',
      { name_localizations: { es: 'juego' } },
      /"es" is not a Discord locale/,
    ],
    [
      'a localized name with a capital',
      { name_localizations: { 'es-ES': 'Partida' } },
      /es-ES: "Partida" must be lower case/,
    ],
    [
      'a localized description over 100',
      { description_localizations: { it: 'x'.repeat(101) } },
      /description_localizations\.it: 101/,
    ],
  ])('reject %s', (_, change, expected) => {
    expect(problems(checkCommand({ ...command(), ...change })).join('\n')).toMatch(expected);
  });

  it('accepts non-Latin letters that Discord allows in names (e.g. Devanagari, accented Latin)', () => {
    expect(problems(checkCommand({ ...command(), name_localizations: { hi: 'खेल', 'es-ES': 'acción' } }))).toEqual([]);
  });

  it('rejects more than 25 options, choices or subcommands', () => {
    const many = <T>(make: (i: number) => T) => Array.from({ length: 26 }, (_, i) => make(i));
    const options = many((i) => ({ type: 3, name: `o${i}`, description: 'd' }));
    expect(problems(checkCommand({ name: 'x', description: 'd', options }))).toEqual([
      'x: 26 options; Discord allows 25',
    ]);
    const subcommands = many((i) => ({ type: 1, name: `s${i}`, description: 'd' }));
    expect(problems(checkCommand({ name: 'x', description: 'd', options: subcommands }))).toEqual([
      'x: 26 options; Discord allows 25',
    ]);
    const choices = many((i) => ({ name: `c${i}`, value: `v${i}` }));
    expect(
      problems(
        checkCommand({ name: 'x', description: 'd', options: [{ type: 3, name: 'o', description: 'd', choices }] }),
      ),
    ).toEqual(['x > o: 26 choices; Discord allows 25']);
  });

  it('rejects bad choices', () => {
    const option = (choices: { name: string; value: string | number }[], autocomplete = false) => ({
      name: 'x',
      description: 'd',
      options: [{ type: 3, name: 'o', description: 'd', choices, autocomplete }],
    });
    expect(problems(checkCommand(option([{ name: 'n'.repeat(101), value: 'v' }])))).toEqual([
      'x > o.choices[0].name: 101 characters; Discord allows 1-100',
    ]);
    expect(problems(checkCommand(option([{ name: 'n', value: 'v'.repeat(101) }])))).toEqual([
      'x > o.choices[0].value: 101 characters; Discord allows 1-100',
    ]);
    expect(problems(checkCommand(option([{ name: 'n', value: 'v' }], true)))).toEqual([
      'x > o: an option cannot have both choices and autocomplete',
    ]);
  });

  it('rejects structures Discord refuses', () => {
    const json = command();
    const [move] = json.options as unknown as { options: { required?: boolean }[] }[];
    move!.options.reverse();
    expect(problems(checkCommand(json))).toEqual(['game > move: required options must come before optional ones']);
    const mixed = {
      name: 'x',
      description: 'd',
      options: [
        { type: 1, name: 's', description: 'd' },
        { type: 3, name: 'o', description: 'd' },
      ],
    };
    expect(problems(checkCommand(mixed))).toEqual(['x: subcommands and groups cannot be mixed with plain options']);
    const dup = {
      name: 'x',
      description: 'd',
      options: [
        { type: 3, name: 'o', description: 'd' },
        { type: 4, name: 'o', description: 'd' },
      ],
    };
    expect(problems(checkCommand(dup))).toEqual(['x > o: duplicate option name']);
  });

  it('counts at most 4000 characters per command, taking the longest localization of each field', () => {
    const options = Array.from({ length: 20 }, (_, i) => ({
      type: 3,
      name: `o${String.fromCharCode(97 + i)}`,
      description: 'd',
      description_localizations: { it: 'x'.repeat(100) },
      choices: Array.from({ length: 2 }, (_, j) => ({ name: 'c'.repeat(97), value: `v${j}` })),
    }));
    // 1 + 1 + 20 × (2 + 100 + 2 × (97 + 2)) = 6002 characters, mostly from the Italian descriptions and choices.
    expect(problems(checkCommand({ name: 'x', description: 'd', options }))).toEqual([
      'x: 6002 characters in names, descriptions and values; Discord allows 4000',
    ]);
  });

  it('allows context-menu commands capitals and spaces, but no description', () => {
    const menu = new ContextMenuCommandBuilder().setName('Show Board').setType(ApplicationCommandType.User).toJSON();
    expect(problems(checkCommand(menu))).toEqual([]);
    expect(problems(checkCommand({ ...menu, description: 'nope' }))).toEqual([
      'Show Board.description: context-menu commands have no description',
    ]);
  });

  it('rejects more than 100 slash commands and duplicate names in one registration', () => {
    const commands = Array.from({ length: 101 }, (_, i) => ({ name: `c${i}`, description: 'd' }));
    expect(problems(checkCommands(commands))).toEqual(['(commands): 101 slash commands; Discord allows 100']);
    expect(problems(checkCommands([command(), command()]))).toEqual([
      'game: two commands of the same type share this name',
    ]);
  });
});

describe('message limits', () => {
  const button = (id: string) => new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary);
  const row = (...components: (ButtonBuilder | StringSelectMenuBuilder)[]) =>
    new ActionRowBuilder<ButtonBuilder | StringSelectMenuBuilder>().addComponents(...components).toJSON();
  const select = (count: number) =>
    new StringSelectMenuBuilder()
      .setCustomId('pick')
      .addOptions(Array.from({ length: count }, (_, i) => ({ label: `Option ${i}`, value: `v${i}` })));

  it('accept a full but legal message', () => {
    const rows = [0, 1, 2, 3].map((r) => row(...[0, 1, 2, 3, 4].map((b) => button(`b${r}${b}`))));
    const message = {
      content: 'x'.repeat(2000),
      embeds: [new EmbedBuilder().setTitle('Round 1').setDescription('d').toJSON()],
      components: [...rows, row(select(25))],
    };
    expect(problems(checkMessage(message))).toEqual([]);
  });

  it.each([
    ['content over 2000', { content: 'x'.repeat(2001) }, 'content: 2001 characters; Discord allows 2000'],
    [
      'more than 10 embeds',
      { embeds: Array.from({ length: 11 }, () => ({ description: 'd' })) },
      'embeds: 11 embeds; Discord allows 10',
    ],
    [
      'more than 5 action rows',
      { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) },
      'components: 6 action rows; Discord allows 5',
    ],
    [
      'six buttons in a row',
      { components: [{ type: 1, components: [0, 1, 2, 3, 4, 5].map((i) => button(`b${i}`).toJSON()) }] },
      'components[0]: 6 buttons; Discord allows 5',
    ],
    // Builders refuse this one themselves; raw JSON (e.g. from a presenter) does not.
    [
      'a 101-character custom id',
      { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'l', custom_id: 'x'.repeat(101) }] }] },
      'components[0].components[0].custom_id: 101 characters; Discord allows 100',
    ],
    [
      'a select with 26 options',
      {
        components: [
          {
            type: 1,
            components: [
              {
                ...select(25).toJSON(),
                options: Array.from({ length: 26 }, (_, i) => ({ label: 'l', value: `v${i}` })),
              },
            ],
          },
        ],
      },
      'components[0].components[0].options: 26 options; Discord allows 25',
    ],
    [
      'a select sharing its row',
      { components: [{ type: 1, components: [select(2).toJSON(), button('b').toJSON()] }] },
      'components[0]: a select menu must be alone in its row',
    ],
    [
      'a repeated custom id',
      { components: [row(button('same')), row(button('same'))] },
      'components: custom id "same" is used twice in one message',
    ],
    [
      'embeds over 6000 characters together',
      { embeds: [0, 1].map(() => ({ description: 'd'.repeat(4000) })) },
      'embeds (all together): 8000 characters; Discord allows 6000',
    ],
  ])('rejects %s', (_, message, expected) => {
    expect(problems(checkMessage(message))).toEqual([expected]);
  });
});
