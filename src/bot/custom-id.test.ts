import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CUSTOM_ID_LENGTH,
  OTHER_COMPONENT_KINDS,
  formatCustomId,
  parseCustomId,
  type ComponentKind,
  type CustomId,
} from './custom-id.ts';
import { GAME_COMPONENT_KINDS } from './handlers/components.ts';

const chars = (alphabet: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength: min, maxLength: max });
const lower = 'abcdefghijklmnopqrstuvwxyz';
const word = `${lower}${lower.toUpperCase()}0123456789_-`;

/** The text of an id, as the format documents it. */
const joined = (id: CustomId) => ['tm', id.kind, id.gameId, String(id.version), ...id.args].join(':');

const parts = {
  gameId: chars(word, 1, 36),
  version: fc.integer({ min: 0, max: 999_999_999_999_999 }),
  args: fc.array(chars(`${word}.+`, 1, 12), { maxLength: 4 }),
};
/** An id the bot draws: of a kind it handles. */
const validId: fc.Arbitrary<CustomId<ComponentKind>> = fc.record({
  kind: fc.constantFrom<ComponentKind>(...GAME_COMPONENT_KINDS, ...OTHER_COMPONENT_KINDS),
  ...parts,
});
/** An id of any well-formed kind: one an older bot drew, or one forged. */
const anyId: fc.Arbitrary<CustomId> = fc.record({
  kind: fc.tuple(fc.constantFrom(...lower), chars(`${lower}0123456789-`, 0, 19)).map(([a, b]) => a + b),
  ...parts,
});

describe('custom ids', () => {
  it('formats the documented shape', () => {
    expect(formatCustomId({ kind: 'commit', gameId: 'g42', version: 7, args: [] })).toBe('tm:commit:g42:7');
    expect(formatCustomId({ kind: 'leech', gameId: 'g42', version: 7, args: ['witches', '3'] })).toBe(
      'tm:leech:g42:7:witches:3',
    );
  });

  it('round-trips every valid id that fits, and refuses the ones longer than Discord’s 100 characters', () => {
    fc.assert(
      fc.property(validId, (id) => {
        if (joined(id).length > MAX_CUSTOM_ID_LENGTH) {
          expect(() => formatCustomId(id)).toThrow(/characters/);
          return;
        }
        expect(parseCustomId(formatCustomId(id))).toEqual(id);
      }),
    );
  });

  it('reads every well-formed id of any kind, so the router can tell a retired or forged kind from a stale one', () => {
    fc.assert(
      fc.property(anyId, (id) => {
        expect(parseCustomId(joined(id))).toEqual(joined(id).length > MAX_CUSTOM_ID_LENGTH ? undefined : id);
      }),
    );
  });

  it('accepts only canonical text: whatever parses formats back to the very same string', () => {
    const near = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc
        .array(fc.oneof(chars(`${word}.+: `, 0, 8), fc.constantFrom('tm', '0', '01', '-1', '')), { maxLength: 7 })
        .map((p) => p.join(':')),
    );
    fc.assert(
      fc.property(near, (text) => {
        const parsed = parseCustomId(text);
        if (parsed) expect(joined(parsed)).toBe(text);
      }),
    );
  });

  it.each([
    ['empty', ''],
    ['another bot’s id', 'confirm_button'],
    ['wrong prefix', 'xx:commit:g1:1'],
    ['missing version', 'tm:commit:g1'],
    ['empty game id', 'tm:commit::1'],
    ['upper-case kind', 'tm:Commit:g1:1'],
    ['leading zero version', 'tm:commit:g1:01'],
    ['negative version', 'tm:commit:g1:-1'],
    ['fractional version', 'tm:commit:g1:1.5'],
    ['empty trailing argument', 'tm:commit:g1:1:'],
    ['space in argument', 'tm:commit:g1:1:E 5'],
    ['non-ASCII argument', 'tm:commit:g1:1:año'],
    ['over 100 characters', `tm:commit:g1:1:${'a'.repeat(40)}:${'b'.repeat(40)}:${'c'.repeat(10)}`],
  ])('rejects %s', (_, text) => {
    expect(parseCustomId(text)).toBeUndefined();
  });

  it.each<[string, CustomId<ComponentKind>]>([
    ['a negative version', { kind: 'commit', gameId: 'g', version: -1, args: [] }],
    ['a fractional version', { kind: 'commit', gameId: 'g', version: 0.5, args: [] }],
    ['an argument with a colon', { kind: 'commit', gameId: 'g', version: 1, args: ['a:b'] }],
    [
      'more than 100 characters',
      { kind: 'commit', gameId: 'g'.repeat(36), version: 1, args: ['x'.repeat(40), 'y'.repeat(20)] },
    ],
  ])('refuses to format %s', (_, id) => {
    expect(() => formatCustomId(id)).toThrow(RangeError);
  });
});
