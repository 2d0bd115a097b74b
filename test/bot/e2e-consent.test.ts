/**
 * Asking before what cannot be taken back, through the real client: undo that needs consent (the request
 * is posted with the moves it would take back and Approve / Reject buttons; answers are written on it,
 * the last approval takes the moves back), the admin's undo, resigning; and what players look up:
 * /tm board and /tm log, the factions dealt at the start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import type { ComponentJson } from '../../src/bot/message-limits.ts';
import type { FakeDiscord, FakeMessage, FakeUser } from '../support/fake-discord.ts';

const leaves = (m: FakeMessage): ComponentJson[] =>
  (m.components as ComponentJson[]).flatMap((row) => [...(row.components ?? [])]);

describe('consent, confirmations and lookups', () => {
  let bot: BotHarness;
  let fake: FakeDiscord;
  let admin: FakeUser;
  let second: FakeUser;
  let third: FakeUser;

  beforeAll(async () => {
    bot = await startBot();
    fake = bot.fake;
    admin = fake.defaultUser;
    second = fake.createUser('second');
    third = fake.createUser('third');
  });

  afterAll(async () => {
    await bot?.close();
  });

  const newest = () => fake.newestPost();

  /** The player builds their first offered dwelling through the turn prompt. */
  async function buildSomething(user: FakeUser): Promise<void> {
    const button = leaves(newest()).find((c) => /^tm:turn:.*:build:0$/.test(c.custom_id ?? ''))!;
    const menus = await settle(fake.clickButton(button.custom_id!, { user }));
    const menu = (menus.components as ComponentJson[]).flatMap((r) => [...(r.components ?? [])])[0]!;
    const played = await settle(
      fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user, message: menus.message! }),
    );
    expect(played.content).toMatch(/^Done/);
  }

  const moveCount = async () => {
    const found = await bot.service.findGameInChannel({
      userId: admin.id,
      guildId: fake.guildId,
      channelId: fake.channelId,
    });
    return found.ok ? found.value!.moves.length : -1;
  };

  it('posts the request with the moves and buttons, says each answer, and takes back on consent', async () => {
    await settle(fake.slashCommand('/tm create', { user: admin, options: { players: 3, seating: 'joined' } }));
    await settle(fake.slashCommand('/tm join', { user: second }));
    await settle(fake.slashCommand('/tm join', { user: third }));
    await settle(fake.slashCommand('/tm start', { user: admin }));
    for (const [user, faction] of [
      [admin, 'witches'],
      [second, 'nomads'],
      [third, 'mermaids'],
    ] as const) {
      const menu = leaves(newest()).find((c) => c.custom_id?.startsWith('tm:faction:'))!;
      await settle(fake.selectMenu(menu.custom_id!, [faction], { user }));
    }
    await buildSomething(admin);
    await buildSomething(second);
    await buildSomething(third);
    const before = await moveCount();

    // The second player's move is no longer their last untouched one: the others must agree.
    const promptIds = leaves(newest()).map((c) => c.custom_id);
    const asked = await settle(fake.slashCommand('/tm undo', { user: second }));
    expect(asked.ephemeral).toBe(true);
    expect(asked.content).toContain('in the channel');
    // The request is a post of its own, with the moves, the answers and the mover's buttons, which still work.
    const request = newest();
    expect(leaves(request).length).toBeGreaterThan(promptIds.length);
    expect(request.content).toContain(`<@${second.id}> asks to take back 2 moves`);
    expect(request.content).toMatch(/• Nomads: Dwelling at [A-I]\d+ · `build [A-I]\d+`/);
    expect(request.content).toMatch(/• Mermaids: Dwelling at [A-I]\d+ · `build [A-I]\d+`/);
    expect(request.content).toContain(`Next: <@${third.id}> (Mermaids) to place their second dwelling.`);
    // The consent it waits on pings those asked, the mover among them; nobody else.
    expect([...request.pingedUserIds].sort()).toEqual([admin.id, third.id].sort());
    const approve = leaves(request).find((c) => c.custom_id?.startsWith('tm:undo-yes:'))!.custom_id!;
    const reject = leaves(request).find((c) => c.custom_id?.startsWith('tm:undo-no:'))!.custom_id!;
    const moverButton = leaves(request).find((c) => /^tm:turn:.*:build:0$/.test(c.custom_id ?? ''))!.custom_id!;
    // The prompt's buttons are the same as before the request: asking changed nothing on the board.
    expect(promptIds).toContain(moverButton);
    const mine = await settle(fake.clickButton(moverButton, { user: third, message: request }));
    expect(mine.content).not.toContain('moved on');
    expect(mine.components.length).toBeGreaterThan(0);

    // The requester cannot approve their own request: they are told why.
    const own = await settle(fake.clickButton(approve, { user: second }));
    expect(own.content).toContain('You asked for this undo');

    const approved = await settle(fake.clickButton(approve, { user: third }));
    expect(approved.content).toContain('You approved');
    const afterApproval = fake.channelMessages().find((m) => m.id === request.id)!;
    expect(afterApproval.content).toContain(`Approved by <@${third.id}>; still waiting for <@${admin.id}>`);
    expect(await moveCount()).toBe(before);

    const rejected = await settle(fake.clickButton(reject, { user: admin }));
    expect(rejected.content).toContain('You rejected');
    const closed = fake.channelMessages().find((m) => m.id === request.id)!;
    expect(closed.content).toContain(`Rejected by <@${admin.id}>`);
    expect(closed.components).toEqual([]);
    expect(await moveCount()).toBe(before);
    // The channel is told where the game stands, with the mover's buttons again, and nobody is pinged twice.
    const again = newest();
    expect(again.content).toContain(`<@${admin.id}> turned down the request of <@${second.id}>`);
    expect(again.content).toContain(`Next: <@${third.id}> (Mermaids) to place their second dwelling.`);
    expect(again.pingedUserIds).toEqual([]);
    expect(leaves(again).map((c) => c.custom_id)).toContain(moverButton);
    // The menus opened before the answer still play.
    const menu = (mine.components as ComponentJson[]).flatMap((r) => [...(r.components ?? [])])[0]!;
    const played = await settle(
      fake.selectMenu(menu.custom_id!, [menu.options![0]!.value], { user: third, message: mine.message! }),
    );
    expect(played.content).toMatch(/^Done/);
    expect(await moveCount()).toBe(before + 1);

    // Asked again, the game admin's approval is enough.
    await settle(fake.slashCommand('/tm undo', { user: second }));
    const yes = leaves(newest()).find((c) => c.custom_id?.startsWith('tm:undo-yes:'))!;
    const done = await settle(fake.clickButton(yes.custom_id!, { user: admin }));
    expect(done.content).toContain('took back 3 moves');
    expect(await moveCount()).toBe(before - 2);
    expect(fake.channelMessages().some((m) => m.content.includes('the moves are taken back'))).toBe(true);
    expect(newest().content).toContain(`<@${second.id}> took back 3 moves`);
    expect(bot.errors).toEqual([]);
  }, 60_000);

  it('asks before a resignation, and resigns only on the button', async () => {
    const ids = (r: { components: unknown[] }) =>
      (r.components as { components: { custom_id: string }[] }[]).flatMap((row) =>
        row.components.map((c) => c.custom_id),
      );
    const asked = await settle(fake.slashCommand('/tm resign', { user: third }));
    expect(asked.content).toContain('cannot be taken back');
    const [sure, unsure] = ids(asked);
    const kept = await settle(fake.clickButton(unsure!, { user: third, message: asked.message! }));
    expect(kept.content).toContain('nothing changed');
    const again = await settle(fake.slashCommand('/tm resign', { user: third }));
    const resigned = await settle(fake.clickButton(ids(again)[0]!, { user: third, message: again.message! }));
    expect(resigned.content).toContain(`<@${third.id}> resigned`);
    expect(sure).toMatch(/^tm:sure:/);
  });

  it('answers /tm board for a faction not in the game with a refusal, and /tm log with the newest moves', async () => {
    const refused = await settle(fake.slashCommand('/tm board', { user: admin, options: { faction: 'giants' } }));
    expect(refused.content).toBe("'Giants' is not a faction in this game.");
    expect(refused.files).toEqual([]);
    const log = await settle(fake.slashCommand('/tm log', { user: admin, options: { count: 50 } }));
    const lines = log.content!.split('\n');
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^\d+\. Witches: `build [A-I]\d+`$/),
      expect.stringMatching(/^\d+\. Mermaids: `drop-faction mermaids`$/),
    ]);
  });

  it('shows the game admin the moves an undo of theirs would remove, and removes them only when confirmed', async () => {
    const before = await moveCount();
    const asked = await settle(fake.slashCommand('/tm undo', { user: admin }));
    expect(asked.content).toContain('without asking the others');
    expect(asked.content).toMatch(/• Witches: Dwelling at [A-I]\d+ · `build [A-I]\d+`/);
    expect(asked.content).toContain('`drop-faction mermaids`');
    expect(await moveCount()).toBe(before);
    const sure = (asked.components as { components: { custom_id: string }[] }[])[0]!.components[0]!.custom_id;
    const done = await settle(fake.clickButton(sure, { user: admin, message: asked.message! }));
    expect(done.content).toMatch(/took back \d+ move/);
    expect(await moveCount()).toBeLessThan(before);
  });

  it('tells every player the faction dealt to them when factions are random', async () => {
    const channelId = fake.addChannel('random-factions');
    const at = { channelId };
    await settle(fake.slashCommand('/tm create', { user: admin, ...at, options: { players: 2, factions: 'random' } }));
    await settle(fake.slashCommand('/tm join', { user: second, ...at }));
    await settle(fake.slashCommand('/tm start', { user: admin, ...at }));
    const started = fake.channelMessages(channelId).find((m) => m.content.includes('The game has started'))!;
    for (const user of [admin, second]) expect(started.content).toMatch(new RegExp(`<@${user.id}> plays the \\w+`));
  });
});
