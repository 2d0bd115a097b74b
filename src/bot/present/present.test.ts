import { describe, expect, it } from 'vitest';
import type { Cult, FactionSnapshot } from '../../engine/index.ts';
import { parseGameLog } from '../../notation/log.ts';
import { replayLog } from '../../notation/replay.ts';
import { readCorpus } from '../../../test/corpus.ts';
import { describeChange } from './changes.ts';
import { describeGameError } from './errors.ts';
import { ORIGINAL_MAP_ID, waitReason } from '../../engine/index.ts';
import { describeMove, describeWaiting } from './turn.ts';
import { describeCommand, describeLegalMove } from './moves.ts';

const snap = (o: Partial<FactionSnapshot> = {}): FactionSnapshot => ({
  VP: 20,
  C: 15,
  W: 3,
  P: 0,
  PW: [5, 7, 0],
  cult: [0, 1, 1, 0],
  ...o,
});

describe('change summaries', () => {
  it('list what changed with signs, power bowls and cult steps', () => {
    expect(describeChange('en', snap(), snap({ VP: 22, C: 13, W: 2, PW: [4, 8, 0], cult: [0, 1, 2, 0] }))).toBe(
      '+2 VP · −2 C · −1 W · PW 5/7/0 → 4/8/0 · ⛰ 1 → 2',
    );
  });

  it('use each edition’s abbreviations', () => {
    const after = snap({ VP: 22, C: 13, W: 2, P: 1, PW: [4, 8, 0] });
    expect(describeChange('es', snap(), after)).toBe('+2 PV · −2 M · −1 T · +1 S · poder 5/7/0 → 4/8/0');
    expect(describeChange('it', snap(), after)).toBe('+2 PV · −2 M · −1 L · +1 S · Potere 5/7/0 → 4/8/0');
  });

  it('say nothing when nothing changed', () => {
    expect(describeChange('en', snap(), snap())).toBe('');
  });
});

describe('who the game waits for', () => {
  // After the nomads' "dig 1. build E3" in S60 G1's first round the mermaids owe a power decision.
  const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
  const state = replayLog(
    entries.slice(
      0,
      entries.findIndex((e) => e.kind === 'row' && e.faction === 'nomads' && e.text === 'dig 1. build E3') + 1,
    ),
  ).state!;

  it('tells a power offer from a turn', () => {
    expect(waitReason(state, 'mermaids')).toEqual({ kind: 'leech', from: 'nomads' });
  });

  it('mentions each waiting player with the reason, in the game’s language: the next to move holding an offer hears both', () => {
    expect(state.active).toBe('mermaids');
    const waiting = [{ faction: 'mermaids' as const, position: 2, userId: '42' }];
    expect(describeWaiting('en', state, waiting)).toBe(
      'Next: <@42> (Mermaids) to move, and may first take power from Nomads.',
    );
    expect(describeWaiting('es', state, waiting)).toBe(
      'Siguiente: mueve <@42> (Sirenas), que antes puede tomar poder de Nómadas.',
    );
    expect(describeWaiting('it', state, waiting)).toBe(
      'Ora: tocca a <@42> (Sirene), che prima può prendere Potere da Nomadi.',
    );
  });
});

describe('refusals', () => {
  it('name the factions the service refers to by id in the reader’s language', () => {
    expect(describeGameError('it', { code: 'not_your_turn', params: { waitingFor: 'witches, nomads' } })).toBe(
      'Non è il tuo turno: stiamo aspettando Streghe, Nomadi.',
    );
    expect(describeGameError('es', { code: 'faction_unavailable', params: { faction: 'darklings' } })).toBe(
      'La facción Moradores de la Oscuridad no está disponible.',
    );
    expect(describeGameError('es', { code: 'faction_unavailable', params: { faction: 'dragons' } })).toBe(
      'La facción dragons no está disponible.',
    );
  });
});

describe('refusals from the rules', () => {
  it('are said in the reader’s language from the engine’s code, with names instead of ids', async () => {
    const { describeGameError } = await import('./errors.ts');
    const error = {
      code: 'rule_error',
      params: { message: "Witches can't reach E5", rule: 'cannotReach', ruleParams: { faction: 'witches', hex: 'E5' } },
    } as const;
    expect(describeGameError('en', error)).toBe("Not allowed: Witches can't reach E5");
    expect(describeGameError('es', error)).toBe('No está permitido: La facción Brujas no puede llegar a E5');
    expect(describeGameError('it', error)).toBe('Non consentito: Streghe non possono raggiungere E5');
    const terrain = {
      code: 'rule_error',
      params: { message: '', rule: 'alreadyTerrain', ruleParams: { hex: 'E5', terrain: 'green' } },
    } as const;
    expect(describeGameError('es', terrain)).toBe('No está permitido: No se puede transformar E5: ya es bosque');
  });
});

describe('refusals of what was typed', () => {
  it('echo it as plain text: no markdown, no mentions', async () => {
    const { describeGameError } = await import('./errors.ts');
    const error = {
      code: 'parse_error',
      params: { message: '', parse: 'notUnderstood', text: '**fly** @everyone <@123>' },
    } as const;
    const said = describeGameError('en', error);
    expect(said).not.toContain('**fly**');
    expect(said).toContain('\\*\\*fly\\*\\*');
    expect(said).not.toMatch(/@everyone|<@123>/);
  });

  it('are said in the reader’s language from the parser’s code, without saying it twice', async () => {
    const { describeGameError } = await import('./errors.ts');
    const error = {
      code: 'parse_error',
      params: { message: "'fly' is not a command I know", parse: 'notUnderstood', text: 'fly' },
    } as const;
    expect(describeGameError('en', error)).toBe("I could not read that move: 'fly' is not a command I know");
    expect(describeGameError('es', error)).toBe("No he entendido esa jugada: 'fly' no es ningún comando que conozca");
    expect(describeGameError('it', error)).toBe("Non ho capito quella mossa: 'fly' non è un comando che conosco");
  });
});

describe('moves in words', () => {
  it('say that the Coral Reef goes on a river space, and a land landscape at its space (SL-MER-1)', () => {
    const reef = { type: 'landscape', hex: 'r20' } as const;
    expect(describeCommand('en', reef, { faction: 'mermaids' })).toBe('Coral Reef on the river space r20');
    expect(describeCommand('es', reef, { faction: 'mermaids' })).toBe('Arrecife de Coral en el espacio de río r20');
    expect(describeCommand('it', reef, { faction: 'mermaids' })).toBe('Barriera Corallina sullo spazio di fiume r20');
    expect(describeCommand('en', { type: 'landscape', hex: 'A11' }, { faction: 'witches' })).toBe(
      "Raven's Folly at A11",
    );
  });

  it('name a river space by the land around it when the map is known: the pictures print no river names', () => {
    // r26 is the second space of row G on the original map, river on both sides, between F1, F2, H1 and H2.
    const reef = { type: 'landscape', hex: 'r26' } as const;
    expect(describeCommand('en', reef, { faction: 'mermaids', map: ORIGINAL_MAP_ID })).toBe(
      'Coral Reef on the river by F1, F2, H1, H2',
    );
    expect(describeCommand('es', reef, { faction: 'mermaids', map: ORIGINAL_MAP_ID })).toBe(
      'Arrecife de Coral en el río junto a F1, F2, H1, H2',
    );
    expect(describeCommand('it', reef, { faction: 'mermaids', map: ORIGINAL_MAP_ID })).toBe(
      'Barriera Corallina sul fiume accanto a F1, F2, H1, H2',
    );
    const town = { type: 'connect', hexes: ['r26'] } as const;
    expect(describeCommand('en', town, { faction: 'mermaids', map: ORIGINAL_MAP_ID })).toBe(
      'Town across the river by F1, F2, H1, H2',
    );
    expect(describeCommand('en', town, { faction: 'mermaids' })).toBe('Connect r26');
  });
});

describe('moves that spend for nothing', () => {
  const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
  const state = replayLog(entries.slice(0, entries.length / 3)).state!;
  const faction = state.factionOrder[0]!;

  it('say so, in every language, and still name the move', () => {
    // A cult step owed (a bonus card's, say) where one track is already at its top.
    const owed = structuredClone(state);
    owed.factions[faction]!.cults.FIRE = 10;
    owed.factions[faction]!.counters.CULT = 1;
    const step = (cult: Cult) => ({
      kind: 'cult' as const,
      commands: [{ type: 'adjust' as const, resource: cult, delta: 1 }],
    });
    expect(describeLegalMove('en', owed, faction, step('FIRE')).label).toBe(
      '+1 Fire · ⚠ Fire stays at 10: no step gained',
    );
    expect(describeLegalMove('es', owed, faction, step('FIRE')).label).toMatch(/^\+1 fuego · ⚠ fuego sigue en 10/i);
    expect(describeLegalMove('it', owed, faction, step('FIRE')).label).toMatch(/^\+1 fuoco · ⚠ fuoco resta a 10/i);
    expect(describeLegalMove('en', owed, faction, step('WATER')).label).not.toContain('⚠');
  });
});

describe('a move’s lines', () => {
  const move = { faction: 'witches' as const, userId: 'u1', autoAnswers: [], changes: [] };
  it('say a town was founded when the move says it took a town tile, not from its text', () => {
    const founded = describeMove('en', { ...move, text: 'upgrade E5 to TE. +FAV5', townFounded: true });
    expect(founded).toContain('🏘 The Witches founded a town!');
    const plain = describeMove('en', { ...move, text: 'upgrade E5 to TE. +FAV5. +TW3', townFounded: false });
    expect(plain.some((l) => l.includes('founded a town'))).toBe(false);
  });
});
