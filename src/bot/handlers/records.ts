/**
 * What finished games leave behind: `/rating`, `/leaderboard`, `/history` (any finished game opened at its
 * end and stepped through row by row), `/stats`, and `/tm board row:N`. Answers are private.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  StringSelectMenuBuilder,
  type AnySelectMenuInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
} from 'discord.js';
import type { Caller, GameResult, GameView } from '../../game/service.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import { gamesCsv, gamesJson } from '../../league/export.ts';
import { statsOf } from '../../league/stats.ts';
import { callerOf, replyLocale } from '../caller.ts';
import { RECORDS, RECORDS_OPTION, recordsDefinitions, type RecordsCommand } from '../commands/records.ts';
import type { ServerContext, SingleCommand } from '../commands/module.ts';
import { mapIdOf } from '../commands/tm.ts';
import { formatCustomId, type CustomId } from '../custom-id.ts';
import { gameImages, statsImage } from '../images.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import {
  describeLeaderboard,
  describeLeagueError,
  describeRating,
  historyLine,
  mapName,
  when,
} from '../present/league.ts';
import { factionName, mention } from '../present/names.ts';
import { describeFinal } from '../present/status.ts';
import { statsPicture, statsText } from '../present/stats.ts';
import { fitText } from '../text.ts';
import { answer, type BotDeps } from './shared.ts';

/** Finished games listed by `/history`, newest first, and the most its file holds. */
const HISTORY_LENGTH = 10;
const HISTORY_FILE_LENGTH = 1000;

/** A name to draw in a picture: Discord's display name, or the start of the id when it cannot be read. */
export async function displayNames(client: Client, userIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    [...new Set(userIds)].map(async (id) => {
      const user = await client.users.fetch(id).catch(() => null);
      names.set(id, user ? (user.globalName ?? user.username) : `#${id.slice(-4)}`);
    }),
  );
  return names;
}

const definitions = recordsDefinitions();

/** What a server's finished games say: read from every result of the server, and drawn (acknowledged at once). */
type RecordsModule = SingleCommand & { readonly where: 'server' };
const records = (name: RecordsCommand, run: RecordsModule['run']): RecordsModule => ({
  definition: definitions[name],
  where: 'server',
  acknowledge: 'now',
  run,
});

/** The server's ratings: a player's, or the leaderboard (of a faction or a map). */
async function ratings({ deps, interaction, caller, locale }: ServerContext, leaderboard: boolean): Promise<void> {
  const rated = await deps.league.ratings(caller.guildId);
  if (!rated.ok) return answer(interaction, describeLeagueError(locale, rated.error));
  const { scope, ratings } = rated.value;
  const player = interaction.options.getUser(RECORDS_OPTION.player);
  const content = leaderboard
    ? describeLeaderboard(locale, scope, ratings, {
        faction: interaction.options.getString(RECORDS_OPTION.faction),
        map: mapIdOf(interaction.options.getString(RECORDS_OPTION.map)),
      })
    : describeRating(locale, scope, ratings, player?.id ?? caller.userId);
  return answer(interaction, content);
}

/** `/rating`: a player's rating (the caller's by default). */
export const RATING_COMMAND = records(RECORDS.rating, (context) => ratings(context, false));

/** `/leaderboard`: the server's ratings, best first. */
export const LEADERBOARD_COMMAND = records(RECORDS.leaderboard, (context) => ratings(context, true));

/** `/history`: the finished games of the channel, the server or a player, with a menu to open one. */
export const HISTORY_COMMAND = records(RECORDS.history, async ({ deps, interaction, caller, locale }) => {
  const player = interaction.options.getUser(RECORDS_OPTION.player);
  const server = interaction.options.getString(RECORDS_OPTION.scope) === 'server';
  const filter = player ? { userId: player.id } : server ? {} : { channelId: caller.channelId };
  const found = await deps.league.history(caller.guildId, { ...filter, limit: HISTORY_LENGTH });
  if (!found.ok) return answer(interaction, describeLeagueError(locale, found.error));
  const title = player
    ? t(locale, 'history.title.player', { player: mention(player.id) })
    : t(locale, server ? 'history.title.server' : 'history.title.channel');
  const format = interaction.options.getString(RECORDS_OPTION.file);
  const all = format ? await deps.league.history(caller.guildId, { ...filter, limit: HISTORY_FILE_LENGTH }) : null;
  const files =
    all?.ok && all.value.length
      ? [
          new AttachmentBuilder(Buffer.from(format === 'json' ? gamesJson(all.value) : gamesCsv(all.value)), {
            name: `games.${format === 'json' ? 'json' : 'csv'}`,
          }),
        ]
      : [];
  return answer(interaction, historyList(locale, title, found.value), {
    components: historyMenu(locale, found.value),
    files,
  });
});

/** `/stats`: the server's (or a player's) statistics, as a picture. */
export const STATS_COMMAND = records(RECORDS.stats, async ({ deps, interaction, caller, locale }) => {
  const player = interaction.options.getUser(RECORDS_OPTION.player);
  const results = await deps.league.results(caller.guildId);
  if (!results.ok) return answer(interaction, describeLeagueError(locale, results.error));
  const stats = statsOf(results.value, player?.id ?? null);
  if (!stats.overall) return answer(interaction, t(locale, 'stats.none'));
  const names = await displayNames(deps.client, [
    ...stats.active.map((p) => p.userId),
    ...stats.best.map((b) => b.userId),
  ]);
  const picture = statsPicture(
    locale,
    stats,
    player ? (player.globalName ?? player.username) : null,
    (id) => names.get(id) ?? id,
  );
  const text = statsText(locale, stats, player ? mention(player.id) : null);
  await answer(interaction, text, { files: [await statsImage(picture)] });
});

function historyList(locale: BotLocale, title: string, results: readonly GameResult[]): string {
  if (results.length === 0) return `${title}\n${t(locale, 'history.none')}`;
  return [title, ...results.map((r, i) => historyLine(locale, i + 1, r))].join('\n');
}

/** A menu of the listed games: choosing one opens it at its end. */
function historyMenu(locale: BotLocale, results: readonly GameResult[]): ActionRowBuilder<StringSelectMenuBuilder>[] {
  if (results.length === 0) return [];
  const menu = new StringSelectMenuBuilder()
    .setCustomId(formatCustomId({ kind: 'hist', gameId: 'open', version: 0, args: [] }))
    .setPlaceholder(t(locale, 'history.pick'))
    .addOptions(
      results.slice(0, MESSAGE_LIMITS.selectOptions).map((r, i) => ({
        label: fitText(
          `${i + 1}. ${[...r.seats]
            .sort((a, b) => a.rank - b.rank)
            .map((s) => `${factionName(locale, s.faction)} ${s.vp}`)
            .join(', ')}`,
          MESSAGE_LIMITS.selectOptionText,
        ),
        description: fitText(`${mapName(locale, r.map)} · ${r.finishedAt.toISOString().slice(0, 10)}`, 100),
        value: r.gameId,
      })),
    );
  return [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu)];
}

/** The buttons that step through a finished game: to the start, back 10 and 1, on 1 and 10, to the end. */
function rowButtons(gameId: string, row: number, rows: number): ActionRowBuilder<ButtonBuilder>[] {
  const steps: [string, number][] = [
    ['⏮', 0],
    ['−10', row - 10],
    ['−1', row - 1],
    ['+1', row + 1],
    ['+10', row + 10],
    ['⏭', rows],
  ];
  const buttons = steps.map(([label, to], i) =>
    new ButtonBuilder()
      .setCustomId(
        formatCustomId({
          kind: 'hist',
          gameId,
          version: 0,
          args: [String(Math.max(0, Math.min(rows, to))), String(i)],
        }),
      )
      .setLabel(label)
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(to < 0 || to > rows || (i === 0 && row === 0) || (i === steps.length - 1 && row === rows)),
  );
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(0, 5)),
    new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(5)),
  ];
}

/** The game at a row: what that row was (or its final scores at the end), the map and the cult board. */
async function gameAt(
  locale: BotLocale,
  view: GameView,
  row: number,
  state: NonNullable<GameView['state']>,
): Promise<{ content: string; files: Awaited<ReturnType<typeof gameImages>> }> {
  const rows = view.moves.length;
  const lastRow = view.moves[row - 1];
  const seatFaction = (seat: number | null) => view.game.seats.find((s) => s.position === seat)?.faction;
  const who = lastRow ? seatFaction(lastRow.seat) : null;
  const userOf = (f: string) => view.game.seats.find((s) => s.faction === f)?.userId;
  const lines =
    row >= rows
      ? [t(locale, 'history.end', { rows }), ...describeFinal(locale, state, userOf)]
      : row === 0
        ? [t(locale, 'history.start', { rows })]
        : [t(locale, 'history.row', { row, rows, who: who ? factionName(locale, who) : '—', text: lastRow!.text })];
  return { content: lines.join('\n'), files: await gameImages(state, locale, { map: { highlight: [] }, cults: true }) };
}

/** `hist` components: a game chosen from the history menu, or a step through it. */
export async function executeHistoryComponent(
  deps: BotDeps,
  interaction: ButtonInteraction | AnySelectMenuInteraction,
  id: CustomId,
): Promise<void> {
  const locale = replyLocale(interaction);
  const caller = callerOf(interaction);
  if (!caller) return answer(interaction, t(locale, 'error.guildOnly'));
  const chosen = interaction.isStringSelectMenu() ? interaction.values[0] : undefined;
  const gameId = chosen ?? id.gameId;
  await interaction.deferUpdate();
  const found = await deps.service.finishedGame(caller, gameId);
  if (!found.ok)
    return void (await interaction.followUp({
      content: t(locale, 'error.staleComponent'),
      flags: MessageFlags.Ephemeral,
    }));
  const view = found.value;
  const rows = view.moves.length;
  const row = chosen ? rows : Math.max(0, Math.min(rows, Number(id.args[0])));
  const state = deps.service.positionAt(view, row);
  if (!state.ok) return;
  const at = await gameAt(locale, view, row, state.value);
  const heading = t(locale, 'history.game', {
    map: mapName(locale, state.value.map),
    date: when(view.moves.at(-1)?.createdAt ?? view.game.updatedAt, 'f'),
    channel: `<#${view.game.channelId}>`,
  });
  await interaction.editReply({
    content: fitText(`${heading}\n${at.content}`, MESSAGE_LIMITS.content),
    files: at.files,
    attachments: [],
    components: rowButtons(gameId, row, rows),
  });
}

/** `/tm board row:N`: the channel's game (or its last finished one) as it stood after row N. */
export async function boardAtRow(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  locale: BotLocale,
  row: number,
): Promise<void> {
  const live = await deps.service.findGameInChannel(caller);
  let view: GameView | null = live.ok && live.value?.state ? live.value : null;
  if (!view) {
    const last = await deps.league.history(caller.guildId, { channelId: caller.channelId, limit: 1 });
    const gameId = last.ok ? last.value[0]?.gameId : undefined;
    const finished = gameId ? await deps.service.finishedGame(caller, gameId) : null;
    view = finished?.ok ? finished.value : null;
  }
  if (!view) return answer(interaction, t(locale, 'error.noGameInChannel'));
  const state = deps.service.positionAt(view, row);
  if (!state.ok) return answer(interaction, t(locale, 'gameError.no_such_row', { row, rows: view.moves.length }));
  const at = await gameAt(locale, view, row, state.value);
  await answer(interaction, at.content, {
    files: at.files,
    ...(view.game.status === 'finished' ? { components: rowButtons(view.game.id, row, view.moves.length) } : {}),
  });
}
