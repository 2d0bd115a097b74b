/**
 * A game in Italian, as a new player meets it: three players whose Discord is in Italian create, join
 * and start a game set to Italian, pick factions from the menu, place their dwellings and take bonus
 * tiles by clicking, and open the turn prompt's menus. Every channel post, menu and refusal is read for
 * Italian in the rulebook's words ("Turno", "Emporio"), with no English left over.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { controlsOf, type FakeDiscord, type FakeUser } from '../support/fake-discord.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const LOCALE = 'it';
const FACTIONS = ['swarmlings', 'engineers', 'chaosmagicians'];

/** English words no Italian text uses: one of them outside quotes and code means a mixed message. */
const ENGLISH =
  /\b(the|you|your|is|are|not|need|cannot|tiles?|turn|moves?|games?|round|with|which|this|that|next|done|pass|build|dwelling|trading house)\b/i;
/** What the bot quotes as typed or as notation: ids, mentions, `code`, 'echoes'. */
const quoted = (text: string) =>
  text.replace(/`[^`]*`|'[^']*'|<@\d+>|\b(SCORE|BON|FAV|TW|ACT)\d+\b/g, '').replace(/\*\*/g, '');

describe('a game in Italian', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let users: FakeUser[];
  const seatOf = new Map<string, FakeUser>();

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    users = [fake.defaultUser, fake.createUser('giocatore2'), fake.createUser('giocatore3')];
  });

  afterAll(async () => {
    await bot?.close();
  });

  const newest = () => fake.newestPost();
  const command = (line: string, user: FakeUser, options?: Record<string, string | number>) =>
    settle(fake.slashCommand(line, { user, locale: LOCALE, ...(options ? { options } : {}) }));

  /** Presses the newest post's prompt button of `group` and plays the first move of its first menu. */
  async function playFirst(group: string) {
    const button = controlsOf(newest()).find((c) => parseCustomId(c.custom_id ?? '')?.args[1] === group);
    expect(button, `a "${group}" button on: ${newest().content}`).toBeDefined();
    const faction = parseCustomId(button!.custom_id!)!.args[0]!;
    const user = seatOf.get(faction)!;
    const menus = await settle(fake.clickButton(button!.custom_id!, { user, locale: LOCALE }));
    const menu = controlsOf(menus).find((c) => c.options)!;
    const option = menu.options![0]!;
    const played = await settle(
      fake.selectMenu(menu.custom_id!, [option.value], { user, locale: LOCALE, message: menus.message! }),
    );
    return { button: button!, menus, option, played };
  }

  it('sets up in Italian: the seats, the faction menu in words, the picks and the board', async () => {
    const options = { players: 3, language: 'it', seating: 'joined' };
    const tiles = 'SCORE3 SCORE5 SCORE2 SCORE8 SCORE4 SCORE6 -BON3 -BON6 -BON7';
    // A refusal with its numbers: 3 players need 3 + 3 bonus tiles of the 10.
    const tooMany = await command('/tm create', users[0]!, { ...options, tiles });
    expect(tooMany.content).toBe(
      'Quelle tessere non si possono usare: 3 giocatori richiedono 6 tessere Bonus in gioco, e ne restano 7 dopo quelle tolte.',
    );
    const created = await command('/tm create', users[0]!, { ...options, tiles: `${tiles} -BON10` });
    // The creator is the admin: told how to start, with the command names an Italian Discord shows.
    expect(created.content).toBe(
      'La tua partita è creata e ne sei l’amministratore: gli altri si uniscono con `/tm unisciti`, poi la avvii con `/tm inizia`.',
    );
    expect(newest().content).toContain('ha creato una partita di Terra Mystica fino a 3 giocatori');
    for (const u of users.slice(1)) await command('/tm join', u);
    expect(newest().content).toContain('si è unito');
    await command('/tm start', users[0]!);
    expect(newest().content).toContain('La partita è iniziata!');

    for (const faction of FACTIONS) {
      const menu = controlsOf(newest()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      expect(menu.placeholder).toBe('Scegli una fazione');
      const user = users[Number(parseCustomId(menu.custom_id!)!.args[0])]!;
      seatOf.set(faction, user);
      const picked = await settle(fake.selectMenu(menu.custom_id!, [faction], { user, locale: LOCALE }));
      expect(picked.ephemeral).toBe(true);
    }
    const posts = fake.channelMessages().map((m) => m.content);
    expect(posts.join('\n')).toContain('gioca con Sciamanti');
    expect(posts.join('\n')).toContain('gioca con Ingegneri');
    expect(posts.join('\n')).toContain('gioca con Maghi del Caos');
    // Whose turn it is and what to do, in Italian that reads ("Tocca a: … deve muovere" did not).
    expect(newest().content).toMatch(/Ora: tocca a <@\d+> \(Sciamanti\), che piazza la sua prima Abitazione\./);

    const board = await command('/tm board', users[0]!, { faction: 'chaosmagicians' });
    expect(board.files.map((f) => f.filename)).toEqual(['chaosmagicians.png']);
    expect(board.files[0]!.bytes.subarray(0, 4)).toEqual(PNG);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('places dwellings and takes bonus tiles by clicking menus in words, to round 1', async () => {
    // Swarmlings, Engineers, Chaos Magicians' one, Engineers, Swarmlings (the Chaos Magicians place last).
    for (let i = 0; i < 5; i++) {
      const { option, played } = await playFirst('build');
      expect(option.label).toMatch(/^Abitazione in [A-I]\d+$/);
      expect(played.content).toMatch(/^Fatto: `build [A-I]\d+`$/);
    }
    for (let i = 0; i < 3; i++) {
      const { option } = await playFirst('pass');
      expect(option.label).toMatch(/^Tessera Bonus iniziale BON\d+ · rendita /);
    }
    const posts = fake.channelMessages().map((m) => m.content);
    const header = posts.find((c) => c.includes('**— Turno 1 —**'));
    expect(header).toContain('**— Turno 1 —** punteggio: SCORE3 · 2 PV per abitazione; Acqua 4: +1 S');
    for (const post of posts) expect(quoted(post), post).not.toMatch(ENGLISH);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('offers an upgrade in words with its cost, in the rulebook’s words', async () => {
    const upgrade = controlsOf(newest()).find((c) => parseCustomId(c.custom_id ?? '')?.args[1] === 'upgrade')!;
    const user = seatOf.get(parseCustomId(upgrade.custom_id!)!.args[0]!)!;
    const menus = await settle(fake.clickButton(upgrade.custom_id!, { user, locale: LOCALE }));
    expect(menus.content).toMatch(/^\*\*Migliora\*\*: \d+ mosse possibili\. Scegline una; viene giocata subito\.$/);
    const labels = controlsOf(menus).flatMap((c) => (c.options ?? []).map((o) => o.label));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/^Emporio in [A-I]\d+ · −\d+ M · −\d+ L$/);
  });

  it('refuses in Italian, with the numbers, and says an unreadable move once', async () => {
    const mover = newest().content.match(/tocca a <@(\d+)>/)![1]!;
    const me = users.find((u) => u.id === mover)!;
    const other = users.find((u) => u.id !== mover)!;
    const burn = await command('/move', me, { text: 'burn 7' });
    expect(burn.content).toMatch(/^Non consentito: Non puoi bruciare 7 Potere: la Riserva II ne ha solo \d+$/);
    const unreadable = await command('/move', me, { text: 'vola sulla luna' });
    expect(unreadable.content).toBe("Non ho capito quella mossa: 'vola sulla luna' non è un comando che conosco");
    const early = await command('/move', other, { text: 'pass' });
    expect(early.content).toMatch(/^Non è il tuo turno: stiamo aspettando (Sciamanti|Ingegneri|Maghi del Caos)\.$/);
    // The confirmation's two buttons are told apart: "Ritirati" and "Lascia stare", not "Annulla".
    const resign = await command('/tm resign', me);
    const buttons = controlsOf(resign).map((c) => c.label);
    expect(buttons).toEqual(['Ritirati', 'Lascia stare']);
    const kept = await settle(
      fake.clickButton(controlsOf(resign)[1]!.custom_id!, { user: me, locale: LOCALE, message: resign.message! }),
    );
    expect(kept.content).toBe('Come non detto: non è cambiato niente.');
    expect(bot.errors).toEqual([]);
  });

  it('pins the status in Italian', async () => {
    // The pin is edited through the background lane, after the post: wait for the round's title.
    await vi.waitFor(
      () => expect((fake.pinnedMessages()[0]!.embeds[0] as { title: string }).title).toBe('Terra Mystica — turno 1'),
      { timeout: 10_000 },
    );
    const pinned = fake.pinnedMessages()[0]!.embeds[0] as { description: string; footer: { text: string } };
    expect(pinned.description).toContain('Ordine di gioco: ');
    expect(pinned.description).toMatch(/In attesa di: (Sciamanti|Ingegneri|Maghi del Caos) \(<@\d+>\)/);
    expect(pinned.footer.text).toMatch(/^partita /);
    expect(quoted(pinned.description)).not.toMatch(ENGLISH);
  });
});
