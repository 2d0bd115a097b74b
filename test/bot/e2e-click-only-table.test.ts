/**
 * Issue 22's acceptance, through the real client against the fake Discord: three friends play a whole base
 * game by clicking only (after `/tm create`, `/tm join`, `/tm start`, every move is a click on a button or a
 * menu of moves in words). Mid-game one asks to take a move back and is turned down, and the player to move
 * still plays from the buttons in the channel; the move timer warns the player it waits for, then runs out
 * and passes for them; the game admin hands that seat to a newcomer, who is pinged when the seat is next
 * waited for and plays on by clicking. Every post after a change says who acts next (or ends the game), and
 * pings exactly the players it makes the game wait for, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCustomId } from '../../src/bot/custom-id.ts';
import { legalMoves } from '../../src/engine/index.ts';
import { remindOnce } from '../../src/bot/reminders.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService, waitedUsers } from '../../src/game/service.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';
import { clickNext, clickingTable, leaves } from '../support/clicking.ts';
import type { FakeInteraction, FakeMessage } from '../support/fake-discord.ts';

const HOUR = 3_600_000;
const MAX_CLICKS = 3000;

/** Who sent an interaction (a server member's, or a direct message's user). */
const senderOf = (i: FakeInteraction): string => {
  const p = i.payload as { member?: { user: { id: string } }; user?: { id: string } };
  return (p.member?.user ?? p.user)!.id;
};

/** Whom a post pinged when it was sent (later edits only take buttons off). */
const pingsOf = (m: FakeMessage): readonly string[] => (m.history[0] ?? m).pingedUserIds;

describe('a table that clicks only (issue 22)', () => {
  let bot: BotHarness;
  const service = new GameService(new MemoryGameRepo());

  beforeAll(async () => {
    bot = await startBot({ service });
  });

  afterAll(async () => {
    await bot?.close();
  });

  it('plays to the final scores with an undo turned down, a timer run out and a replacement, one ping per wait', async () => {
    const fake = bot.fake;
    const [ann, bob, cat] = [fake.defaultUser, fake.createUser('bob'), fake.createUser('cat')];
    const erin = fake.createUser('erin');
    const channelId = fake.channelId;
    await settle(fake.slashCommand('/tm create', { user: ann, options: { players: 3, seating: 'joined', timer: 12 } }));
    for (const user of [bob, cat]) await settle(fake.slashCommand('/tm join', { user }));
    await settle(fake.slashCommand('/tm start', { user: ann }));
    const gameId = (await service.listGames({ limit: 1 }))[0]!.id;
    const current = async () => {
      const view = await service.currentView(gameId);
      expect(view.ok).toBe(true);
      return view.ok ? view.value : null!;
    };
    const waited = async () => {
      const view = await current();
      return waitedUsers(view.game, view.state);
    };

    // Every change: its posts ping exactly those it makes the game wait for (not its own actor), and those
    // whose answer it asks for (`asked`), each once.
    const posted: FakeMessage[] = [];
    const change = async (act: () => Promise<unknown>, asked: readonly string[] = []): Promise<FakeMessage[]> => {
      const before = await waited();
      const sent = fake.interactions.length;
      const seen = fake.channelMessages(channelId).length;
      await act();
      const actors = fake.interactions.slice(sent).map(senderOf);
      const after = await waited();
      const fresh = fake
        .channelMessages(channelId)
        .slice(seen)
        .filter((m) => !m.pinned);
      const expected = [...after.filter((u) => !before.includes(u) && !actors.includes(u)), ...asked];
      expect([...fresh.flatMap(pingsOf)].sort(), fresh.map((m) => m.content).join('\n---\n')).toEqual(
        [...new Set(expected)].sort(),
      );
      // The change that ends the game is told by its final scores.
      if (!fresh.some((m) => m.content.includes('Final scores'))) posted.push(...fresh);
      return fresh;
    };

    const table = clickingTable(bot, [ann, bob, cat], 22);
    let clicks = 0;
    const clickUntil = async (stop: () => Promise<boolean>) => {
      for (; clicks < MAX_CLICKS && !(await stop()); clicks++) {
        let more = true;
        await change(async () => (more = await clickNext(table)));
        if (!more) return false;
      }
      return true;
    };
    const playing = async (round: number) => {
      const view = await current();
      return view.state!.phase === 'play' && view.state!.round >= round && view.waitingFor.length === 1;
    };

    // ---- Round 1: an undo asked for and turned down; the player to move still plays from the channel. ----
    expect(await clickUntil(() => playing(1))).toBe(true);
    // A player other than the game admin (whose undo needs nobody's consent) asks to take back their last
    // move once someone else has moved since: a request the others answer.
    const askers = async () => {
      const mover = (await current()).waitingFor[0]!.userId;
      const lastActor = senderOf(fake.interactions.at(-1)!);
      return [bob, cat].filter((u) => u.id !== mover && u.id !== lastActor);
    };
    expect(await clickUntil(async () => (await playing(1)) && (await askers()).length > 0)).toBe(true);
    const mover = (await current()).waitingFor[0]!.userId;
    const requester = (await askers())[0]!;
    const moverButtons = leaves(fake.newestPost(channelId).components).map((c) => c.custom_id);
    let asked = '';
    // The request pings those whose consent it asks, the mover among them.
    const others = [ann, bob, cat].filter((u) => u.id !== requester.id).map((u) => u.id);
    const [request] = await change(async () => {
      asked = (await settle(fake.slashCommand('/tm undo', { user: requester }))).content ?? '';
    }, others);
    expect(request?.content, asked).toContain(`<@${requester.id}> asks to take back`);
    const reject = leaves(request!.components).find((c) => c.custom_id?.startsWith('tm:undo-no:'))!;
    const rejecter = [ann, bob, cat].find((u) => u.id !== requester.id)!;
    const [answered] = await change(() => settle(fake.clickButton(reject.custom_id!, { user: rejecter })));
    expect(answered!.content).toContain(`<@${rejecter.id}> turned down the request of <@${requester.id}>`);
    expect(answered!.content).toContain(`Next: <@${mover}>`);
    // The mover's buttons are there again, the same as before the request: nothing changed on the board.
    const again = leaves(answered!.components).map((c) => c.custom_id);
    expect(again.filter((id) => parseCustomId(id ?? '')?.kind === 'turn')).toEqual(
      moverButtons.filter((id) => parseCustomId(id ?? '')?.kind === 'turn'),
    );
    expect(again.length).toBeGreaterThan(0);
    // They work: the next click is the mover's, on that post.
    const before = (await current()).moves.length;
    await change(() => clickNext(table));
    clicks++;
    expect(senderOf(fake.interactions.at(-1)!)).toBe(mover);
    expect((await current()).moves.length).toBeGreaterThan(before);

    // ---- The move timer (12 h): a warning 6 h before, then it runs out and passes for the seat. ----
    // A faction at the start of its turn in round 2, free to pass: what the timer will do for it.
    const mayPass = async () => {
      const view = await current();
      const seat = view.waitingFor[0]!;
      return legalMoves(view.state!, seat.faction).some((m) => m.kind === 'pass');
    };
    expect(await clickUntil(async () => (await playing(2)) && (await mayPass()))).toBe(true);
    const late = (await current()).waitingFor[0]!;
    const at = (hours: number) => ({
      service,
      client: bot.client(),
      announcer: bot.announcer(),
      now: () => new Date(Date.now() + hours * HOUR),
    });
    expect(await remindOnce(at(5))).toEqual([]);
    const [warned] = await remindOnce(at(7));
    expect(warned?.userId).toBe(late.userId);
    const warning = fake.newestPost(channelId);
    expect(warning.content).toMatch(/If you do not act within [45] h, the [\w ]+ pass this round\.$/);
    expect(warning.pingedUserIds).toEqual([late.userId]);
    expect(leaves(warning.components).some((c) => c.custom_id?.startsWith('tm:show:'))).toBe(true);
    const [ranOut] = await change(() => remindOnce(at(13)));
    expect(ranOut!.content).toMatch(
      new RegExp(
        `^⏰ Time ran out for <@${late.userId}> \\([\\w ]+\\): they pass this round \\(\`pass BON\\d+\`\\) and play on in the next\\.`,
      ),
    );
    expect((await current()).state!.factions[late.faction]!.passed).toBe(true);

    // ---- The game admin hands the seat to erin: she is pinged when it is next waited for, and plays. ----
    const [replaced] = await change(() =>
      settle(fake.slashCommand('/tm replace', { user: ann, options: { faction: late.faction, user: erin.id } })),
    );
    expect(replaced!.content).toContain(`<@${erin.id}> now plays the`);
    table.userByFaction.set(late.faction, erin);
    await clickUntil(async () => (await waited()).includes(erin.id));
    expect(posted.some((m) => pingsOf(m).includes(erin.id))).toBe(true);
    const erinClicked = () => fake.interactions.filter((i) => senderOf(i) === erin.id).length;
    await clickUntil(async () => erinClicked() >= 2);
    expect(erinClicked()).toBeGreaterThanOrEqual(2);

    // ---- To the final scores. ----
    expect(await clickUntil(async () => false)).toBe(false);
    expect(clicks).toBeLessThan(MAX_CLICKS);
    expect(fake.newestPost(channelId).content).toContain('Final scores');
    expect((await current()).state!.finished).toBe(true);
    // No post without a next step: each names who acts next, or who picks a faction next.
    const stranded = posted.filter((m) => !/^Next: <@\d+>|^<@\d+>, choose your faction\.$/m.test(m.content));
    expect(stranded.map((m) => m.content)).toEqual([]);
    // Nobody typed a move: the only commands were create, join, start, the undo request and the replacement.
    const commands = fake.interactions.filter((i) => (i.payload as { type: number }).type === 2);
    expect(
      commands.map((i) => (i.payload as { data: { options?: { name: string }[] } }).data.options?.[0]?.name),
    ).toEqual(['create', 'join', 'join', 'start', 'undo', 'replace']);
    expect(bot.errors).toEqual([]);
    const pings = posted.reduce((n, m) => n + pingsOf(m).length, 0);
    console.log(
      `click-only table: ${clicks} clicks, ${posted.length} posts before the final scores, ${pings} pings, ` +
        `${(await current()).moves.length} rows`,
    );
  }, 900_000);
});
