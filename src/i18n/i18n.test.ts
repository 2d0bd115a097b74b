import { describe, expect, it as test } from 'vitest';
import { BOT_LOCALES, CATALOGUES, botLocaleOf, discordLocalizations, t } from './index.ts';

const placeholders = (message: string | Record<string, string>): Set<string> => {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)));
};

describe('catalogues', () => {
  const english = CATALOGUES.en;

  for (const locale of BOT_LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      const catalogue = CATALOGUES[locale];

      test('has exactly the keys of the English catalogue', () => {
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      });

      test('keeps the shape (text or plural forms) and placeholders of each English message', () => {
        for (const [key, source] of Object.entries(english)) {
          const translated = catalogue[key as keyof typeof english];
          expect(typeof translated, key).toBe(typeof source);
          const expected = placeholders(source);
          const actual = placeholders(translated);
          if (typeof source === 'string') expect(actual, key).toEqual(expected);
          else for (const name of actual) expect(expected.has(name), `${key} uses {${name}}`).toBe(true);
        }
      });
    });
  }

  for (const locale of BOT_LOCALES) {
    test(`${locale} plural messages have a form for every plural category of counts 0..1000`, () => {
      const rules = new Intl.PluralRules(locale);
      const categories = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
      for (const [key, message] of Object.entries(CATALOGUES[locale])) {
        if (typeof message === 'string') continue;
        for (const category of categories) expect(message, `${key} lacks "${category}"`).toHaveProperty(category);
      }
    });
  }
});

describe('t', () => {
  test('interpolates named values', () => {
    expect(t('en', 'gameError.not_your_turn', { waitingFor: 'Witches' })).toBe(
      'It is not your turn: we are waiting for Witches.',
    );
    expect(t('es', 'gameError.not_your_turn', { waitingFor: 'brujas' })).toBe(
      'No es tu turno: estamos esperando a brujas.',
    );
  });

  test('picks the plural form from the count, per language', () => {
    expect(t('en', 'common.players', { count: 1 })).toBe('1 player');
    expect(t('en', 'common.players', { count: 0 })).toBe('0 players');
    expect(t('es', 'common.players', { count: 1 })).toBe('1 jugador');
    expect(t('it', 'common.players', { count: 5 })).toBe('5 giocatori');
  });

  test('formats numbers the way each language writes them', () => {
    expect(t('en', 'common.players', { count: 1200 })).toBe('1,200 players');
    expect(t('it', 'common.players', { count: 1200 })).toBe('1200 giocatori');
    expect(t('es', 'common.players', { count: 12000 })).toBe('12.000 jugadores');
  });

  test('falls back to the "other" form for a category a message does not spell out', () => {
    // Spanish and Italian use "many" for a million; the catalogues only write "one" and "other".
    expect(t('es', 'term.worker', { count: 1_000_000 })).toBe('trabajadores');
  });

  test('speaks the rulebooks’ glossary', () => {
    expect(t('es', 'term.dwelling', { count: 1 })).toBe('morada');
    expect(t('it', 'term.dwelling', { count: 1 })).toBe('Abitazione');
    expect(t('it', 'term.spade', { count: 2 })).toBe('Vanghe');
    expect(t('es', 'term.cult.water')).toBe('agua');
    expect(t('es', 'faction.darklings')).toBe('Moradores de la Oscuridad');
    expect(t('es', 'faction.swarmlings')).toBe('Moradores de las Aguas');
    expect(t('it', 'render.round', { n: 3 })).toBe('Turno 3');
  });

  test('refuses to render a message with a value missing (a bug, not a user error)', () => {
    expect(() => t('en', 'error.notForYou', {} as { player: string })).toThrow(/\{player\}/);
  });
});

describe('Discord locales', () => {
  test('map Spanish variants to es, Italian to it and everything else to English', () => {
    expect(botLocaleOf('es-ES')).toBe('es');
    expect(botLocaleOf('es-419')).toBe('es');
    expect(botLocaleOf('it')).toBe('it');
    for (const other of ['en-US', 'en-GB', 'fr', 'pt-BR', 'de', '', null, undefined])
      expect(botLocaleOf(other)).toBe('en');
  });

  test('localizations carry every Discord locale we translate, and no English duplicate', () => {
    expect(discordLocalizations('command.help.name')).toEqual({ 'es-ES': 'ayuda', 'es-419': 'ayuda', it: 'aiuto' });
  });
});
