import { describe, expect, it } from 'vitest';
import type { FactionSnapshot } from '../../engine/index.ts';
import { parseGameLog } from '../../notation/log.ts';
import { replayLog } from '../../notation/replay.ts';
import { readCorpus } from '../../../test/corpus.ts';
import { describeChange } from './changes.ts';
import { describeWaiting, waitReason } from './turn.ts';

const snap = (o: Partial<FactionSnapshot> = {}): FactionSnapshot => ({ VP: 20, C: 15, W: 3, P: 0, PW: [5, 7, 0], cult: [0, 1, 1, 0], ...o });

describe('change summaries', () => {
  it('list what changed with signs, power bowls and cult steps', () => {
    expect(describeChange('en', snap(), snap({ VP: 22, C: 13, W: 2, PW: [4, 8, 0], cult: [0, 1, 2, 0] }))).toBe(
      '+2 VP · −2 C · −1 W · PW 5/7/0 → 4/8/0 · ⛰ 1 → 2',
    );
  });

  it('say nothing when nothing changed', () => {
    expect(describeChange('en', snap(), snap())).toBe('');
  });
});

describe('who the game waits for', () => {
  // After the nomads' "dig 1. build E3" (line 87 of S60 G1) the mermaids owe a power decision.
  const entries = parseGameLog(readCorpus('4pLeague_S60_D1L1_G1.txt'));
  const state = replayLog(entries.slice(0, entries.findIndex((e) => e.line === 88))).state!;

  it('tells a power offer from a turn', () => {
    expect(waitReason(state, 'mermaids')).toEqual({ kind: 'leech', from: 'nomads' });
  });

  it('mentions each waiting player with the reason, in the game’s language', () => {
    const waiting = [{ faction: 'mermaids' as const, position: 2, userId: '42' }];
    expect(describeWaiting('en', state, waiting)).toBe('Next: <@42> (Mermaids) may take power from Nomads.');
    expect(describeWaiting('es', state, waiting)).toBe('Siguiente: <@42> (Sirenas) puede tomar poder de Nómadas.');
  });
});
