/**
 * Riverwalkers and Shapeshifters played as a player would, through the fake Discord: a game imported up
 * to a decision only these factions have (a terrain to unlock; a power token for 1 VP), the bot's menu
 * or buttons for it in words, and the pictures it posts after the choice.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'variable-factions');
/** A fixture without its last `drop` rows: the position the test starts from. */
const upTo = (name: string, drop: number) =>
  readFileSync(join(DIR, `${name}.log`), 'utf8')
    .trim()
    .split('\n')
    .slice(0, -drop)
    .join('\n');

describe('riverwalkers and shapeshifters in Discord', () => {
  const shared = useBot({ logs: true });

  it('asks the riverwalkers which terrain their priest unlocks, in words, and plays the pick', async () => {
    const { fake, logs } = shared;
    const channelId = fake.addChannel('river');
    const users = await logs.importInto(fake, channelId, upTo('riverwalkers', 1));
    const post = fake.newestPost(channelId);
    expect(post.content).toContain(`<@${users.get('riverwalkers')!.id}>`);
    const menu = controlsOf(post).find((c) => c.placeholder?.includes('which terrain to unlock'));
    expect(menu, 'the unlock menu').toBeDefined();
    const labels = menu!.options!.map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Unlock forest · −2 C', 'Unlock plains · −1 C']));
    expect(labels.some((l) => l.startsWith('Take the priest'))).toBe(true);
    const picked = await settle(
      fake.selectMenu(menu!.custom_id!, [optionOfLine(menu!, 'unlock-terrain green')], {
        user: users.get('riverwalkers')!,
        channelId,
      }),
    );
    expect(picked.content).toMatch(/^Done/);
    // Said in words; an unlocked terrain shows on the board, not on the map or the cult tracks: no pictures.
    const after = fake.newestPost(channelId);
    expect(after.content).toContain('Unlock forest');
    expect(after.attachments).toEqual([]);
  });

  it('offers the shapeshifters their power token for 1 VP while the next player moves', async () => {
    const { fake, logs } = shared;
    const channelId = fake.addChannel('shape');
    const users = await logs.importInto(fake, channelId, readFileSync(join(DIR, 'shapeshifters.log'), 'utf8'));
    const post = fake.newestPost(channelId);
    // The giants move; the shapeshifters are asked too.
    expect(post.content).toContain(`<@${users.get('giants')!.id}>`);
    expect(post.content).toContain(`<@${users.get('shapeshifters')!.id}>`);
    const menu = controlsOf(post).find((c) => c.placeholder?.includes('buy a token for bowl III'));
    expect(menu, 'the token menu').toBeDefined();
    expect(menu!.options!.map((o) => o.description)).toEqual(
      expect.arrayContaining(['gain P3 for VP', '-GAIN_P3_FOR_VP']),
    );
    const bought = await settle(
      fake.selectMenu(menu!.custom_id!, [optionOfLine(menu!, 'gain P3 for VP')], {
        user: users.get('shapeshifters')!,
        channelId,
      }),
    );
    expect(bought.content).toMatch(/^Done/);
  });

  it('offers the shapeshifters their colour change under its own button, only with the colour picked', async () => {
    const { fake, logs } = shared;
    const channelId = fake.addChannel('colour');
    const users = await logs.importInto(fake, channelId, upTo('shapeshifters-same-colour', 1));
    const user = users.get('shapeshifters')!;
    // One power burnt makes the 5-power action affordable (as in the record's last row).
    const burnt = await settle(fake.slashCommand('/move', { user, channelId, options: { text: 'burn 1' } }));
    expect(burnt.content).toMatch(/^Done/);
    const buttons = controlsOf(fake.newestPost(channelId)).filter((c) => c.custom_id?.startsWith('tm:turn:'));
    const colourButton = buttons.find((b) => b.label === 'Pick colour');
    expect(colourButton, buttons.map((b) => b.label).join(', ')).toBeDefined();
    const menus = await settle(fake.clickButton(colourButton!.custom_id!, { user, channelId }));
    const options = controlsOf({ components: menus.components ?? [] }).flatMap((c) => c.options ?? []);
    const notation = options.map((o) => o.description);
    expect(notation).toEqual(
      expect.arrayContaining(['action ACTH5. pick-color yellow', 'action ACTH6. pick-color brown']),
    );
    // Never the action alone: its pick would come in a later row, which the reference engine cannot follow.
    expect(notation).not.toContain('action ACTH5');
    expect(notation).not.toContain('action ACTH6');
    const yellow = options.find((o) => o.description === 'action ACTH5. pick-color yellow')!;
    expect(yellow.label).toMatch(/^Shapeshifters action: a new colour → Pick desert as your colour/);
    // Nor under another button.
    for (const button of buttons.filter((b) => b !== colourButton)) {
      const other = await settle(fake.clickButton(button.custom_id!, { user, channelId }));
      const lines = controlsOf({ components: other.components ?? [] }).flatMap((c) => c.options ?? []);
      expect(
        lines.map((o) => o.description).filter((d) => d?.includes('ACTH')),
        button.label,
      ).toEqual([]);
    }
    const menu = controlsOf({ components: menus.components ?? [] }).find((c) =>
      c.options?.some((o) => o === yellow || o.value === yellow.value),
    )!;
    const played = await settle(
      fake.selectMenu(menu.custom_id!, [yellow.value], { user, channelId, message: menus.message! }),
    );
    expect(played.content).toBe('Done: `action ACTH5. pick-color yellow`');
  });
});
