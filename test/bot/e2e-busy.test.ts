/**
 * Load shedding, through the real discord.js client and the fake Discord: with too many interactions
 * already being handled, a new one is told privately that the bot is busy and nothing changes; once the
 * queue has room again the same command works.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Caller } from '../../src/game/access.ts';
import { MemoryGameRepo } from '../../src/game/memory-repo.ts';
import { GameService } from '../../src/game/service.ts';
import { t } from '../../src/i18n/index.ts';
import { settle, startBot, type BotHarness } from '../support/bot-harness.ts';

/** A service whose channel lookups wait until the test lets them go: an interaction that stays in flight. */
class HeldService extends GameService {
  private held: Promise<void> | null = null;
  private release = () => {};
  private reached = () => {};
  /** Resolves once a lookup is waiting. */
  hold(): Promise<void> {
    this.held = new Promise((resolve) => (this.release = resolve));
    return new Promise((resolve) => (this.reached = resolve));
  }
  letGo(): void {
    this.held = null;
    this.release();
  }
  override async findGameInChannel(caller: Caller): ReturnType<GameService['findGameInChannel']> {
    if (this.held) {
      this.reached();
      await this.held;
    }
    return super.findGameInChannel(caller);
  }
}

describe('load shedding', () => {
  let bot: BotHarness;
  const service = new HeldService(new MemoryGameRepo());

  beforeAll(async () => {
    bot = await startBot({ service, maxInFlight: 1 });
  });
  afterAll(() => bot.close());

  it('turns an interaction away as busy while the limit is in flight, then serves it', async () => {
    const { fake } = bot;
    await settle(fake.slashCommand('/tm create', { options: { players: 2 } }));
    const waiting = service.hold();
    const first = fake.slashCommand('/tm status');
    // The first status is held inside the service: the limit of one is in flight.
    await waiting;
    const turnedAway = await settle(fake.slashCommand('/tm status', { locale: 'es-ES' }));
    expect(turnedAway).toMatchObject({ ephemeral: true, content: t('es', 'error.busy') });
    service.letGo();
    expect((await settle(first)).content).not.toBe(t('en', 'error.busy'));
    // The first handler ends just after its answer reaches Discord, which may be after the next interaction.
    await vi.waitFor(async () =>
      expect((await settle(fake.slashCommand('/tm status'))).content).not.toBe(t('en', 'error.busy')),
    );
    expect(bot.errors).toEqual([]);
  });
});

describe('overload', () => {
  let bot: BotHarness;
  let overloaded = false;

  beforeAll(async () => {
    bot = await startBot({ service: new GameService(new MemoryGameRepo()), overloaded: () => overloaded });
  });
  afterAll(() => bot.close());

  it('turns a move away as busy while the bot counts itself overloaded, nothing stored, then plays it', async () => {
    const { fake } = bot;
    await settle(fake.slashCommand('/tm create', { options: { players: 2 } }));
    const second = fake.createUser('second');
    overloaded = true;
    const turnedAway = await settle(fake.slashCommand('/tm join', { user: second }));
    expect(turnedAway).toMatchObject({ ephemeral: true, content: t('en', 'error.busy') });
    const caller = { userId: fake.defaultUser.id, guildId: fake.guildId, channelId: fake.channelId };
    const view = await bot.service.findGameInChannel(caller);
    expect(view.ok && view.value?.game.seats.length).toBe(1);
    overloaded = false;
    expect((await settle(fake.slashCommand('/tm join', { user: second }))).content).not.toBe(t('en', 'error.busy'));
    const joined = await bot.service.findGameInChannel(caller);
    expect(joined.ok && joined.value?.game.seats.map((s) => s.userId)).toEqual([fake.defaultUser.id, second.id]);
    expect(bot.errors).toEqual([]);
  });
});
