import { describe, expect, it } from 'vitest';
import type { AiNote, AiTurn } from '../../game/service.ts';
import { aiSeatLines, aiStuckNotice, seatName, whyLine } from './ai.ts';
import { mention } from './names.ts';

/** A temple that scores the round's temple tile, takes a favor tile and offers the giants power, for cult majorities. */
const temple: AiNote = {
  level: 'hard',
  reasons: [
    { kind: 'vp', source: 'round-tile', vp: 4, tile: 'SCORE9' },
    { kind: 'favor-tile', tile: 'FAV2' },
    { kind: 'power-offered', to: 'giants', power: 2 },
    { kind: 'plan', goal: 'cult-majority' },
  ],
};

describe('why an AI moved, in words', () => {
  it('says it in one line in the game’s language, from the typed reasons', () => {
    expect(whyLine('en', temple, 'witches')).toBe(
      "_Why (hard):_ +4 VP from the round's temple tile, a favor tile (FAV2 · +3 Water) and 2 power offered to the Giants, with an eye on the cult majorities.",
    );
    expect(whyLine('es', temple, 'witches')).toBe(
      '_Por qué (difícil):_ +4 PV de la loseta de ronda (templo), una loseta de favor (FAV2 · +3 agua) y 2 de poder ofrecido a la facción Gigantes, pensando en las mayorías en los cultos.',
    );
    expect(whyLine('it', temple, 'witches')).toBe(
      '_Perché (difficile):_ +4 PV dalla tessera del turno (tempio), una tessera Favore (FAV2 · +3 Acqua) e 2 Potere offerto a Giganti, obiettivo: le maggioranze nei culti.',
    );
  });

  it('words every kind of reason, and a move without reasons', () => {
    const line = whyLine(
      'en',
      {
        level: 'normal',
        reasons: [
          { kind: 'paying-for', action: 'build E7' },
          { kind: 'vp', source: 'pass', vp: 3, tile: 'BON6' },
          { kind: 'bonus-card', tile: 'BON6' },
          { kind: 'town-founded' },
          { kind: 'town-tile', tile: 'TW1' },
          { kind: 'cult-steps', cult: 'FIRE', steps: 2 },
          { kind: 'power-taken', from: 'nomads', power: 3, vp: 2 },
          { kind: 'power-declined', from: 'nomads', power: 1 },
        ],
      },
      'witches',
    );
    expect(line).toMatch(
      /^_Why \(normal\):_ paying for Dwelling at E7, \+3 VP for passing, bonus card BON6 · .+, a new town, a town tile \(TW1 · .+\), \+2 on the Fire track, 3 power from the Nomads for 2 VP and no power from the Nomads this time \(1 offered\)\.$/,
    );
    const lastPass: AiNote = {
      level: 'hard',
      reasons: [
        { kind: 'vp', source: 'pass', vp: 3, tile: 'FAV12' },
        { kind: 'vp', source: 'final-scoring', vp: 42 },
        { kind: 'plan', goal: 'end-game' },
      ],
    };
    expect(whyLine('en', lastPass, 'witches')).toMatch(
      /^_Why \(hard\):_ \+3 VP for passing and \+42 VP from the final scoring, .+\.$/,
    );
    expect(whyLine('es', lastPass, 'witches')).toContain('+42 PV de la puntuación final');
    expect(whyLine('it', lastPass, 'witches')).toContain('+42 PV dal punteggio finale');
    expect(whyLine('en', { level: 'easy', reasons: [] }, 'witches')).toBe(
      '_Why (easy):_ the move it values most in this position.',
    );
    expect(whyLine('it', { level: 'easy', reasons: [{ kind: 'fallback' }] }, 'witches')).toBe(
      '_Perché (facile):_ senza tempo per pensarci, quindi il minimo che le regole consentono.',
    );
  });
});

describe('AI seats in posts', () => {
  it('are named, marked as the AI and never mentioned as a user', () => {
    expect(mention('ai:ada')).toBe('🤖 Ada');
    expect(mention('123456789012345678')).toBe('<@123456789012345678>');
    expect(seatName('es', { userId: 'ai:grace', ai: { level: 'hard' } })).toBe('🤖 Grace (IA, difícil)');
    expect(
      aiSeatLines('en', {
        kind: 'handedToAi',
        by: '1',
        userId: 'ai:ada',
        level: 'normal',
        previous: '2',
        faction: 'nomads',
      }),
    ).toEqual([
      '<@1> handed the seat of <@2> (Nomads) to 🤖 Ada (AI, normal). <@2> can take it back with `/tm replace`.',
    ]);
    expect(
      aiSeatLines('it', {
        kind: 'handedToAi',
        by: null,
        userId: 'ai:ada',
        level: 'normal',
        previous: '2',
        faction: null,
      }),
    ).toEqual([
      'Tempo scaduto per <@2>: da ora 🤖 Ada (IA, normale) gioca con ancora senza fazione. <@2> può riprendere il posto con `/tm replace`.',
    ]);
  });
});

describe('an AI seat the rules accept no move of', () => {
  it('pings the game admin with the seat, its faction and what they can do, in the game’s language', () => {
    const seat = { position: 1, userId: 'ai-ada', ai: { level: 'normal' as const } };
    const turn = { kind: 'move', seat, level: 'normal', faction: 'nomads', offTurn: false } as unknown as AiTurn;
    const en = aiStuckNotice('en', { creatorUserId: '42' }, turn);
    expect(en.startsWith(`${mention('42')}: `)).toBe(true);
    expect(en).toContain(seatName('en', seat));
    expect(en).toContain(' · Nomads: ');
    expect(en).toMatch(/`\/tm replace`.*`\/tm undo`/);
    for (const locale of ['es', 'it'] as const) {
      const text = aiStuckNotice(locale, { creatorUserId: '42' }, turn);
      expect(text).not.toBe(en);
      expect(text).toContain('`/tm replace`');
    }
    expect(
      aiStuckNotice('en', { creatorUserId: '42' }, { kind: 'pick', seat, level: 'normal' } as unknown as AiTurn),
    ).toContain(' · no faction yet: ');
  });
});
