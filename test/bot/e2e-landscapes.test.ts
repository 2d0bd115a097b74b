/**
 * Special landscapes as a player meets them, through the fake Discord and the real discord.js client: a
 * game created with the option in words, the start post that says what it adds, faction picks and set-up
 * by clicking, then the witches place their Raven's Folly by clicking Build and the menu line that names
 * it; the map posted after the move shows its token on that hex in the witches' colour, and names it under
 * its legend.
 */
import { describe, expect, it } from 'vitest';
import { clickToLandscape, gameState, legendTokenInColour, tokenInColour } from '../support/landscape-clicks.ts';
import { useBot } from '../support/shared-bot.ts';

describe('special landscapes in Discord', () => {
  const shared = useBot({ players: ['player2'] });

  it('are chosen at /tm create, announced at the start, and placed by clicking', async () => {
    const { fake } = shared;
    // Offered in words, in every language of the catalogue.
    const create = [...fake.registeredCommands(), ...fake.registeredCommands(fake.guildId)]
      .find((c) => c.name === 'tm')!
      .options!.find((o) => o.name === 'create')!;
    const option = create.options!.find((o) => o.name === 'special-landscapes') as
      { choices: { name: string; value: string }[]; name_localizations: Record<string, string> } | undefined;
    expect(option!.choices.map((c) => c.value)).toEqual(['off', 'on']);
    expect(option!.choices[1]!.name).toMatch(/^On: each faction places its own once/);
    expect(option!.name_localizations).toMatchObject({ 'es-ES': 'paisajes-especiales', it: 'paesaggi-speciali' });

    const created = await shared.startGame({ 'special-landscapes': 'on' });
    expect(created.content).not.toMatch(/refus|cannot/i);
    const startPost = fake.channelMessages().find((m) => m.content.includes('The game has started'))!;
    expect(startPost.content).toContain('Special landscapes: each base-game faction places its own once');

    // Faction picks, starting dwellings and bonus cards, then round 1 until the witches place theirs: a player
    // who never read the notation clicks Build, then the line that names the landscape.
    const placed = await clickToLandscape(shared, ['witches', 'giants'], 'witches', / → Raven's Folly at [A-I]\d+ · /);
    expect(placed.label).toMatch(
      /^Dig 1 spade → Transform [A-I]\d+ to forest → Raven's Folly at [A-I]\d+ · (\+\d+ VP · )?−3 W/,
    );
    const hex = /Raven's Folly at ([A-I]\d+)/.exec(placed.label)![1]!;
    expect(placed.description).toBe(`dig 1. transform ${hex} to green. landscape ${hex}`);

    const state = await gameState(shared);
    expect(state.hexes[hex]).toMatchObject({ owner: 'witches', landscape: 'raven', terrain: 'green' });
    // The channel hears of it in words, with the map.
    const post = fake
      .channelMessages()
      .filter((m) => m.content.includes(`Raven's Folly at ${hex}`))
      .at(-1)!;
    expect(post, 'the move posted').toBeDefined();
    const map = post.attachments.find((a) => a.filename === 'map.png')!;
    expect(map, 'the map posted with the move').toBeDefined();
    // Inside the token, left of its raven, the witches' colour; and the token named under the legend.
    expect(await tokenInColour(map.bytes, state, hex, 'witches')).toBe(true);
    expect(await legendTokenInColour(map.bytes, state, 0, 1, 'witches')).toBe(true);
  }, 120_000);
});
