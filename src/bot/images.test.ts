import { describe, expect, it } from 'vitest';
import { BOT_LOCALES } from '../i18n/index.ts';
import { EN_LABELS } from '../render/index.ts';
import { renderLabels } from './images.ts';

/** Every string of a labels object, with its path: "short.pass", "cults.FIRE", "round". */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as object).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
}

describe('labels drawn into the images', () => {
  it('are the renderer’s own defaults in English', () => {
    expect(renderLabels('en')).toEqual(EN_LABELS);
  });

  for (const locale of BOT_LOCALES.filter((l) => l !== 'en')) {
    it(`translate every word into ${locale}, keeping the renderer's placeholders`, () => {
      const english = new Map(strings(EN_LABELS));
      // Notation letters, "Auren" (the same name in every edition) and the Spanish edition's "Yetis" stay as they are.
      const same = locale === 'es' ? /^(buildings\.|factions\.(auren|yetis))/ : /^(buildings\.|factions\.auren)/;
      for (const [path, text] of strings(renderLabels(locale))) {
        const source = english.get(path)!;
        expect(source, path).toBeDefined();
        if (!same.test(path)) expect(text, path).not.toBe(source);
        expect([...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort(), path).toEqual(
          [...source.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort(),
        );
      }
    });
  }

  it('speak the rulebooks’ words', () => {
    const es = renderLabels('es');
    const it_ = renderLabels('it');
    expect([es.round, es.shipping, es.powerActions, es.vp, es.factions.witches]).toEqual([
      'Ronda {n}',
      'Navegación',
      'Acciones de poder',
      'PV',
      'Brujas',
    ]);
    expect([it_.round, it_.shipping, it_.powerActions, it_.vp, it_.factions.witches]).toEqual([
      'Turno {n}',
      'Navigazione',
      'Azioni Potere',
      'PV',
      'Streghe',
    ]);
  });
});
