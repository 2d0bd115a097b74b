import {
  SCORING_TILES,
  isBonusTile,
  isFavorTile,
  isFinalScoringTile,
  type FactionId,
  type GameState,
} from '../../engine/index.ts';
import { SPECIAL_LANDSCAPES_OPTION } from '../../game/presets.ts';
import type { GameView } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { factionName, mention } from './names.ts';
import { auctionStanding } from './auction.ts';
import { seatName } from './ai.ts';
import { describeFinalScoring, finalScoringName, scoredThing } from './tiles.ts';

/** The pinned status: round, turn order, who we wait for, who passed, the scores. */
export function describeStatus(locale: BotLocale, view: GameView): { title: string; lines: string[] } {
  const state = view.state;
  const seatOf = (f: FactionId) => view.game.seats.find((s) => s.faction === f);
  const who = (f: FactionId) => {
    const seat = seatOf(f);
    return `${factionName(locale, f)}${seat ? ` (${seatName(locale, seat)})` : ''}`;
  };
  if (!state || state.phase === 'select-factions' || state.round === 0) {
    const lines = [
      t(locale, 'common.players', { count: view.game.seats.length }) +
        ': ' +
        view.game.seats.map((s) => seatName(locale, s)).join(', '),
    ];
    if (view.waitingFor.length)
      lines.push(t(locale, 'status.waiting', { names: view.waitingFor.map((w) => who(w.faction)).join(', ') }));
    else if (view.factionPick) lines.push(t(locale, 'game.pickFaction', { player: mention(view.factionPick.userId) }));
    else if (view.auction) lines.push(...auctionStanding(locale, view.auction));
    lines.push(...describeGameRules(locale, state));
    return { title: t(locale, 'status.setup'), lines };
  }
  const title = state.finished ? t(locale, 'status.finished') : t(locale, 'status.title', { round: state.round });
  const lines: string[] = [];
  lines.push(t(locale, 'status.order', { order: turnOrder(state).map(who).join(' → ') }));
  const passed = turnOrder(state).filter((f) => state.factions[f]!.passed);
  if (passed.length && !state.finished)
    lines.push(t(locale, 'status.passed', { names: passed.map((f) => factionName(locale, f)).join(', ') }));
  if (view.waitingFor.length)
    lines.push(t(locale, 'status.waiting', { names: view.waitingFor.map((w) => who(w.faction)).join(', ') }));
  const scores = [...state.factionOrder].sort((a, b) => state.factions[b]!.VP - state.factions[a]!.VP);
  lines.push(
    t(locale, 'status.scores', {
      scores: scores.map((f) => `${factionName(locale, f)} ${state.factions[f]!.VP}`).join(' · '),
    }),
  );
  if (!state.finished) lines.push(...describeGameRules(locale, state));
  return { title, lines };
}

/** The current round's order: by turn position, the active faction's round order; a resigned faction has none. */
function turnOrder(state: GameState): FactionId[] {
  return state.factionOrder
    .filter((f) => !state.factions[f]!.dropped)
    .sort((a, b) => state.factions[a]!.order - state.factions[b]!.order);
}

/** "Witches 34 VP: start +20, SCORE3 +6, …": each faction's VP so far by source, best first. */
export function describeStandings(locale: BotLocale, state: GameState, round: number): string[] {
  const ranking = [...state.factionOrder].sort((a, b) => state.factions[b]!.VP - state.factions[a]!.VP);
  return [
    t(locale, 'turn.standingsTitle', { round }),
    ...ranking.map((f) => {
      const fs = state.factions[f]!;
      const sources = Object.entries(fs.vpSources)
        .filter(([, v]) => v !== 0)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${sourceName(locale, state, k, round)} ${v > 0 ? '+' : ''}${v}`);
      return t(locale, 'turn.standingsLine', {
        faction: factionName(locale, f),
        vp: fs.VP,
        sources: sources.join(', '),
      });
    }),
  ];
}

/** Final results: ranking with the VP sources that made the difference. */
export function describeFinal(
  locale: BotLocale,
  state: GameState,
  userOf: (f: FactionId) => string | undefined,
): string[] {
  const ranking = [...state.factionOrder].sort((a, b) => state.factions[b]!.VP - state.factions[a]!.VP);
  const lines = [`**${t(locale, 'final.title')}**`];
  ranking.forEach((f) => {
    const fs = state.factions[f]!;
    const u = userOf(f);
    lines.push(
      t(locale, 'final.line', {
        // Equal VP share a place, as the rules have it: 1, 2, 2, 4.
        rank: 1 + ranking.filter((o) => state.factions[o]!.VP > fs.VP).length,
        faction: factionName(locale, f),
        player: u ? mention(u) : '—',
        vp: fs.VP,
      }),
    );
    const sources = Object.entries(fs.vpSources)
      .filter(([, v]) => v !== 0)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${sourceName(locale, state, k)} ${v > 0 ? '+' : ''}${v}`);
    lines.push(`   ${t(locale, 'final.breakdown', { sources: sources.join(', ') })}`);
  });
  return lines;
}

const CULT_SOURCES: Readonly<Record<string, `term.cult.${'fire' | 'water' | 'earth' | 'air'}`>> = {
  FIRE: 'term.cult.fire',
  WATER: 'term.cult.water',
  EARTH: 'term.cult.earth',
  AIR: 'term.cult.air',
};

const KNOWN_SOURCES = [
  'initial',
  'auction',
  'network',
  'resources',
  'leech',
  'convert',
  'faction',
  'advance_ship',
  'advance_dig',
  'advance_teleport',
  'landscape',
] as const;

const BUILDINGS = ['D', 'TP', 'TE', 'SH', 'SA'] as const;

/** A source no catalogue names is shown as the engine files it rather than dropped. */
function sourceName(locale: BotLocale, state: GameState, source: string, throughRound?: number): string {
  return vpSourceWords(locale, state, source, throughRound) ?? source;
}

/**
 * A VP source in words, with the tile id the menus and images show beside it. The engine names sources
 * in snellman's terms: a round scoring tile by its rule text ("D >> 2", which no menu shows: named here by
 * the game's tile id(s) with that rule, as the round headers and the round image name them), a
 * final-scoring tile by its key ("building-on-edge"). Two tiles share a rule (SCORE6 and SCORE8: 3 VP per
 * trading house): only those of the rounds through `throughRound` (default: the game's round) can have
 * paid, so only those are named.
 * Nothing for a source no catalogue names (test/bot/vp-sources.test.ts plays games to find those).
 */
export function vpSourceWords(
  locale: BotLocale,
  state: GameState,
  source: string,
  throughRound: number = state.round,
): string | undefined {
  if ((KNOWN_SOURCES as readonly string[]).includes(source))
    return t(locale, `vp.source.${source as (typeof KNOWN_SOURCES)[number]}`);
  const cult = CULT_SOURCES[source];
  if (cult) return t(locale, cult);
  const played = state.scoreTiles.slice(0, Math.max(1, throughRound));
  const tiles = played.filter((id) => SCORING_TILES[id].display === source);
  if (tiles.length)
    return t(locale, 'vp.source.roundScoring', {
      id: tiles.join('/'),
      what: scoredThing(locale, SCORING_TILES[tiles[0]!]),
    });
  if (isFinalScoringTile(source)) return finalScoringName(locale, source);
  if (isBonusTile(source)) return t(locale, 'vp.source.bonus', { id: source });
  if (isFavorTile(source)) return t(locale, 'vp.source.favor', { id: source });
  // The engine files every town tile's VP under one source.
  if (source === 'TW') return t(locale, 'vp.source.towns');
  // A building whose place on the faction board pays VP when it is built (the Cultists' stronghold).
  const built = BUILDINGS.find((b) => source === `advance_${b}`);
  if (built) return t(locale, 'vp.source.built', { building: t(locale, `prompt.building.${built}`) });
  // Pass VP that need the stronghold (the Engineers' bridges, the Ice Maidens' temples) are filed under it.
  if (source === 'SH') return t(locale, 'vp.source.strongholdAbility');
  return undefined;
}

/**
 * What the game adds to the rules everyone knows, in words: the Fire & Ice final-scoring tiles and the
 * special landscapes (nothing in most games).
 */
export function describeGameRules(locale: BotLocale, state: GameState | null): string[] {
  const lines = (state?.finalScoring ?? []).map((id) => describeFinalScoring(locale, id));
  if (state?.options.includes(SPECIAL_LANDSCAPES_OPTION)) lines.push(t(locale, 'game.landscapes'));
  return lines;
}
