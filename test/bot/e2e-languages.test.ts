/**
 * Refusals never mix two languages: in a Spanish and an Italian game, through the real client, each
 * service error and each refusal of the bot's own (tiles checked against the player count at creation,
 * not the admin, not seated, not your turn, a word the notation does not know, a rule with its numbers,
 * a faction not in the game) is said wholly in the reader's language, with its numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComponentJson } from '../../src/bot/message-limits.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';

const leaves = (m: FakeMessage): ComponentJson[] =>
  (m.components as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

/** Words of English that neither Spanish nor Italian uses: one of them in a reply means a mixed message. */
const ENGLISH =
  /\b(the|you|your|is|are|not|need|needs|cannot|can't|tiles?|turn|moves?|games?|only|with|which|this|that|there|chosen|players|left)\b/i;

const LANGUAGES = [
  {
    language: 'es',
    locale: 'es-ES',
    sounds: /\b(la|el|de|no|tu|partida|losetas?|jugadores)\b/i,
    factions: ['witches', 'darklings', 'mermaids'],
  },
  {
    language: 'it',
    locale: 'it',
    sounds: /\b(la|il|di|non|tuo|partita|tessere|giocatori)\b/i,
    factions: ['witches', 'darklings', 'mermaids'],
  },
] as const;

describe.each(LANGUAGES)('refusals in a game in $language', ({ language, locale, sounds, factions }) => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let players: FakeUser[];
  const said: string[] = [];

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    players = [fake.defaultUser, fake.createUser('segundo'), fake.createUser('terzo')];
  });

  afterAll(async () => {
    await bot?.close();
  });

  /** A private answer to `player`, in their language alone. */
  async function refusal(player: number, line: string, options?: Record<string, string | number>): Promise<string> {
    const reply = await settle(
      fake.slashCommand(line, { user: players[player]!, locale, ...(options ? { options } : {}) }),
    );
    expect(reply.ephemeral).toBe(true);
    const text = reply.content ?? '';
    said.push(text);
    expect(text, text).toMatch(sounds);
    // What the player typed is echoed as typed, in quotes: only the bot's own words count.
    expect(text.replace(/'[^']*'|`[^`]*`|“[^”]*”|«[^»]*»/g, ''), text).not.toMatch(ENGLISH);
    return text;
  }

  it('checks the chosen tiles against the player count when the game is created', async () => {
    const scores = 'SCORE1 SCORE2 SCORE3 SCORE4 SCORE5 SCORE6';
    expect(await refusal(0, '/tm create', { players: 3, language, tiles: 'SCORE1 SCORE2' })).toMatch(/\b6\b.*\b2\b/);
    expect(await refusal(0, '/tm create', { players: 3, language, tiles: `${scores.replace('6', '5')}` })).toContain(
      'SCORE5',
    );
    expect(await refusal(0, '/tm create', { players: 3, language, tiles: `${scores} -BON1` })).toMatch(
      /\b3\b.*\b6\b.*\b9\b/,
    );
    expect(await refusal(0, '/tm create', { players: 3, language, tiles: `${scores} -BON99 -BON2 -BON3` })).toContain(
      'BON99',
    );
    expect(await refusal(0, '/tm create', { players: 3, language, tiles: `${scores} BON2` })).toContain('BON2');
    expect(fake.channelMessages()).toEqual([]);
  }, 60_000);

  it('refuses in the reader’s language alone through the game', async () => {
    await settle(
      fake.slashCommand('/tm create', {
        user: players[0]!,
        locale,
        options: {
          players: 3,
          language,
          seating: 'joined',
          tiles: 'SCORE1 SCORE2 SCORE3 SCORE4 SCORE5 SCORE6 -BON1 -BON2 -BON3 -BON4',
        },
      }),
    );
    await refusal(1, '/move', { text: 'build E7' });
    for (const p of [1, 2]) await settle(fake.slashCommand('/tm join', { user: players[p]!, locale }));
    await refusal(1, '/tm start');
    await settle(fake.slashCommand('/tm start', { user: players[0]!, locale }));
    await refusal(0, '/tm board', { faction: 'giants' });
    for (const [i, faction] of factions.entries()) {
      const menu = leaves(fake.newestPost()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id!, [faction], { user: players[i]!, locale }));
    }
    await refusal(1, '/move', { text: 'build E7' });
    await refusal(0, '/move', { text: 'fly to the moon' });
    // E7 is mountains, the witches' home is forest: the refusal names both in the reader's words.
    await refusal(0, '/move', { text: 'build E7' });
    await refusal(0, '/move', { text: 'upgrade E7 to TE' });
    await refusal(0, '/tm board', { faction: 'giants' });
    expect(said.length).toBeGreaterThan(6);
    expect(bot.errors).toEqual([]);
  }, 60_000);
});
