import { describe, expect, it } from 'vitest';
import { DISCORD_LOCALES } from '../../i18n/index.ts';
import { checkCommands, type CommandJson, type OptionJson } from '../limits.ts';
import { ACTION_COMMANDS } from './actions.ts';
import { COMMANDS, commandDefinitions } from './definitions.ts';

describe('slash command definitions', () => {
  const defs = commandDefinitions();

  it('fit every Discord limit, in every language', () => {
    expect(checkCommands(defs)).toEqual([]);
  });

  it('offer the game command, one command per action kind, raw notation, the league and its records', () => {
    expect(defs.map((d) => d.name)).toEqual([
      'tm',
      ...Object.keys(ACTION_COMMANDS),
      'move',
      'league',
      'rating',
      'leaderboard',
      'history',
      'stats',
    ]);
  });

  it('are registered under the names their table keys them by, subcommands too (what the router dispatches on)', () => {
    for (const [name, command] of Object.entries(COMMANDS)) {
      expect(command.definition.name).toBe(name);
      if ('subcommands' in command)
        for (const [sub, module] of Object.entries(command.subcommands)) {
          expect(module.name).toBe(sub);
          expect(module.definition.name).toBe(sub);
        }
    }
  });

  it('carry Spanish and Italian names', () => {
    const build = defs.find((d) => d.name === 'build')!;
    expect(build.name_localizations).toMatchObject({ 'es-ES': 'construir', it: 'costruisci' });
  });

  it('autocomplete every action choice from the engine', () => {
    for (const d of defs.filter((d) => Object.hasOwn(ACTION_COMMANDS, d.name))) {
      expect(d.options?.[0]).toMatchObject({ required: true, autocomplete: true });
    }
  });
});

/** Every named thing of a registration (commands, options, choices) with the list it sits in. */
interface Named {
  path: string;
  siblings: string;
  name: string;
  names: Record<string, string | null | undefined>;
  descriptions?: Record<string, string | null | undefined>;
  description?: string;
}

function namedThings(defs: readonly CommandJson[]): Named[] {
  const out: Named[] = [];
  const walk = (options: readonly OptionJson[], path: string) => {
    for (const o of options) {
      const at = `${path} > ${o.name}`;
      out.push({
        path: at,
        siblings: path,
        name: o.name,
        names: o.name_localizations ?? {},
        description: o.description,
        descriptions: o.description_localizations ?? {},
      });
      for (const c of o.choices ?? [])
        out.push({
          path: `${at} = ${c.value}`,
          siblings: `${at} choices`,
          name: c.name,
          names: c.name_localizations ?? {},
        });
      walk(o.options ?? [], at);
    }
  };
  for (const d of defs) {
    out.push({
      path: d.name,
      siblings: '(commands)',
      name: d.name,
      names: d.name_localizations ?? {},
      description: d.description,
      descriptions: d.description_localizations ?? {},
    });
    walk(d.options ?? [], d.name);
  }
  return out;
}

describe('localized slash command definitions', () => {
  const defs = commandDefinitions();
  const things = namedThings(defs);
  const locales = Object.values(DISCORD_LOCALES).flat();
  // Language names are written in their own language so that everyone finds theirs.
  const endonym = (n: Named) => n.siblings.endsWith('> language choices');
  const isChoice = (n: Named) => n.siblings.endsWith(' choices');

  it.each(locales)('give every command, option and choice a %s name and description', (locale) => {
    // "/tm" (Terra Mystica) is the one name every language shares.
    const sharedName = (n: Named) => endonym(n) || n.path === 'tm';
    const missing = things
      .filter((n) => (!sharedName(n) && !n.names[locale]) || (n.descriptions && !n.descriptions[locale]))
      .map((n) => n.path);
    expect(missing).toEqual([]);
  });

  it.each(locales)(
    'keep %s names within Discord’s rules: lower-case letters, digits, - or _, 1 to 32 characters',
    (locale) => {
      for (const n of things.filter((x) => !isChoice(x) && x.names[locale])) {
        const name = n.names[locale]!;
        expect(name, n.path).toMatch(/^[-_\p{L}\p{N}]{1,32}$/u);
        expect(name, n.path).toBe(name.toLowerCase());
        expect([...n.descriptions![locale]!].length, `${n.path} description`).toBeLessThanOrEqual(100);
      }
      for (const n of things.filter((x) => isChoice(x) && x.names[locale]))
        expect([...n.names[locale]!].length, n.path).toBeLessThanOrEqual(100);
    },
  );

  it.each(['en', ...locales])('never give two siblings the same %s name', (locale) => {
    const seen = new Map<string, string>();
    for (const n of things) {
      const name = locale === 'en' ? n.name : (n.names[locale] ?? n.name);
      const key = `${n.siblings}\u0000${name}`;
      expect(seen.get(key), `${n.path} and ${seen.get(key)} are both "${name}"`).toBeUndefined();
      seen.set(key, n.path);
    }
  });

  it('are refused when a localized name breaks the rules (the check the registration relies on)', () => {
    const build = defs.find((d) => d.name === 'build')!;
    const broken = { ...build, name_localizations: { ...build.name_localizations, it: 'Costruisci casa' } };
    expect(checkCommands([broken]).map((v) => v.path)).toEqual(['build.name_localizations.it']);
  });
});
