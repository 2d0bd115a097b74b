/**
 * Plays the AI seats. Whenever a game may have come to wait on an AI seat (a change was posted, the bot
 * started, a sweep), the game is taken up: the seat's decision is made on a decision thread (pool.ts) and
 * played through the same service calls a player's click makes, as the seat itself (`aiCaller`), with its
 * reasons; its post goes out like anyone's, and then the next AI seat the game waits on, if any, decides.
 * Answers owed off turn come first (`aiTurnOf`), so an AI never holds a game up.
 *
 * Nothing is lost to a restart: a decision is stored only by the play that makes it, so one under way when
 * the bot stops is simply made again by the next process, which finds at start-up every game waiting on an
 * AI seat. Two processes never both play a seat: only the process whose shards own the game's server takes
 * it up, and the store's version check refuses a second play from the same position.
 *
 * A decision that fails or takes too long is made again at the next easier level, and as the move timer
 * would make it when no level could (`lastResort`): an AI never stalls a game. Should the rules refuse even
 * that (a fault: the engine named a seat that has no move), the game's channel is told (`stuck`), once for
 * the position, so that nobody waits on the AI in silence.
 */
import { type AiTurn, type GameService, type GameView, type Result, aiCaller, aiTurnOf } from '../game/service.ts';
import { log } from '../log.ts';
import type { AiSeatLevel } from '../game/service.ts';
import { type DecisionJob, type DecisionReply, fallbackLevels, lastResort } from './decision.ts';

/** Makes decisions (the decision pool, or a stand-in in tests). */
export interface Decider {
  decide(job: DecisionJob, timeoutMs: number): Promise<DecisionReply>;
}

/** How long a decision at each level may take before the next easier level makes it instead. */
export const DECISION_MS: Readonly<Record<AiSeatLevel, number>> = { easy: 5_000, normal: 10_000, hard: 20_000 };

export interface AiSeatsOptions {
  readonly service: GameService;
  readonly decider: Decider;
  /** Whether this process acts for the server (its shards own it). */
  readonly owns: (guildId: string) => boolean;
  /** Posts what the game's channel has not been told yet (the outbox), from this view of it. */
  readonly deliver: (gameId: string, view: GameView) => Promise<unknown>;
  /** Tells the game's channel that the AI seat `turn` names found no move the rules accept. */
  readonly stuck: (view: GameView, turn: AiTurn) => Promise<unknown>;
  /** Every game with an AI seat is looked at this often, besides the changes that call for it. */
  readonly sweepMs?: number;
  readonly decisionMs?: Readonly<Record<AiSeatLevel, number>>;
}

/** A play the service refused for a reason other than the game having moved on (a bug): tried once more. */
const MAX_REFUSALS = 2;

export class AiSeats {
  /** Games being played now, with whether another look was asked for meanwhile (and the newest view). */
  private readonly games = new Map<string, { again: boolean; view: GameView | undefined }>();
  private readonly idleWaiters: (() => void)[] = [];
  /** The version of each game at which its channel was told an AI seat is stuck (told once a position). */
  private readonly toldStuck = new Map<string, number>();
  private stopped = false;
  private readonly decisionMs: Readonly<Record<AiSeatLevel, number>>;

  constructor(private readonly options: AiSeatsOptions) {
    this.decisionMs = options.decisionMs ?? DECISION_MS;
  }

  /** A change of this game was stored (and posted): if it waits on an AI seat here, the AI plays. */
  nudge(view: GameView): void {
    if (!view.game.seats.some((s) => s.ai) || !this.options.owns(view.game.guildId)) return;
    if (aiTurnOf(view) === null && !this.games.has(view.game.id)) return;
    this.schedule(view.game.id, view);
  }

  /** Takes up every game of this process waiting on an AI seat: now, and then every `sweepMs`. */
  start(): () => void {
    this.stopped = false;
    void this.sweep();
    const timer = setInterval(() => void this.sweep(), this.options.sweepMs ?? 5 * 60_000);
    timer.unref();
    return () => {
      this.stopped = true;
      clearInterval(timer);
    };
  }

  /** Looks at every active game with an AI seat on a server this process owns. */
  async sweep(): Promise<void> {
    try {
      for (const game of await this.options.service.gamesWithAiSeats()) {
        if (this.stopped) return;
        if (this.options.owns(game.guildId)) this.schedule(game.id);
      }
    } catch (error) {
      log.error({ err: error }, 'could not list the games with AI seats');
    }
  }

  /** Resolves once no game is being played (tests, and stopping). */
  idle(): Promise<void> {
    if (this.games.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule(gameId: string, view?: GameView): void {
    const entry = this.games.get(gameId);
    if (entry) {
      entry.again = true;
      if (view && view.game.version > (entry.view?.game.version ?? 0)) entry.view = view;
      return;
    }
    const fresh = { again: false, view };
    this.games.set(gameId, fresh);
    void (async () => {
      do {
        fresh.again = false;
        const given = fresh.view;
        fresh.view = undefined;
        try {
          await this.playGame(gameId, given);
        } catch (error) {
          // The next change or sweep takes the game up again.
          log.error({ err: error, gameId }, 'an AI seat could not play');
        }
      } while (fresh.again && !this.stopped);
      this.games.delete(gameId);
      if (this.games.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    })();
  }

  private async read(gameId: string): Promise<GameView | null> {
    const current = await this.options.service.currentView(gameId);
    if (current.ok) return current.value;
    if (current.error.code !== 'game_not_found')
      log.warn({ gameId, error: current.error }, 'AI seat: game unavailable');
    return null;
  }

  /** Plays the game's AI seats for as long as it waits on one. */
  private async playGame(gameId: string, given?: GameView): Promise<void> {
    let view = given ?? (await this.read(gameId));
    let refusals = 0;
    while (view && !this.stopped && this.options.owns(view.game.guildId)) {
      const turn = aiTurnOf(view);
      if (!turn) return;
      const { reply, level } = await this.decide(view, turn);
      if (this.stopped) return;
      const played = await this.act(view, turn, reply, level);
      if (played.ok) {
        refusals = 0;
        view = played.value;
        await this.options.deliver(gameId, view);
        continue;
      }
      if (played.error.code !== 'stale_version') {
        // Not a choice the game accepts (never one the engine offered): as the timer would, then give up.
        log.error({ gameId, turn: turn.kind, reply, error: played.error }, 'the service refused an AI seat’s move');
        if (++refusals >= MAX_REFUSALS) return this.tellStuck(view, turn);
        const fallback = await this.act(view, turn, lastResort(this.job(view, turn, turn.level)), turn.level);
        if (!fallback.ok) return this.tellStuck(view, turn);
        view = fallback.value;
        await this.options.deliver(gameId, view);
        continue;
      }
      // Someone else moved meanwhile (another process, a player's answer): decide again from where it is.
      view = await this.read(gameId);
    }
  }

  private async tellStuck(view: GameView, turn: AiTurn): Promise<void> {
    const { id, version } = view.game;
    if (this.toldStuck.get(id) === version) return;
    this.toldStuck.set(id, version);
    log.error({ gameId: id, seat: turn.seat.position }, 'an AI seat found no move the rules accept');
    try {
      await this.options.stuck(view, turn);
    } catch (error) {
      // Told again at the next look at the game (a change, the sweep).
      this.toldStuck.delete(id);
      log.error({ err: error, gameId: id }, 'could not tell the channel that an AI seat is stuck');
    }
  }

  private job(view: GameView, turn: AiTurn, level: AiSeatLevel): DecisionJob {
    const task =
      turn.kind === 'move'
        ? ({ kind: 'move', faction: turn.faction } as const)
        : ({ kind: turn.kind, seat: turn.seat.position } as const);
    return { state: view.state!, task, level, seed: view.game.seed };
  }

  /** The seat's level decides, else each easier one in turn, else the last resort. */
  private async decide(view: GameView, turn: AiTurn): Promise<{ reply: DecisionReply; level: AiSeatLevel }> {
    for (const level of fallbackLevels(turn.level)) {
      if (this.stopped) break;
      try {
        const reply = await this.options.decider.decide(this.job(view, turn, level), this.decisionMs[level]);
        return { reply, level };
      } catch (error) {
        log.warn({ err: error, gameId: view.game.id, level }, 'an AI decision failed; an easier level decides');
      }
    }
    return { reply: lastResort(this.job(view, turn, turn.level)), level: turn.level };
  }

  /** Plays the decision through the calls a player's click makes, as the seat. */
  private async act(view: GameView, turn: AiTurn, reply: DecisionReply, level: AiSeatLevel): Promise<Result<GameView>> {
    const { service } = this.options;
    const caller = aiCaller(view.game, turn.seat);
    switch (reply.kind) {
      case 'move': {
        const played = await service.play(caller, view, view.game.version, reply.text, {
          level,
          reasons: reply.reasons,
        });
        return played.ok ? { ok: true, value: played.value.view } : played;
      }
      case 'pick':
        return service.chooseFaction(caller, view, reply.faction);
      case 'bid': {
        const bid = await service.bid(caller, view.game.id, reply.faction, reply.amount);
        if (!bid.ok) return bid;
        return service.currentView(view.game.id);
      }
    }
  }
}
