/**
 * One ping per wait (issue 22, defect 6), through the real client: a post pings only the players whose wait
 * began with it. A player already waiting to move is not pinged again when someone else answers a power
 * offer, the builder of a temple is not pinged for the favour tile it owes, and the next to move who also
 * holds a power offer is told both in words. Played from round 1 of a real league game (S60 G1), imported.
 */
import { describe, expect, it } from 'vitest';
import { parseGameLog } from '../../src/notation/log.ts';
import { readCorpus } from '../corpus.ts';
import { settle } from '../support/bot-harness.ts';
import { controlsOf, optionOfLine, type FakeMessage, type FakeUser } from '../support/fake-discord.ts';
import { useBot } from '../support/shared-bot.ts';

const RECORD = readCorpus('4pLeague_S60_D1L1_G1.txt');

/** The record up to (not including) its row `nomads: dig 1. build E3` in round 1. */
function beforeNomadsBuildE3(): string {
  const row = parseGameLog(RECORD).find(
    (e) => e.kind === 'row' && e.faction === 'nomads' && e.text === 'dig 1. build E3',
  )!;
  return RECORD.split('\n')
    .slice(0, row.line - 1)
    .join('\n');
}

describe('one ping per wait', () => {
  const shared = useBot({ logs: true });

  it('pings whoever begins to wait, once; the others are told in words', async () => {
    const { fake, logs, bot } = shared;
    const channelId = fake.addChannel('one-ping');
    const users = await logs.importInto(fake, channelId, beforeNomadsBuildE3());
    const user = (faction: string): FakeUser => users.get(faction)!;
    const newest = (): FakeMessage => fake.newestPost(channelId);
    const typed = async (faction: string, text: string) => {
      const reply = await settle(fake.slashCommand('/move', { channelId, user: user(faction), options: { text } }));
      expect(reply.content, text).toMatch(/^Done/);
      return newest();
    };
    const clicked = async (faction: string, label: RegExp) => {
      const button = controlsOf(newest()).find(
        (c) => c.custom_id?.includes(`:${faction}:`) && label.test(c.label ?? ''),
      );
      expect(button, `${faction} ${label}`).toBeDefined();
      const reply = await settle(fake.clickButton(button!.custom_id!, { channelId, user: user(faction) }));
      expect(reply.content).toMatch(/^Done/);
      return newest();
    };
    const pinged = (m: FakeMessage) => [...m.pingedUserIds].sort();
    const ids = (...factions: string[]) => factions.map((f) => user(f).id).sort();

    // The nomads build next to the mermaids, who move next: they hear both, and are pinged once.
    let post = await typed('nomads', 'dig 1. build E3');
    expect(post.content).toContain(
      `Next: <@${user('mermaids').id}> (Mermaids) to move, and may first take power from Nomads.`,
    );
    expect(pinged(post)).toEqual(ids('mermaids'));
    // They take the power: still their move, no second ping.
    post = await clicked('mermaids', /Take 1 power/);
    expect(post.content).toContain(`Next: <@${user('mermaids').id}> (Mermaids) to move.`);
    expect(pinged(post)).toEqual([]);

    // A trading house next to the nomads: the nomads may take power, the engineers move. Both begin to wait.
    post = await typed('mermaids', 'upgrade E4 to TP');
    expect(pinged(post)).toEqual(ids('nomads', 'engineers'));
    // The nomads' answer does not ping the engineers again: they are told in words it is still their move.
    post = await clicked('nomads', /Take 2 power/);
    expect(post.content).toContain(`Next: <@${user('engineers').id}> (Engineers) to move.`);
    expect(pinged(post)).toEqual([]);

    post = await typed('engineers', 'upgrade F6 to TP');
    expect(pinged(post)).toEqual(ids('darklings'));
    post = await typed('darklings', 'leech 1 from engineers');
    expect(pinged(post)).toEqual([]);
    post = await typed('darklings', 'dig 1. build G6');
    expect(pinged(post)).toEqual(ids('engineers', 'nomads'));
    // The mermaids begin to wait; the engineers, who still owe their answer, are not pinged again.
    post = await typed('nomads', 'dig 1. transform G2 to yellow');
    expect(pinged(post)).toEqual(ids('mermaids'));
    post = await typed('engineers', 'leech 2 from darklings');
    expect(pinged(post)).toEqual([]);
    post = await typed('mermaids', 'send p to WATER');
    expect(pinged(post)).toEqual(ids('engineers'));

    // A temple owes a favour tile: its builder, who just clicked, is not pinged for the tile menu.
    post = await typed('engineers', 'upgrade F6 to TE');
    expect(post.content).toContain(
      `Next: <@${user('engineers').id}> (Engineers) must finish their turn: choose a favor tile;`,
    );
    expect(pinged(post)).toEqual(ids('darklings'));
    const tiles = controlsOf(post).find((c) => c.custom_id?.startsWith('tm:take:'))!;
    const took = await settle(
      fake.selectMenu(tiles.custom_id!, [optionOfLine(tiles, '+FAV11')], { channelId, user: user('engineers') }),
    );
    expect(took.content).toMatch(/^Done/);
    // The darklings, already waiting on their offer, now move as well: told both, not pinged again.
    post = newest();
    expect(post.content).toContain(
      `Next: <@${user('darklings').id}> (Darklings) to move, and may first take power from Engineers.`,
    );
    expect(pinged(post)).toEqual([]);
    expect(bot.errors).toEqual([]);
  }, 120_000);
});
