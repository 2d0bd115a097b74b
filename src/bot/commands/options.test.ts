import { ApplicationCommandOptionType as T } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { checkOptions, type ReceivedOption } from './options.ts';
import { commandDefinitions } from './definitions.ts';

const tm = commandDefinitions().find((c) => c.name === 'tm')!;
const move = commandDefinitions().find((c) => c.name === 'move')!;
const sub = (name: string, options: ReceivedOption[] = []): ReceivedOption[] => [{ name, type: T.Subcommand, options }];

describe('checkOptions against the registered definitions', () => {
  it('accepts what Discord’s own client sends', () => {
    expect(checkOptions(tm, sub('create', [{ name: 'players', type: T.Integer, value: 3 }]))).toEqual({
      ok: true,
      subcommand: 'create',
    });
    expect(checkOptions(move, [{ name: 'text', type: T.String, value: 'build E5' }])).toEqual({
      ok: true,
      subcommand: null,
    });
    const user = { id: '123456789012345678' };
    const replace = sub('replace', [
      { name: 'faction', type: T.String, value: 'witches' },
      { name: 'user', type: T.User, value: user.id, user },
    ]);
    expect(checkOptions(tm, replace).ok).toBe(true);
  });

  it('names each problem: missing, unknown, wrong type, not a choice, out of range, too long', () => {
    expect(checkOptions(move, [])).toMatchObject({ ok: false, problems: [{ kind: 'missing', option: 'text' }] });
    expect(checkOptions(move, [{ name: 'text', type: T.Integer, value: 5 }])).toMatchObject({
      problems: [{ kind: 'type', option: 'text' }],
    });
    expect(checkOptions(move, [{ name: 'text', type: T.String, value: '😀'.repeat(301) }])).toMatchObject({
      problems: [{ kind: 'tooLong', option: 'text', max: 300 }],
    });
    // 300 emoji are 600 UTF-16 units but 300 characters for Discord: allowed.
    expect(checkOptions(move, [{ name: 'text', type: T.String, value: '😀'.repeat(300) }]).ok).toBe(true);
    expect(
      checkOptions(move, [
        { name: 'text', type: T.String, value: 'pass' },
        { name: 'colour', type: T.String, value: 'red' },
      ]),
    ).toMatchObject({ problems: [{ kind: 'unknown', option: 'colour' }] });
    expect(checkOptions(tm, sub('create', [{ name: 'factions', type: T.String, value: 'zzz' }]))).toMatchObject({
      problems: [{ kind: 'choices', option: 'factions', choices: ['turn-order', 'random', 'recommended', 'auction'] }],
    });
    expect(checkOptions(tm, sub('create', [{ name: 'players', type: T.Integer, value: 9 }]))).toMatchObject({
      problems: [{ kind: 'range', option: 'players', min: 2, max: 5 }],
    });
    expect(checkOptions(tm, sub('create', [{ name: 'players', type: T.Integer, value: 2.5 }]))).toMatchObject({
      problems: [{ kind: 'type', option: 'players' }],
    });
    // A user option whose user was not resolved is not a user.
    expect(
      checkOptions(
        tm,
        sub('replace', [
          { name: 'faction', type: T.String, value: 'witches' },
          { name: 'user', type: T.User, value: '123' },
        ]),
      ),
    ).toMatchObject({ problems: [{ kind: 'type', option: 'user' }] });
  });

  it('refuses a subcommand path the command does not have', () => {
    for (const options of [[], sub('dance'), [...sub('join'), ...sub('leave')]]) {
      expect(checkOptions(tm, options)).toEqual({ ok: false, unknownSubcommand: true });
    }
    expect(checkOptions(move, sub('join'))).toEqual({ ok: false, unknownSubcommand: true });
  });
});
