/**
 * The smaller things of issue 22 (defect 8), through the real client: `/tm help` lists the commands, in the
 * reader's language and with the names their Discord shows; the creator of a game is told they are its
 * admin and how to start it, instead of to wait for the admin.
 */
import { describe, expect, it } from 'vitest';
import { TM_SUB } from '../../src/bot/commands/tm.ts';
import { t } from '../../src/i18n/index.ts';
import { settle } from '../support/bot-harness.ts';
import { useBot } from '../support/shared-bot.ts';

describe('help and the creator', () => {
  const shared = useBot({ players: ['second'] });

  it('lists every /tm command in the reader’s language, within one message', async () => {
    for (const [locale, lang] of [
      ['en-US', 'en'],
      ['es-ES', 'es'],
      ['it', 'it'],
    ] as const) {
      const help = await settle(shared.fake.slashCommand('/tm help', { locale }));
      expect(help.ephemeral).toBe(true);
      expect([...help.content!].length).toBeLessThanOrEqual(2000);
      for (const sub of Object.values(TM_SUB).filter((s) => s !== 'help'))
        expect(help.content, `${lang} ${sub}`).toContain(`\`/tm ${t(lang, `cmd.${sub}.name` as 'cmd.map.name')}\``);
      expect(help.content).toContain(`\`/${t(lang, 'cmd.move.name')}\``);
    }
  });

  it('tells the creator they are the game admin and how to start, and the others to wait for them', async () => {
    const { fake, players } = shared;
    const created = await settle(fake.slashCommand('/tm create', { user: players[0], options: { players: 2 } }));
    expect(created.content).toBe(
      'Your game is created and you are its admin: the others join with `/tm join`, then you start it with `/tm start`.',
    );
    const joined = await settle(fake.slashCommand('/tm join', { user: players[1] }));
    expect(joined.content).toBe('You are seated. Wait for the game admin to start the game.');
  });
});
