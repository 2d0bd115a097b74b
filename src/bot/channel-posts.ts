/**
 * The one place that turns a stored change (an announcement from the outbox) into what its channel shows.
 * A post that brings the channel up to date also says where the game stands now: who must act (pinged),
 * the board, the decisions they can click. Older announcements still waiting after a fault are posted
 * first, quietly: their own lines only, no pings, pictures or buttons of a moment that has passed.
 */
import { aiPlayed, isAiId, waitedUsers, type Announcement, type GameView, type TimerAnswer } from '../game/service.ts';
import { aiSeatLines, seatName, whyLine } from './present/ai.ts';
import { t, type BotLocale, type MessageKey } from '../i18n/index.ts';
import { moveFootprint } from './images.ts';
import { factionName, mention } from './present/names.ts';
import { describeFinal, describeGameRules, describeStandings } from './present/status.ts';
import { describeEffects, describeMove, describeWaiting, moveInWords, roundHeader } from './present/turn.ts';
import { auctionStanding, bidLines } from './present/auction.ts';
import { undoRejectedLine, undoRequestLines } from './present/undo.ts';

export interface ChannelPost {
  readonly content: string;
  /**
   * Board pictures of the game as it stands, these hexes highlighted, and with `tiles` the round panel
   * (scoring tiles, bonus cards, power actions) that set-up decisions depend on; absent: text only.
   */
  readonly images?: {
    readonly highlight: readonly string[];
    readonly tiles?: boolean;
    /** The map, the cult board: a move posts only those it can have changed. */
    readonly map: boolean;
    readonly cults: boolean;
  };
  /** The end-of-game chart of every faction's VP through the game (with the final scores). */
  readonly chart?: boolean;
  /** Carry the buttons and menus of the decisions the game waits on now. */
  readonly decisions: boolean;
  /** The users this post pings: exactly those the game now waits for. */
  readonly pings: readonly string[];
}

const TIMER_SET = { pass: 'timer.setPass', drop: 'timer.setDrop', ai: 'timer.setAi' } as const;
/** What the timer's answer for a seat is said as. */
const TIMER_WORDS = {
  pass: 'timer.passed',
  decline: 'timer.declined',
  choose: 'timer.chose',
} as const satisfies Record<TimerAnswer, MessageKey>;

/** How a kind of change is told: its own lines, and whether the latest post of it shows the board. */
function ownLines(
  locale: BotLocale,
  a: Announcement,
  now: GameView | null,
): { lines: string[]; board: boolean; highlight?: string[]; map?: boolean; cults?: boolean } {
  const state = now?.state ?? null;
  const player = (userId: string) => mention(userId);
  switch (a.kind) {
    case 'created': {
      const thread = now?.game.threadId;
      return {
        lines: [
          a.seated
            ? t(locale, 'game.createdSeated', { creator: player(a.by), players: a.seated.map(player).join(', ') })
            : t(locale, 'game.created', { creator: player(a.by), max: a.maxPlayers }),
          ...(a.ai?.length
            ? [
                t(locale, 'ai.created', {
                  seats: a.ai.map((s) => seatName(locale, { userId: s.userId, ai: s })).join(', '),
                }),
                t(locale, 'ai.notRated'),
              ]
            : []),
          ...(thread ? [t(locale, 'game.threadHere', { thread: `<#${thread}>` })] : []),
        ],
        board: false,
      };
    }
    case 'joined':
      return {
        lines: [t(locale, 'game.joined', { player: player(a.userId), seated: a.seated.map(player).join(', ') })],
        board: false,
      };
    case 'left':
      return { lines: [t(locale, 'game.left', { player: player(a.userId) })], board: false };
    case 'aiAdded':
    case 'aiRemoved':
    case 'handedToAi':
      return { lines: aiSeatLines(locale, a), board: false };
    case 'started':
      return {
        lines: [
          t(locale, 'game.started', { order: a.order.map(player).join(' → ') }),
          ...describeGameRules(locale, state),
        ],
        board: true,
      };
    case 'bid':
      // The board comes with the last bid, when the picks are in.
      return { lines: bidLines(locale, a, now), board: true };
    case 'factionPicked':
      return {
        lines: [t(locale, 'game.factionPicked', { player: player(a.userId), faction: factionName(locale, a.faction) })],
        board: true,
      };
    case 'moved': {
      // The set-up's last bonus card starts round 1: it was still a set-up step.
      const setup = state?.round === 0 || a.newRound === 1;
      const lines = describeMove(locale, a, { map: state?.map, setup });
      if (a.ai) lines.splice(1, 0, whyLine(locale, a.ai, a.faction, state?.map));
      // A round's end: where everyone stands and where the VP came from, then the new round's header.
      if (a.newRound !== undefined && a.newRound > 1 && state)
        lines.push(...describeStandings(locale, state, a.newRound - 1));
      if (a.newRound !== undefined)
        lines.push(
          state
            ? roundHeader(locale, state, a.newRound)
            : t(locale, 'turn.roundHeader', { round: a.newRound, scoring: '—' }),
        );
      // Pictures only of what changed (the map, the cult board): the lines already say the numbers of the rest.
      const footprint = moveFootprint(a.text);
      return {
        lines,
        board: footprint.changesMap || footprint.changesCults,
        map: footprint.changesMap,
        cults: footprint.changesCults,
        highlight: [...footprint.hexes],
      };
    }
    case 'autoAnswered':
      return { lines: describeEffects(locale, a), board: true };
    case 'resigned':
      return {
        lines: [
          t(locale, 'game.resigned', { player: player(a.userId), faction: factionName(locale, a.faction) }),
          ...describeEffects(locale, a),
        ],
        board: false,
      };
    case 'dropped': {
      const faction = factionName(locale, a.faction);
      const line =
        a.by === null
          ? t(locale, 'timer.dropped', { player: player(a.userId), faction })
          : t(locale, 'game.dropped', { player: player(a.userId), faction, admin: player(a.by) });
      return { lines: [line, ...describeEffects(locale, a)], board: false };
    }
    case 'replaced':
      return {
        lines: [
          t(locale, a.comeback ? 'game.replacedBack' : 'game.replaced', {
            player: player(a.userId),
            faction: factionName(locale, a.faction),
            previous: player(a.previous),
          }),
        ],
        board: false,
      };
    case 'timedOut': {
      const faction = factionName(locale, a.faction);
      const words = moveInWords(locale, a.text, { faction: a.faction, map: state?.map });
      const params = { player: player(a.userId), faction, move: a.text, words: words || a.text };
      const key = TIMER_WORDS[a.answer];
      const footprint = moveFootprint(a.text);
      return {
        lines: [t(locale, key, params), ...describeEffects(locale, a)],
        board: footprint.changesMap || footprint.changesCults,
        map: footprint.changesMap,
        cults: footprint.changesCults,
        highlight: [...footprint.hexes],
      };
    }
    case 'timerSet':
      return {
        lines: [
          a.hours === null
            ? t(locale, 'timer.off', { player: player(a.by) })
            : t(locale, TIMER_SET[a.onTimeout], {
                player: player(a.by),
                hours: a.hours,
              }),
        ],
        board: false,
      };
    case 'undone':
      return {
        lines: [
          t(locale, 'game.undone', { player: player(a.by), count: a.count }),
          ...(a.reopened ? [t(locale, 'game.reopened')] : []),
        ],
        board: true,
      };
    case 'undoRequested':
      return { lines: undoRequestLines(locale, a, state?.map), board: false };
    case 'undoRejected':
      return { lines: [undoRejectedLine(locale, a)], board: false };
    case 'imported':
      return {
        lines: [t(locale, state?.finished ? 'game.importedFinished' : 'game.imported', { round: a.round })],
        board: true,
      };
    case 'abandoned':
      return { lines: [t(locale, 'game.abandoned', { player: player(a.by) })], board: false };
  }
}

/** "Next: …", or whose faction pick it is: where the game stands. */
function standing(locale: BotLocale, view: GameView): string[] {
  if (view.game.status !== 'active' || !view.state) return [];
  if (view.factionPick) return [t(locale, 'game.pickFaction', { player: mention(view.factionPick.userId) })];
  if (view.auction) return auctionStanding(locale, view.auction);
  const next = describeWaiting(locale, view.state, view.waitingFor);
  return next ? [next] : [];
}

/**
 * Whom a change newly made the game wait for (its `ping`, game/view.ts `newlyWaiting`): everyone waited for
 * at the start, at an import and in records older than the field; nobody for changes that make nobody wait.
 */
function beganWaiting(a: Announcement): readonly string[] | 'everyone' {
  switch (a.kind) {
    case 'started':
    case 'imported':
      return 'everyone';
    case 'created':
    case 'joined':
    case 'left':
    case 'abandoned':
    case 'undoRequested':
    case 'undoRejected':
    case 'timerSet':
    case 'aiAdded':
    case 'aiRemoved':
      return [];
    case 'moved':
    case 'autoAnswered':
    case 'bid':
    case 'dropped':
    case 'factionPicked':
    case 'handedToAi':
    case 'replaced':
    case 'resigned':
    case 'timedOut':
    case 'undone':
      return a.ping ?? 'everyone';
  }
}

/**
 * Whom the newest post pings: once per wait. Those the game waits for now whose wait began with this
 * change or one of the older ones posted quietly before it; a player already waiting (to move while the
 * others answer power offers, or for a favour tile after their own temple) was pinged when it began, and
 * is told in words. An undo request pings the players whose consent it needs.
 */
export function pingsOf(
  announcement: Announcement,
  earlier: readonly (Announcement | null)[],
  now: GameView,
): string[] {
  if (announcement.kind === 'undoRequested') return [...announcement.waitingOn];
  // An AI seat is nobody to ping.
  const waited = waitedUsers(now.game, now.state).filter((u) => !isAiId(u));
  const began = new Set<string>();
  for (const a of [...earlier, announcement]) {
    const users = a ? beganWaiting(a) : [];
    for (const u of users === 'everyone' ? waited : users) began.add(u);
  }
  return waited.filter((u) => began.has(u));
}

/**
 * The posts for one announcement. `now` is the game as it stands when this announcement is the newest
 * one the channel gets; null for an older one, or when the game no longer reads.
 */
export function channelPosts(
  locale: BotLocale,
  announcement: Announcement,
  now: GameView | null,
  /** The announcements posted quietly before this one in the same delivery, oldest first. */
  earlier: readonly (Announcement | null)[] = [],
): ChannelPost[] {
  const own = ownLines(locale, announcement, now);
  if (!now) return [{ content: own.lines.join('\n'), decisions: false, pings: [] }];
  // Set-up is not played blind: the game's start and the end of the faction picks show the map and the
  // tiles; each pick in between changes neither.
  const setup = now.state !== null && now.state.round === 0;
  const picking =
    (now.factionPick !== null && announcement.kind === 'factionPicked') ||
    (now.auction !== null && announcement.kind === 'bid');
  // The game's end shows the final board, whatever the last move changed (usually a pass: nothing drawn).
  const over = announcement.kind === 'moved' && now.state?.finished === true;
  const board = (own.board || over) && now.state !== null && !picking;
  const tiles =
    setup && (announcement.kind === 'started' || announcement.kind === 'factionPicked' || announcement.kind === 'bid');
  // Factions dealt at the start (random or recommended): everyone is told theirs, not only the first.
  const dealt =
    announcement.kind === 'started' && now.game.seats.every((seat) => seat.faction)
      ? now.game.seats.map((seat) =>
          t(locale, 'game.factionPicked', {
            player: mention(seat.userId),
            faction: factionName(locale, seat.faction!),
          }),
        )
      : [];
  const posts: ChannelPost[] = [
    {
      content: [...own.lines, ...dealt, ...standing(locale, now)].join('\n'),
      ...(board
        ? {
            images: {
              highlight: own.highlight ?? [],
              map: over || (own.map ?? true),
              cults: over || (own.cults ?? true),
              ...(tiles ? { tiles } : {}),
            },
          }
        : {}),
      decisions: true,
      pings: pingsOf(announcement, earlier, now),
    },
  ];
  if (now.state?.finished) {
    const userOf = (f: string) => now.game.seats.find((s) => s.faction === f)?.userId;
    const final = describeFinal(locale, now.state, userOf);
    if (aiPlayed(now.game, now.moves)) final.push(t(locale, 'ai.notRated'));
    posts.push({ content: final.join('\n'), chart: true, decisions: false, pings: [] });
  }
  return posts;
}
