/** Replaying a record as the reference engine does: every row, the last one included, closes its turn. */
import { describe, expect, it } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { replayLog } from '../../src/notation/replay.ts';

const SETUP = [
  'option mini-expansion-1',
  'score SCORE2,SCORE3,SCORE4,SCORE5,SCORE6,SCORE7',
  'setup dwarves',
  'setup witches',
  'dwarves: build E7',
  'witches: build F4',
  'witches: build E9',
  'dwarves: build H8',
  'witches: pass BON5',
  'dwarves: pass BON6',
  // Round 1: nothing but passing; BON4's power income makes room for a big power action in round 2.
  'dwarves: pass BON3',
  'witches: pass BON4',
];

describe('replaying a record', () => {
  it('closes the turn of its last row: a passed faction spending its last spade ends the round', () => {
    const record = [
      ...SETUP,
      'dwarves: pass BON6',
      // Two spades from the power action, one used now, one after passing.
      'witches: burn 5. action ACT6. transform E10 to blue. pass BON5',
      'witches: transform E10',
    ];
    const result = replayLog(parseGameLog(record.join('\n')));
    expect(result.error).toBeNull();
    expect(result.state!.hexes.E10!.terrain).toBe('green');
    expect(result.state!.round).toBe(3);
    expect(result.state!.active).toBe('dwarves');
  });

  it('leaves an unfinished turn open', () => {
    const result = replayLog(parseGameLog([...SETUP, 'dwarves: pass BON6', 'witches: burn 5. action ACT6'].join('\n')));
    expect(result.error).toBeNull();
    expect(result.state!.round).toBe(2);
    expect(result.state!.active).toBe('witches');
  });
});
