/**
 * The Coral Reef as a player meets it, through the fake Discord and the real discord.js client: faction picks
 * and set-up by clicking, then the mermaids place their Reef by clicking Build and the menu line that says
 * "on the river by" the land around it; the map posted after the move shows its token on that river space in their colour.
 */
import { describe, expect, it } from 'vitest';
import { boardOf } from '../../src/engine/index.ts';
import { clickToLandscape, gameState, tokenInColour } from '../support/landscape-clicks.ts';
import { useBot } from '../support/shared-bot.ts';

describe('the Coral Reef in Discord', () => {
  const shared = useBot({ players: ['player2'] });

  it('is placed on a river space by clicking, said in words, and drawn on the river', async () => {
    const { fake } = shared;
    await shared.startGame({ 'special-landscapes': 'on' });
    const placed = await clickToLandscape(
      shared,
      ['mermaids', 'giants'],
      'mermaids',
      /^Coral Reef on the river by [A-I]\d+/,
    );
    const hex = /^landscape (r\d+)$/.exec(placed.description ?? '')?.[1];
    expect(hex, placed.description).toBeDefined();
    // The words name the land around the river space, which the map prints (it prints no river names).
    const words = /^Coral Reef on the river by [A-I]\d+(?:, [A-I]\d+)*/.exec(placed.label)![0];

    const state = await gameState(shared);
    expect(state.hexes[hex!]).toMatchObject({ owner: 'mermaids', landscape: 'reef', terrain: null });
    const post = fake
      .channelMessages()
      .filter((m) => m.content.includes(words))
      .at(-1)!;
    expect(post, 'the move posted').toBeDefined();
    const map = post.attachments.find((a) => a.filename === 'map.png')!;
    expect(map, 'the map posted with the move').toBeDefined();
    const board = boardOf(state.map);
    const banks = words.replace('Coral Reef on the river by ', '').split(', ');
    expect(banks).toEqual(board.landIds.filter((land) => board.adjacent.get(hex!)?.has(land)));
    expect(await tokenInColour(map.bytes, state, hex!, 'mermaids')).toBe(true);
  }, 120_000);
});
