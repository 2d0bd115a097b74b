/**
 * A game in Spanish (corpus 4pLeague_S65_D1L1_G4, its set-up and first moves) played through the real
 * discord.js client against the fake Discord. Three players use Discord in Spanish and one in Italian:
 * the channel speaks the game's language, each private answer its reader's, and moves are typed in
 * snellman notation whatever the language.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { parseGameLog, type LogEntry } from '../../src/notation/log.ts';
import { readCorpus } from '../corpus.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { FakeDiscord, FakeUser } from '../support/fake-discord.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

type Row = Extract<LogEntry, { kind: 'row' }>;
type Button = {
  custom_id?: string;
  label?: string;
  placeholder?: string;
  options?: { label: string; value: string }[];
};

describe('a game in Spanish', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  const entries = parseGameLog(readCorpus('4pLeague_S65_D1L1_G4.txt'));
  const rows = entries.filter((e): e is Row => e.kind === 'row' && !e.engine);
  // witches, darklings, cultists, nomads: the cultists' player uses Discord in Italian.
  const factions = rows.filter((r) => r.text === 'setup').map((r) => r.faction);
  const players = new Map<string, { user: FakeUser; locale: string }>();
  const as = (faction: string) => players.get(faction)!;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    factions.forEach((f, i) =>
      players.set(f, {
        user: i === 0 ? fake.defaultUser : fake.createUser(`jugador${i + 1}`),
        locale: f === 'cultists' ? 'it' : 'es-ES',
      }),
    );
  });

  afterAll(async () => {
    await bot?.close();
  });

  const newest = () => fake.newestPost();
  const components = () => newest().components.flatMap((row) => (row as { components?: Button[] }).components ?? []);
  /** Runs a slash command as a faction's player, in that player's Discord language. */
  const command = (line: string, faction: string, options?: Record<string, string | number>) =>
    settle(
      fake.slashCommand(line, { user: as(faction).user, locale: as(faction).locale, ...(options ? { options } : {}) }),
    );

  it('announces the game, the seats and the faction picks in Spanish', async () => {
    const created = await command('/tm create', 'witches', {
      players: 4,
      language: 'es',
      factions: 'turn-order',
      seating: 'joined',
      rules: 'standard',
      tiles: 'SCORE7 SCORE3 SCORE6 SCORE9 SCORE4 SCORE2 -BON10 -BON7 -BON3',
    });
    expect(created.ephemeral).toBe(true);
    expect(created.content).toContain('eres su administrador');
    expect(newest().content).toContain('ha creado una partida de Terra Mystica');
    for (const f of factions.slice(1)) await command('/tm join', f);
    expect(newest().content).toContain('se ha unido');

    // The Italian player is refused in Italian, even in a Spanish game.
    const notAdmin = await command('/tm start', 'cultists');
    expect(notAdmin.content).toMatch(/^Solo l.amministratore della partita/);
    await command('/tm start', 'witches');
    expect(newest().content).toContain('¡Empieza la partida!');

    const firstMenu = components().find((c) => c.custom_id?.startsWith('tm:faction:'))!;
    expect(firstMenu.placeholder).toBe('Elige una facción');
    expect(firstMenu.options!.map((o) => o.label)).toEqual(
      expect.arrayContaining(['Brujas', 'Nómadas', 'Moradores de las Aguas']),
    );
    for (const f of factions) {
      const menu = components().find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      const other = f === 'cultists' ? 'nomads' : 'cultists';
      const wrong = await settle(
        fake.selectMenu(menu.custom_id!, [f], { user: as(other).user, locale: as(other).locale }),
      );
      expect(wrong.content).toContain(other === 'cultists' ? 'Questo pulsante è per' : 'Este botón es para');
      const picked = await settle(fake.selectMenu(menu.custom_id!, [f], { user: as(f).user, locale: as(f).locale }));
      expect(picked.ephemeral).toBe(true);
    }
    const picks = fake
      .channelMessages()
      .map((m) => m.content)
      .join('\n');
    expect(picks).toContain('juega con la facción Brujas');
    expect(picks).toContain('juega con la facción Moradores de la Oscuridad');
    expect(picks).toContain('juega con la facción Cultistas');
    expect(picks).toContain('juega con la facción Nómadas');
    expect(newest().content, newest().content).toMatch(/Siguiente: <@\d+> \(Brujas\) coloca su primera morada\./);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('plays the set-up and the first moves in notation, answering power offers with Spanish buttons', async () => {
    // The Italian player moving out of turn learns, in Italian, whom the game waits for.
    const early = await command('/move', 'cultists', { text: 'build E6' });
    expect(early.content).toBe('Non è il tuo turno: stiamo aspettando Streghe.');

    const upToFirstOffers = rows
      .slice(
        0,
        rows.findIndex((r) => r.faction === 'darklings' && r.text === 'upgrade G5 to TP'),
      )
      .filter((r) => r.text !== 'setup');
    let viaButton = 0;
    for (const row of upToFirstOffers) {
      const { user, locale } = as(row.faction);
      const leech = row.text.match(/^leech (\d+) from (\w+)$/i);
      const button =
        leech &&
        components().find((c) => {
          const id = parseCustomId(c.custom_id ?? '');
          return id?.kind === 'leech' && id.args[0] === row.faction;
        });
      let reply;
      if (button && row.faction === 'nomads') {
        expect(button.label).toBe('Nómadas: Tomar 1 de poder (−0 PV)');
        expect(newest().content).toContain('puede tomar poder de Brujas');
        reply = await settle(fake.clickButton(button.custom_id!, { user, locale }));
        viaButton++;
      } else {
        // Discord shows the Spanish player "/jugada" and the Italian "/mossa"; the interaction names the
        // command and its option in English, and the move itself is notation in every language.
        reply = await command('/move', row.faction, { text: row.text });
      }
      expect(reply.ephemeral, row.text).toBe(true);
      expect(reply.content?.toLowerCase(), row.text).toBe(
        `${locale === 'it' ? 'fatto' : 'hecho'}: \`${row.text.toLowerCase()}\``,
      );
    }
    expect(viaButton).toBe(1);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('writes the channel in Spanish, moves in words and notation, with the board images', async () => {
    const messages = fake.channelMessages();
    const text = messages.map((m) => m.content).join('\n');
    expect(text).toContain('**Brujas** (<@');
    expect(text).toContain('): Morada en F4 · `build F4`');
    expect(text).toMatch(/Brujas: −\d+ M · −\d+ T/);
    expect(text).toContain('mueve <@');
    expect(text).not.toMatch(/\bVP\b|Next:|to move|\bW\b/);
    const upgrade = messages.find((m) => m.content.includes('`upgrade F4 to TP`'))!;
    expect(upgrade.content).toMatch(/Siguiente: .*puede tomar poder de Brujas/);
    const map = upgrade.attachments.find((a) => a.filename === 'map.png')!;
    expect(map.bytes.subarray(0, 4)).toEqual(PNG);
    // The pinned status is edited through the background lane, after the post: wait for the round's title.
    await vi.waitFor(
      () => expect((fake.pinnedMessages()[0]!.embeds[0] as { title: string }).title).toBe('Terra Mystica — ronda 1'),
      { timeout: 10_000 },
    );
    const pinned = fake.pinnedMessages()[0]!.embeds[0] as { title: string; footer: { text: string } };
    expect(pinned.title).toBe('Terra Mystica — ronda 1');
    expect(pinned.footer.text).toMatch(/^partida /);
    expect(fake.pinnedMessages()).toHaveLength(1);
  });

  it('draws the images and answers lookups in each reader’s language', async () => {
    const board = await command('/tm board', 'cultists', { faction: 'cultists' });
    expect(board.files.map((f) => f.filename)).toEqual(['cultists.png']);
    expect(board.files[0]!.bytes.subarray(0, 4)).toEqual(PNG);
    const status = await command('/tm status', 'cultists');
    expect(status.content).toContain('Terra Mystica — turno 1');
    const spanish = await command('/tm status', 'nomads');
    expect(spanish.content).toContain('Terra Mystica — ronda 1');
  });
});
