import { describe, expect, it, vi } from 'vitest';
import type * as I18n from '../../i18n/index.ts';
import type { OptionJson } from '../limits.ts';
import { ACTION_COMMANDS, CHOICE_OPTION } from './actions.ts';
import { commandDefinitions } from './definitions.ts';
import { MOVE, MOVE_OPTION } from './move.ts';
import { TM, TM_OPTION, TM_SUB } from './tm.ts';
import { LEAGUE, LEAGUE_OPTION, LEAGUE_SUB } from './league.ts';
import { RECORDS, RECORDS_OPTION } from './records.ts';

// Every catalogue entry, in every language, is "edited": a name that still comes out right cannot have
// come from a catalogue.
vi.mock('../../i18n/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof I18n>();
  const edited = (key: string) => `edited-${key.replace(/[^a-z]/g, '-')}`.slice(0, 32);
  return {
    ...real,
    t: (_locale: string, key: string) => edited(key),
    discordLocalizations: (key: string) => ({ it: edited(key) }),
  };
});

const walk = (options: readonly OptionJson[] | undefined, at: string): string[][] =>
  (options ?? []).flatMap((o) => [
    [`${at} ${o.name}`, o.name],
    ...(o.choices ?? []).map((c) => [`${at} ${o.name} = ${String(c.value)}`, String(c.value)]),
    ...walk(o.options, `${at} ${o.name}`),
  ]);

describe('command and option names', () => {
  const defs = commandDefinitions();

  it('stay the constants of their command modules whatever the catalogues say', () => {
    const constants = new Set<string>([
      TM,
      MOVE,
      CHOICE_OPTION,
      ...Object.values(TM_SUB),
      ...Object.values(TM_OPTION),
      ...Object.values(MOVE_OPTION),
      LEAGUE,
      ...Object.values(LEAGUE_SUB),
      ...Object.values(LEAGUE_OPTION),
      ...Object.values(RECORDS),
      ...Object.values(RECORDS_OPTION),
      ...Object.keys(ACTION_COMMANDS),
    ]);
    const names = defs.flatMap((d) => [[d.name, d.name], ...walk(d.options, d.name)]);
    const options = names.filter(([path]) => !path!.includes(' = '));
    expect(options.filter(([, name]) => !constants.has(name!))).toEqual([]);
    // Choice values are what handlers compare against: constants too, never a translated label.
    expect(names.filter(([, name]) => name!.startsWith('edited'))).toEqual([]);
  });

  it('still take their localized labels from the catalogue', () => {
    const build = defs.find((d) => d.name === 'build')!;
    expect(build.name_localizations).toEqual({ it: 'edited-cmd-build-name' });
    expect(build.description).toBe('edited-cmd-build-description');
  });
});
