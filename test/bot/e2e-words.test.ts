/**
 * Set-up and menus in words, as a player who never read the notation meets them through the fake Discord:
 * faction menus that say what each faction does, set-up steps named for what they are, a faction that must
 * finish its turn told what to do in which order, actions named for what they do (the Engineers' bridge under
 * Bridge), warnings on moves that spend for nothing (never hiding them), a power offer that gains nothing
 * saying so, an auction whose raises reach every bid, the Fakirs' flights and the Dragonlords' volcanoes.
 */
import { describe, expect, it } from 'vitest';
import { factionAbout } from '../../src/bot/present/auction.ts';
import { CULTS, legalMoves, moveOutcome, whoMustAct, type FactionId, type GameState } from '../../src/engine/index.ts';
import { formatCommands } from '../../src/notation/format.ts';
import { settle } from '../support/bot-harness.ts';
import {
  controlsOf,
  optionOfLine,
  type FakeComponent,
  type FakeMessage,
  type FakeUser,
} from '../support/fake-discord.ts';
import { logWhere } from '../support/positions.ts';
import { useBot } from '../support/shared-bot.ts';

const shared = useBot({ players: ['second', 'third'], logs: true });

const buttons = (m: { components: readonly unknown[] }) =>
  controlsOf(m).filter((c) => c.custom_id?.startsWith('tm:turn:'));
const options = (m: { components?: readonly unknown[] }) =>
  controlsOf({ components: m.components ?? [] }).flatMap((c) => (c.options ?? []).map((o) => ({ menu: c, ...o })));

/** The private menus a prompt button opens. */
async function open(button: FakeComponent, user: FakeUser, channelId: string) {
  const menus = await settle(shared.fake.clickButton(button.custom_id!, { user, channelId }));
  expect(menus.ephemeral).toBe(true);
  return menus;
}

/** The one mover's only set-up button, pressed, and its first line played. */
async function playFirst(channelId: string, user: FakeUser): Promise<{ button: string; line: string }> {
  const post = shared.fake.newestPost(channelId);
  const [button] = buttons(post);
  const menus = await open(button!, user, channelId);
  const [first] = options(menus);
  const played = await settle(
    shared.fake.selectMenu(first!.menu.custom_id!, [first!.value], { user, channelId, message: menus.message! }),
  );
  expect(played.content, first!.label).toMatch(/^Done/);
  return { button: button!.label!, line: first!.label };
}

/** Imports the position into a channel of its own; the players by faction. */
async function imported(name: string, log: string) {
  const channelId = shared.fake.addChannel(name);
  const users = await shared.logs.importInto(shared.fake, channelId, log);
  return { channelId, users, post: shared.fake.newestPost(channelId) };
}

/** A game in a channel of its own: created by the first player with `options`, joined by `players`, started. */
async function started(name: string, players: readonly FakeUser[], options: Record<string, string | number>) {
  const { fake } = shared;
  const channelId = fake.addChannel(name);
  const [first, ...others] = players;
  await settle(
    fake.slashCommand('/tm create', {
      user: first!,
      channelId,
      options: { players: players.length, seating: 'joined', ...options },
    }),
  );
  for (const u of others) await settle(fake.slashCommand('/tm join', { user: u, channelId }));
  await settle(fake.slashCommand('/tm start', { user: first!, channelId }));
  return channelId;
}

/** Every line under every prompt button of `user` in the post, by button label. */
async function linesByButton(post: FakeMessage, user: FakeUser, channelId: string, faction: FactionId) {
  const out = new Map<string, string[]>();
  for (const button of buttons(post).filter((b) => b.custom_id!.split(':')[4] === faction)) {
    let menus = await open(button, user, channelId);
    const lines = options(menus).map((o) => o.label);
    // Later pages of a long list.
    for (;;) {
      const next = controlsOf({ components: menus.components ?? [] }).find((c) => c.label === 'Next ▶');
      if (!next || (next as { disabled?: boolean }).disabled) break;
      menus = await open(next, user, channelId);
      lines.push(...options(menus).map((o) => o.label));
    }
    out.set(button.label!, lines);
  }
  return out;
}

const mover = (s: GameState): FactionId | null => {
  const waiting = whoMustAct(s);
  return waiting.length === 1 && s.active === waiting[0] ? waiting[0] : null;
};
const notations = (s: GameState, f: FactionId) => legalMoves(s, f).map((m) => formatCommands(m.commands));

describe('set-up in words', () => {
  it('describes each faction in the menu, names each dwelling and the starting bonus card', async () => {
    const {
      fake,
      players: [first, second, third],
    } = shared;
    const users = [first, second, third];
    const channelId = await started('setup', users, {});

    // The faction menu says what each faction does, in the auction's words.
    const menu = controlsOf(fake.newestPost(channelId)).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
    expect(menu.options).toHaveLength(14);
    for (const o of menu.options!) expect(o.description, o.value).toBe(factionAbout('en', o.value as FactionId));
    expect(menu.options!.find((o) => o.value === 'nomads')!.description).toContain('Start with 3 dwellings');
    const picks: FactionId[] = ['witches', 'nomads', 'engineers'];
    for (const [i, faction] of picks.entries()) {
      const picker = controlsOf(fake.newestPost(channelId)).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(picker.custom_id!, [faction], { user: users[i]!, channelId }));
    }

    // Each dwelling is the step it is, in the channel and on the button; the Nomads place a third.
    const userOf = (f: FactionId) => users[picks.indexOf(f)]!;
    const order: [FactionId, string][] = [
      ['witches', 'first'],
      ['nomads', 'first'],
      ['engineers', 'first'],
      ['engineers', 'second'],
      ['nomads', 'second'],
      ['witches', 'second'],
      ['nomads', 'third'],
    ];
    for (const [faction, nth] of order) {
      const post = fake.newestPost(channelId);
      expect(post.content).toContain(
        `(${faction[0]!.toUpperCase()}${faction.slice(1)}) to place their ${nth} dwelling.`,
      );
      const played = await playFirst(channelId, userOf(faction));
      expect(played.button).toBe(`Place your ${nth} dwelling`);
      expect(played.line).toMatch(/^Dwelling at [A-I]\d+$/);
    }

    // Then the starting bonus cards, last seat first: a card taken, not a pass.
    for (const faction of ['engineers', 'nomads', 'witches'] as const) {
      const post = fake.newestPost(channelId);
      expect(post.content).toContain('to choose their starting bonus card.');
      const played = await playFirst(channelId, userOf(faction));
      expect(played.button).toBe('Choose your starting bonus card');
      expect(played.line).toMatch(/^Starting bonus card BON\d+ · /);
      expect(fake.newestPost(channelId).content).toMatch(/: Starting bonus card BON\d+ · .* · `pass BON\d+`/);
    }
    expect(fake.newestPost(channelId).content).toContain('— Round 1 —');
  });

  it('tells the Ice Maidens what to finish, in order, and numbers the controls alike', async () => {
    const {
      fake,
      players: [first, second],
    } = shared;
    const channelId = await started('ice', [first, second], { expansion: 'fire-and-ice' });
    const picker = controlsOf(fake.newestPost(channelId)).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
    await settle(fake.selectMenu(picker.custom_id!, ['icemaidens'], { user: first, channelId }));

    // The reply to a click comes first; the channel's new prompt may follow it (CI once read an empty post).
    const postWith = (wanted: string) =>
      fake.waitFor(
        () =>
          fake
            .channelMessages(channelId)
            .filter((m) => m.content?.includes(wanted))
            .at(-1),
        { what: `a post saying "${wanted}"` },
      );
    const post = await postWith(
      '(Ice Maidens) must finish their turn: 1. choose the starting favor tile, 2. pick a colour.',
    );
    const controls = controlsOf(post);
    const labels = controls.map((c) => c.placeholder ?? c.label);
    expect(labels.slice(0, 2)).toEqual(['1. Ice Maidens: Choose your starting favor tile', '2. Pick colour']);
    // Giving the tile up is still offered (the engine accepts it), and says what it gives up.
    const other = controls.find((c) => c.label === 'End turn / other')!;
    expect(options(await open(other, first, channelId)).map((o) => o.label)).toContain('Give up the favor tile owed');
    const tiles = controls[0]!;
    await settle(fake.selectMenu(tiles.custom_id!, [optionOfLine(tiles, '+FAV11')], { user: first, channelId }));
    const next = await postWith('(Ice Maidens) must finish their turn: pick a colour.');
    expect(buttons(next).map((b) => b.label)).toEqual(['Pick colour']);
  });
});

describe('actions named for what they do', () => {
  it("lists the Engineers' bridge as a bridge, under Special action and Bridge, and asks for the bridge after it", async () => {
    const { log } = logWhere({ seed: 'w-0', players: 3, include: 'engineers' }, (s) => {
      return mover(s) === 'engineers' && notations(s, 'engineers').some((n) => n.startsWith('action ACTE. bridge'));
    });
    const { channelId, users, post } = await imported('engineers', log);
    const engineers = users.get('engineers')!;
    const lines = await linesByButton(post, engineers, channelId, 'engineers');
    const special = lines.get('Special action')!;
    expect(special.some((l) => /^Engineers action: a bridge → Bridge [A-I]\d+–[A-I]\d+ · −2 W$/.test(l))).toBe(true);
    expect(special).toContain('Engineers action: a bridge · −2 W');
    expect([...lines.values()].flat().some((l) => /Stronghold action/.test(l))).toBe(false);
    const bridges = lines.get('Bridge')!;
    expect(bridges.length).toBeGreaterThan(0);
    expect(bridges.every((l) => / → Bridge [A-I]\d+–[A-I]\d+/.test(l))).toBe(true);

    // The action alone: the bridge is then owed, asked for in words, under Bridge.
    const button = buttons(post).find((b) => b.label === 'Special action')!;
    const menus = await open(button, engineers, channelId);
    const lone = options(menus).find((o) => o.value && o.label === 'Engineers action: a bridge · −2 W')!;
    await settle(
      shared.fake.selectMenu(lone.menu.custom_id!, [lone.value], {
        user: engineers,
        channelId,
        message: menus.message!,
      }),
    );
    const after = shared.fake.newestPost(channelId);
    expect(after.content).toContain('(Engineers) must finish their turn: place the bridge.');
    const owed = await linesByButton(after, engineers, channelId, 'engineers');
    expect(owed.get('Bridge')!.every((l) => /^Bridge [A-I]\d+–[A-I]\d+$/.test(l))).toBe(true);
    expect(owed.get('End turn / other') ?? []).not.toContain(expect.stringMatching(/^Bridge /));
  });

  it('warns that the bridge power action buys nothing where no bridge fits, still offers it, then says the bridge can only be given up', async () => {
    const { log, state } = logWhere({ seed: 'w-1', players: 3 }, (s) => {
      const f = mover(s);
      if (!f) return false;
      const n = notations(s, f);
      return n.includes('action ACT1') && !n.some((x) => x.startsWith('action ACT1. bridge'));
    });
    const faction = mover(state)!;
    const { channelId, users, post } = await imported('lone-bridge', log);
    const lines = (await linesByButton(post, users.get(faction)!, channelId, faction)).get('Power action')!;
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^Power action ACT1: 3 power → a bridge · ⚠ no use for a bridge now: paid for nothing · PW \d+\/\d+\/\d+ → /,
      ),
    );
    // Taken anyway: the bridge is owed and fits nowhere, so the player is told to give it up, and where.
    const user = users.get(faction)!;
    const menus = await open(
      buttons(post).find((b) => b.label === 'Power action')!,
      user,
      channelId,
    );
    const lone = options(menus).find((o) => o.value && o.description === 'action ACT1')!;
    await settle(
      shared.fake.selectMenu(lone.menu.custom_id!, [lone.value], { user, channelId, message: menus.message! }),
    );
    const after = shared.fake.newestPost(channelId);
    expect(after.content).toContain('must finish their turn: give up the bridge: it fits nowhere.');
    expect((await linesByButton(after, user, channelId, faction)).get('End turn / other')).toContain(
      'Give up a bridge',
    );
  });

  it('warns that a priest sent to a track at 10 gains no step, and still offers it', async () => {
    const { log, state } = logWhere({ seed: 'c4-8', players: 4 }, (s) => {
      const f = mover(s);
      return !!f && s.factions[f]!.P > 0 && CULTS.some((c) => s.factions[f]!.cults[c] === 10);
    });
    const faction = mover(state)!;
    const top = CULTS.find((c) => state.factions[faction]!.cults[c] === 10)!;
    const name = `${top[0]}${top.slice(1).toLowerCase()}`;
    const { channelId, users, post } = await imported('cult-top', log);
    const lines = (await linesByButton(post, users.get(faction)!, channelId, faction)).get('Priest to cult')!;
    const toTop = lines.filter((l) => l.startsWith(`Priest to ${name}`));
    expect(toTop.length).toBeGreaterThan(0);
    for (const l of toTop)
      expect(l).toMatch(
        new RegExp(`^Priest to ${name}( \\(\\d steps?\\))? · ⚠ ${name} stays at 10: no step gained · −1 P`),
      );
    expect(lines.filter((l) => !l.startsWith(`Priest to ${name}`)).some((l) => l.includes('⚠'))).toBe(false);
  });

  it('says a power offer that gains nothing gains nothing', async () => {
    const { log, state } = logWhere({ seed: 'l4-34', players: 4 }, (s) =>
      s.pending.some((p) => p.type === 'leech' && p.actual === 0),
    );
    const offer = state.pending.find((p) => p.type === 'leech' && p.actual === 0)!;
    if (offer.type !== 'leech') throw new Error('an offer');
    const { post } = await imported('full-bowls', log);
    const name = `${offer.faction[0]!.toUpperCase()}${offer.faction.slice(1)}`;
    const labels = controlsOf(post).map((c) => c.label);
    expect(labels).toContain(`${name}: Accept: gains nothing (no power token can move up)`);
    expect(labels.some((l) => /Take 0 power/.test(l ?? ''))).toBe(false);
  });

  it("says the Fakirs' carpet flights", async () => {
    const { log, state } = logWhere({ seed: 'f-6', players: 3, include: 'fakirs' }, (s) => {
      if (mover(s) !== 'fakirs') return false;
      return legalMoves(s, 'fakirs').some(
        (m) => m.kind === 'build' && moveOutcome(s, 'fakirs', m.commands)?.teleportedTo,
      );
    });
    const flight = legalMoves(state, 'fakirs').find(
      (m) => m.kind === 'build' && moveOutcome(state, 'fakirs', m.commands)?.teleportedTo,
    )!;
    const hex = moveOutcome(state, 'fakirs', flight.commands)!.teleportedTo!;
    const { channelId, users, post } = await imported('flights', log);
    const lines = (await linesByButton(post, users.get('fakirs')!, channelId, 'fakirs')).get('Build')!;
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^Carpet flight to ${hex} → .*Dwelling at ${hex} · `)),
    );
  });

  it("says the Dragonlords' volcanoes", async () => {
    const { log } = logWhere(
      { seed: 'v-1', players: 3, include: 'dragonlords', options: ['fire-and-ice-factions/volcano'] },
      (s) =>
        s.round > 0 && mover(s) === 'dragonlords' && notations(s, 'dragonlords').some((n) => /^dig 1\. build/.test(n)),
    );
    const { channelId, users, post } = await imported('volcanoes', log);
    const lines = (await linesByButton(post, users.get('dragonlords')!, channelId, 'dragonlords')).get('Build')!;
    expect(lines).toContainEqual(
      expect.stringMatching(/^Volcano at ([A-I]\d+), paid with power tokens → Dwelling at \1 · .*PW /),
    );
    expect(lines.some((l) => l.startsWith('Dig '))).toBe(false);
  });
});

describe('an auction whose raises reach every bid', () => {
  it('lists every raise while they fit one menu, and opens every bid on a faction privately otherwise', async () => {
    const {
      fake,
      players: [first, second, third],
    } = shared;
    const channelId = await started('auction', [first, second, third], { factions: 'auction', 'starting-vp': '2017' });
    const menu = (kind: string) =>
      controlsOf(fake.newestPost(channelId)).find(
        (c) => c.custom_id?.startsWith('tm:bid:') && c.custom_id.endsWith(`:${kind}`),
      );
    await settle(fake.selectMenu(menu('name')!.custom_id!, ['bid witches 0'], { user: first, channelId }));

    // One faction held: every raise from 1 to its starting VP, 5, 7 and 8 among them.
    const raises = menu('raise')!.options!.map((o) => o.value);
    expect(raises).toEqual(Array.from({ length: raises.length }, (_, i) => `bid witches ${i + 1}`));
    expect(raises).toEqual(expect.arrayContaining(['bid witches 5', 'bid witches 7', 'bid witches 8']));
    await settle(fake.selectMenu(menu('name')!.custom_id!, ['bid fakirs 0'], { user: second, channelId }));

    // Two held, more raises than one menu holds: each faction opens every bid on it.
    const lots = menu('raise')!.options!;
    expect(lots.map((o) => o.value)).toEqual(['lot witches', 'lot fakirs']);
    expect(lots[1]!.label).toBe('Fakirs: outbid 0 VP, 1 to 33 VP…');
    const opened = await settle(fake.selectMenu(menu('raise')!.custom_id!, ['lot fakirs'], { user: third, channelId }));
    expect(opened.ephemeral).toBe(true);
    expect(opened.content).toContain('from 1 to 33 VP');
    const amounts = options(opened);
    expect(amounts.map((o) => o.value)).toEqual(Array.from({ length: 33 }, (_, i) => `bid fakirs ${i + 1}`));
    const bid27 = amounts.find((o) => o.value === 'bid fakirs 27')!;
    const done = await settle(
      fake.selectMenu(bid27.menu.custom_id!, ['bid fakirs 27'], { user: third, channelId, message: opened.message! }),
    );
    expect(done.content).toContain('bids 27 VP on the Fakirs');
    expect(fake.newestPost(channelId).content).toContain(`Fakirs 27 VP (<@${third.id}>)`);
  });
});
