import { describe, expect, it } from 'vitest';
import { checkCommands } from '../limits.ts';
import { ACTION_COMMANDS, commandDefinitions } from './definitions.ts';

describe('slash command definitions', () => {
  const defs = commandDefinitions();

  it('fit every Discord limit, in every language', () => {
    expect(checkCommands(defs)).toEqual([]);
  });

  it('offer one command per action kind plus the game command and raw notation', () => {
    const names = defs.map((d) => d.name);
    expect(names).toContain('tm');
    expect(names).toContain('move');
    for (const a of ACTION_COMMANDS) expect(names).toContain(a.base.slice('cmd.'.length).replace('leech', 'power'));
  });

  it('carry Spanish and Italian names', () => {
    const build = defs.find((d) => d.name === 'build')!;
    expect(build.name_localizations).toMatchObject({ 'es-ES': 'construir', it: 'costruisci' });
  });

  it('autocomplete every action choice from the engine', () => {
    for (const d of defs.filter((d) => d.name !== 'tm' && d.name !== 'move')) {
      expect(d.options?.[0]).toMatchObject({ required: true, autocomplete: true });
    }
  });
});
