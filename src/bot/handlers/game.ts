import {
  AttachmentBuilder,
  ChannelType,
  MessageFlags,
  ThreadAutoArchiveDuration,
  type ThreadChannel,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { type FactionId, isFactionId } from '../../engine/index.ts';
import {
  FINAL_SCORING_OPTION,
  STARTING_VP_2017_OPTION,
  SPECIAL_LANDSCAPES_OPTION,
  FIRE_AND_ICE_FACTION_OPTIONS,
  LEECH_PRESETS,
  RULES_PRESETS,
  isLeechPreset,
  leechPresetOf,
} from '../../game/presets.ts';
import type { LeechRule } from '../../game/repo.ts';
import type { FactionMode, SeatOrder, TimeoutAction } from '../../game/settings.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import type { Caller, GameView } from '../../game/service.ts';
import { callerOf, gameLocale, replyLocale } from '../caller.ts';
import { channelAccessProblem } from '../channel-access.ts';
import { factionBoardImages, gameImages } from '../images.ts';
import { factionName, mention } from '../present/names.ts';
import { describeGameError, plainEcho } from '../present/errors.ts';
import { describeStatus } from '../present/status.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { helpCommands, tmCommand } from '../present/help.ts';
import { fitText } from '../text.ts';
import { myGames, sortedGames } from '../my-games.ts';
import { waitsFor, yourPart, yourTurn } from '../your-turn.ts';
import { answer, channelGame, confirmStored, requireCaller, unwrap, type BotDeps } from './shared.ts';
import { listedMoves } from './undo.ts';
import { askToConfirm } from './confirm.ts';
import { autocompleteLevel, chosenLevel, isLevelOption, lobbyBot, replaceWithAi } from './ai-seats.ts';
import { aiFactions, aiSeatLabel } from '../present/ai.ts';
import { TM_OPTION, TM_SUB, mapIdOf } from '../commands/tm.ts';
import { fetchRecord, RECORD_FETCH_MS, RECORD_MAX_BYTES } from '../records/fetch-record.ts';
import { DEFAULT_RECORD_READER, RecordReader } from '../records/reader.ts';
import { boardAtRow } from './records.ts';

/** `/tm turn` names one of the caller's games: by its channel, those waiting for them first. */
async function autocompleteGame(deps: BotDeps, interaction: AutocompleteInteraction): Promise<void> {
  const locale = replyLocale(interaction);
  const userId = interaction.user.id;
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const games = sortedGames(userId, await deps.service.gamesOf(userId));
  const choices = games.map((g) => {
    const game = 'state' in g ? g.game : g;
    const channel = deps.client.channels.cache.get(game.channelId);
    const where = channel && 'name' in channel && channel.name ? `#${channel.name}` : game.channelId;
    const mine = ('state' in g ? g.game.seats : [])
      .filter((s) => s.userId === userId && s.faction)
      .map((s) => factionName(locale, s.faction!));
    const turn = 'state' in g && waitsFor(g, userId) ? ` · ${t(locale, 'myGames.show')}` : '';
    return { name: fitText(`${where}${mine.length ? ` · ${mine.join(', ')}` : ''}${turn}`, 100), value: game.id };
  });
  await interaction.respond(choices.filter((c) => c.name.toLowerCase().includes(typed)).slice(0, 25));
}

/** `/tm board` and `/tm replace` name a faction: offer the game's; `/tm turn` one of the caller's games. */
export async function autocompleteGameCommand(deps: BotDeps, interaction: AutocompleteInteraction): Promise<void> {
  if (interaction.options.getFocused(true).name === TM_OPTION.game) return autocompleteGame(deps, interaction);
  if (isLevelOption(interaction.options.getFocused(true).name)) return autocompleteLevel(interaction);
  const caller = callerOf(interaction);
  const found = caller ? await deps.service.findGameInChannel(caller) : null;
  const view = found?.ok ? found.value : null;
  const locale = replyLocale(interaction);
  const typed = String(interaction.options.getFocused()).toLowerCase();
  const factions = (view?.state?.factionOrder ?? []).map((f) => ({ name: factionName(locale, f), value: f }));
  await interaction.respond(
    factions.filter((c) => c.name.toLowerCase().includes(typed) || c.value.includes(typed)).slice(0, 25),
  );
}

/** Records are read on threads of their own, shared by every channel of the process. */
const records = new RecordReader();

/**
 * `/tm import`: a snellman record continues in this channel. The file is fetched with a size cap and a
 * time limit, and read (parsed and replayed twice) on a thread of its own, so no upload holds up the
 * other servers.
 */
async function importRecord(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  locale: BotLocale,
): Promise<void> {
  const file = interaction.options.getAttachment(TM_OPTION.file, true);
  const fetched = await fetchRecord(file.url, file.size);
  if (!fetched.ok) {
    const refusal =
      fetched.problem === 'tooLarge'
        ? t(locale, 'import.tooLarge', { max: RECORD_MAX_BYTES / 1024 })
        : fetched.problem === 'timedOut'
          ? t(locale, 'import.timedOut', { seconds: RECORD_FETCH_MS / 1000 })
          : t(locale, 'gameError.import_failed', { line: 0, message: plainEcho(file.name) });
    return answer(interaction, refusal);
  }
  const reading = await (deps.records ?? records).read(fetched.text);
  if (reading.kind === 'busy') return answer(interaction, t(locale, 'import.busy'));
  if (reading.kind === 'tooSlow')
    return answer(interaction, t(locale, 'import.tooSlow', { seconds: DEFAULT_RECORD_READER.timeoutMs / 1000 }));
  const prepared = await unwrap(interaction, reading.result);
  if (!prepared) return;
  // The players, mentioned in the record's faction order, take over the factions.
  const users = [...interaction.options.getString(TM_OPTION.roster, true).matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  const players = Object.fromEntries(prepared.named.flatMap((f, i) => (users[i] ? [[f, users[i]]] : [])));
  // A record cut while factions are chosen: the players mentioned after them take the seats still to pick.
  const unpicked = users.slice(prepared.named.length);
  const game = await unwrap(
    interaction,
    await deps.service.importPrepared(caller, prepared, { players, unpicked, language: locale }, deps.now()),
  );
  if (!game) return;
  const finished = prepared.state.finished;
  await confirmStored(
    deps,
    interaction,
    game.id,
    t(locale, finished ? 'game.importedFinished' : 'game.imported', { round: prepared.state.round }),
  );
}

/** The name of a seat's automatic power rules: one of the presets, or the player's own. */
function powerSetting(locale: BotLocale, rules: readonly LeechRule[]): string {
  const preset = leechPresetOf(rules);
  return preset ? t(locale, `opt.leech.${preset}`) : t(locale, 'settings.customPower');
}

/** `/tm settings`: the caller's own settings; only a player of the game has any. */
async function settings(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  gameId: string,
  locale: BotLocale,
  digestSaved: boolean,
): Promise<void> {
  const chosen = interaction.options.getString(TM_OPTION.autoPower);
  const preset = chosen !== null && isLeechPreset(chosen) ? chosen : null;
  const reminders = interaction.options.getString(TM_OPTION.reminders);
  // Checked before anything else, so a stranger is refused even without options.
  if (!(await unwrap(interaction, await deps.service.playerSettings(caller, gameId)))) return;
  if (
    preset &&
    !(await unwrap(interaction, await deps.service.setLeechRules(caller, gameId, [...LEECH_PRESETS[preset]])))
  )
    return;
  if (reminders && !(await unwrap(interaction, await deps.service.setReminders(caller, gameId, reminders === 'on'))))
    return;
  const now = await unwrap(interaction, await deps.service.playerSettings(caller, gameId));
  if (!now) return;
  const current = [
    t(locale, 'settings.current', {
      power: powerSetting(locale, now.leechRules),
      reminders: t(locale, now.reminders ? 'opt.reminders.on' : 'opt.reminders.off'),
    }),
    await digestLine(deps, caller.userId, locale),
  ].join('\n');
  const content = preset || reminders || digestSaved ? `${t(locale, 'reply.settingsSaved')}\n${current}` : current;
  // New rules may have answered open offers: the channel hears of it before the player's answer.
  if (preset) await confirmStored(deps, interaction, gameId, content);
  else await answer(interaction, content);
}

async function digestLine(deps: BotDeps, userId: string, locale: BotLocale): Promise<string> {
  const on = await deps.service.digestWanted(userId);
  return t(locale, 'settings.digest', { digest: t(locale, on ? 'opt.digest.on' : 'opt.digest.off') });
}

/**
 * `/tm settings`: the daily digest is the player's own, set from anywhere; a game's settings (automatic
 * power, reminders) in its channel, by its players only.
 */
async function settingsAnywhere(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller | null,
  locale: BotLocale,
): Promise<void> {
  const userId = interaction.user.id;
  const digest = interaction.options.getString(TM_OPTION.digest);
  if (digest !== null) {
    await deps.service.setDigest(userId, digest === 'on');
    deps.announcer.digestChanged(userId, digest === 'on');
  }
  const found = caller ? await deps.service.findGameInChannel(caller) : null;
  const view = found?.ok ? found.value : null;
  if (caller && view && (digest === null || view.game.seats.some((s) => s.userId === userId)))
    return settings(deps, interaction, caller, view.game.id, locale, digest !== null);
  const line = await digestLine(deps, userId, locale);
  await answer(
    interaction,
    digest !== null
      ? `${t(locale, 'reply.settingsSaved')}\n${line}`
      : `${line}\n${t(locale, 'settings.inGameChannel')}`,
  );
}

/**
 * A new game's own thread, opened in the channel before the game is stored (the game records it once, at
 * creation): public, so everyone who reads the channel can follow the game. Undefined once the player was
 * told why there is none (a thread inside a thread).
 */
async function openThread(
  interaction: ChatInputCommandInteraction,
  locale: BotLocale,
): Promise<ThreadChannel | undefined> {
  const channel = interaction.channel;
  if (channel?.type !== ChannelType.GuildText) {
    await answer(interaction, t(locale, 'error.threadInThread'));
    return undefined;
  }
  return channel.threads.create({
    name: t(gameLocale(interaction.options.getString(TM_OPTION.language) ?? locale), 'thread.name'),
    type: ChannelType.PublicThread,
    autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
  });
}

/**
 * `/tm turn`: the caller's turn, privately, with their buttons: in the game named, else the channel's game
 * if they play it, else the game that has waited for them longest. From any channel, server or a DM.
 */
async function showTurn(deps: BotDeps, interaction: ChatInputCommandInteraction, locale: BotLocale): Promise<void> {
  const userId = interaction.user.id;
  const chosen = interaction.options.getString(TM_OPTION.game);
  let view: GameView | undefined;
  if (chosen) {
    const found = await unwrap(interaction, await deps.service.playerGame(userId, chosen));
    if (!found) return;
    view = found.view;
  } else {
    const here = callerOf(interaction);
    const found = here ? await deps.service.findGameInChannel(here) : null;
    if (found?.ok && found.value?.game.seats.some((s) => s.userId === userId)) view = found.value;
    else {
      const games = await deps.service.gamesOf(userId);
      view = sortedGames(userId, games).find((g): g is GameView => 'state' in g && waitsFor(g, userId));
      if (!view) {
        const list = myGames(locale, userId, games, deps.now());
        return answer(interaction, `${t(locale, 'turn.nothingWaits')}\n\n${list.content}`, {
          components: list.components,
        });
      }
    }
  }
  void deps.announcer.deliver(view.game.id, view);
  const mine = yourTurn(locale, view, userId, deps.now());
  await answer(interaction, mine.content, { components: mine.components });
}

/** A player's name as Discord shows it, for the pictures; none when Discord cannot say. */
async function displayName(deps: BotDeps, userId: string): Promise<string | undefined> {
  try {
    return (await deps.client.users.fetch(userId)).displayName;
  } catch {
    return undefined;
  }
}

/** `/tm <subcommand>`: the game's life cycle and what players look up. */
export async function executeGameCommand(deps: BotDeps, interaction: ChatInputCommandInteraction): Promise<void> {
  const sub = interaction.options.getSubcommand();
  const locale = replyLocale(interaction);
  if (sub === TM_SUB.help) {
    await interaction.reply({
      content: [
        `**${t(locale, 'help.title')}**`,
        t(locale, 'help.intro'),
        t(locale, 'help.gettingStarted'),
        helpCommands(locale).join('\n'),
        t(locale, 'help.notation'),
        t(locale, 'help.language'),
      ].join('\n\n'),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  // A player's own turn and games are theirs wherever they ask: any channel, any server, a direct message.
  if (sub === TM_SUB.turn || sub === TM_SUB.mygames) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    if (sub === TM_SUB.turn) return showTurn(deps, interaction, locale);
    const list = myGames(locale, interaction.user.id, await deps.service.gamesOf(interaction.user.id), deps.now());
    return answer(interaction, list.content, { components: list.components });
  }
  // The daily digest is the player's own, set from a direct message too.
  if (sub === TM_SUB.settings && !interaction.inGuild()) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    return settingsAnywhere(deps, interaction, null, locale);
  }
  const caller = await requireCaller(interaction);
  if (!caller) return;
  // Everything below may draw images or touch the database: acknowledge within Discord's 3 seconds.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const row = sub === TM_SUB.board ? interaction.options.getInteger(TM_OPTION.row) : null;
  if (row !== null) return boardAtRow(deps, interaction, caller, locale, row);

  const withThread = sub === TM_SUB.create && interaction.options.getBoolean(TM_OPTION.thread) === true;
  if (sub === TM_SUB.create || sub === TM_SUB.import) {
    // A game in a channel the bot cannot post in could never be played: refuse before creating it.
    const problem = await channelAccessProblem(deps.client, interaction, locale, withThread);
    if (problem) return answer(interaction, problem);
  }
  if (sub === TM_SUB.create) {
    const thread = withThread ? await openThread(interaction, locale) : null;
    if (thread === undefined) return;
    const result = await deps.service.createGame(
      caller,
      {
        maxPlayers: interaction.options.getInteger(TM_OPTION.players) ?? 5,
        options: [
          ...RULES_PRESETS[interaction.options.getString(TM_OPTION.rules) === 'base' ? 'base' : 'standard'],
          ...(interaction.options.getString(TM_OPTION.finalScoring) === 'fire-and-ice' ? [FINAL_SCORING_OPTION] : []),
          ...(interaction.options.getString(TM_OPTION.startingVp) === '2017' ? [STARTING_VP_2017_OPTION] : []),
          ...(interaction.options.getString(TM_OPTION.expansion) === 'fire-and-ice'
            ? FIRE_AND_ICE_FACTION_OPTIONS
            : []),
          ...(interaction.options.getString(TM_OPTION.landscapes) === 'on' ? [SPECIAL_LANDSCAPES_OPTION] : []),
        ],
        ...(interaction.options.getString(TM_OPTION.map)
          ? { map: mapIdOf(interaction.options.getString(TM_OPTION.map))! }
          : {}),
        factionMode: (interaction.options.getString(TM_OPTION.factions) ?? 'turn-order') as FactionMode,
        seatOrder: (interaction.options.getString(TM_OPTION.seating) ?? 'random') as SeatOrder,
        moveTimerHours: interaction.options.getInteger(TM_OPTION.timer),
        language: interaction.options.getString(TM_OPTION.language) ?? locale,
        ...(interaction.options.getString(TM_OPTION.tiles)
          ? { tilesText: interaction.options.getString(TM_OPTION.tiles)! }
          : {}),
        ...(thread ? { threadId: thread.id } : {}),
        ...(interaction.options.getInteger(TM_OPTION.ai)
          ? {
              aiSeats: {
                count: interaction.options.getInteger(TM_OPTION.ai)!,
                level: chosenLevel(interaction, TM_OPTION.aiLevel),
              },
            }
          : {}),
      },
      deps.now(),
    );
    // A game refused leaves no empty thread behind.
    if (!result.ok && thread) await thread.delete().catch(() => undefined);
    const created = await unwrap(interaction, result);
    // The creator is the game admin: they start it, nobody else.
    const admin = t(locale, 'reply.created', { join: tmCommand(locale, 'join'), start: tmCommand(locale, 'start') });
    if (created) await confirmStored(deps, interaction, created.id, admin);
    return;
  }
  if (sub === TM_SUB.import) return importRecord(deps, interaction, caller, locale);
  if (sub === TM_SUB.abandon) {
    // Asked first when the game reads; a game whose stored data no longer reads is ended from its record
    // alone, at once: there is nothing left to lose.
    const found = await deps.service.findGameInChannel(caller);
    if (found.ok && found.value) {
      const { game } = found.value;
      if (!deps.service.mayAdminister(caller, game)) return answer(interaction, t(locale, 'gameError.admin_only'));
      return askToConfirm(interaction, game.id, game.version, 'abandon');
    }
    const abandoned = await deps.service.abandonChannelGame(caller);
    if (!abandoned.ok) return answer(interaction, describeGameError(locale, abandoned.error));
    if (!abandoned.value) return answer(interaction, t(locale, 'error.noGameInChannel'));
    const text = t(locale, 'game.abandoned', { player: mention(caller.userId) });
    await confirmStored(deps, interaction, abandoned.value.id, text);
    return;
  }

  if (sub === TM_SUB.settings) return settingsAnywhere(deps, interaction, caller, locale);
  const view = await channelGame(deps, interaction, caller);
  if (!view) return;
  const gameId = view.game.id;

  switch (sub) {
    case TM_SUB.join: {
      if (await unwrap(interaction, await deps.service.join(caller, gameId)))
        await confirmStored(deps, interaction, gameId, t(locale, 'reply.joinedPrivately'));
      return;
    }
    case TM_SUB.leave: {
      if (await unwrap(interaction, await deps.service.leave(caller, gameId)))
        await confirmStored(deps, interaction, gameId, t(locale, 'game.left', { player: mention(caller.userId) }));
      return;
    }
    case TM_SUB.start: {
      const started = await unwrap(interaction, await deps.service.start(caller, gameId, deps.now()));
      if (started) {
        const order = started.seats.map((s) => mention(s.userId)).join(' → ');
        await confirmStored(deps, interaction, gameId, t(locale, 'game.started', { order }));
      }
      return;
    }
    case TM_SUB.status: {
      const status = describeStatus(locale, view);
      const files =
        view.state && view.state.round > 0
          ? await gameImages(view.state, locale, { round: true, ai: aiFactions(view) })
          : [];
      // A player the game waits for gets their own buttons with it: whatever the channel shows, their turn is here.
      const mine = waitsFor(view, caller.userId) ? yourTurn(locale, view, caller.userId, deps.now()) : null;
      const lines = [
        `**${status.title}**`,
        ...status.lines,
        ...(mine ? ['', ...yourPart(locale, view, caller.userId)] : []),
      ];
      await answer(interaction, fitText(lines.join('\n'), MESSAGE_LIMITS.content), {
        files,
        ...(mine ? { components: mine.components } : {}),
      });
      return;
    }
    case TM_SUB.map:
    case TM_SUB.cults: {
      if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
      const files = await gameImages(
        view.state,
        locale,
        sub === TM_SUB.map ? { map: { highlight: [] }, ai: aiFactions(view) } : { cults: true, ai: aiFactions(view) },
      );
      await answer(interaction, '', { files });
      return;
    }
    case TM_SUB.board: {
      if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
      const f = interaction.options.getString(TM_OPTION.faction);
      if (f && !(isFactionId(f) && view.state.factions[f]))
        return answer(
          interaction,
          t(locale, 'reply.noSuchFaction', { faction: isFactionId(f) ? factionName(locale, f) : plainEcho(f) }),
        );
      // While factions are picked there are no boards yet: the map and the tiles are what there is to see.
      if (Object.keys(view.state.factions).length === 0) {
        const files = await gameImages(view.state, locale, {
          map: { highlight: [] },
          round: true,
          ai: aiFactions(view),
        });
        return answer(interaction, '', { files });
      }
      // One picture per faction, each with its player's name: they read on a phone.
      const factions = f ? [f as FactionId] : view.state.factionOrder;
      const boards = await Promise.all(
        factions.map(async (faction) => {
          const seat = view.game.seats.find((s) => s.faction === faction);
          if (seat?.ai) return { faction, player: aiSeatLabel(locale, seat.userId, seat.ai.level) };
          return { faction, player: seat ? await displayName(deps, seat.userId) : undefined };
        }),
      );
      await answer(interaction, '', { files: await factionBoardImages(view.state, locale, boards, aiFactions(view)) });
      return;
    }
    case TM_SUB.log: {
      const count = interaction.options.getInteger(TM_OPTION.count) ?? 10;
      const seatFaction = (seat: number | null) => view.game.seats.find((s) => s.position === seat)?.faction;
      // Newest last, and what does not fit goes from the oldest end: the newest moves are the point.
      const lines: string[] = [];
      let length = 0;
      for (const m of view.moves.slice(-count).reverse()) {
        const who = seatFaction(m.seat);
        const line = `${m.seq}. ${who ? factionName(locale, who) : '—'}: \`${m.text}\``;
        if (length + line.length + 1 > MESSAGE_LIMITS.content) break;
        lines.unshift(line);
        length += line.length + 1;
      }
      await answer(interaction, lines.length ? lines.join('\n') : t(locale, 'reply.nothingToShow'));
      return;
    }
    case TM_SUB.export: {
      const text = await unwrap(interaction, await deps.service.exportMoveList(caller, gameId));
      if (text === null) return;
      await answer(interaction, '', {
        files: [new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: `tm-${gameId}.txt` })],
      });
      return;
    }
    case TM_SUB.undo: {
      // The game admin's undo goes at once and may take others' moves: they first see what it removes.
      const plan = await unwrap(interaction, await deps.service.planUndo(caller, view));
      if (!plan) return;
      const others = plan.removes.length > 1 || plan.removes.some((m) => m.userId !== caller.userId);
      if (plan.mode === 'admin' && others)
        return askToConfirm(interaction, gameId, view.game.version, 'undo', {
          lines: listedMoves(locale, view, plan.keepThroughSeq),
          args: [String(plan.keepThroughSeq)],
        });
      const outcome = await unwrap(interaction, await deps.service.undo(caller, view, view.game.version));
      if (!outcome) return;
      if (outcome.kind === 'undone') {
        const count = outcome.undo.toSeq - outcome.undo.fromSeq + 1;
        await confirmStored(
          deps,
          interaction,
          gameId,
          t(locale, 'game.undone', { player: mention(caller.userId), count }),
          outcome.view,
        );
      } else {
        // The request is a stored change: the channel gets it with the buttons to answer it.
        await confirmStored(deps, interaction, gameId, t(locale, 'undo.posted'));
      }
      return;
    }
    case TM_SUB.resign:
      return askToConfirm(interaction, gameId, view.game.version, 'resign');
    case TM_SUB.addbot:
    case TM_SUB.removebot:
      return lobbyBot(deps, interaction, caller, view, locale);
    case TM_SUB.replace: {
      if (await replaceWithAi(deps, interaction, caller, view, locale)) return;
      const f = interaction.options.getString(TM_OPTION.faction, true);
      const user = interaction.options.getUser(TM_OPTION.user, true);
      const seat = view.game.seats.find((s) => s.faction === f);
      if (!seat) return answer(interaction, t(locale, 'gameError.seat_not_found', { position: f }));
      const comeback = isFactionId(f) && view.state?.factions[f]?.dropped === true;
      const replaced = await deps.service.replacePlayer(caller, gameId, view.game.version, seat.position, user.id);
      if (!(await unwrap(interaction, replaced))) return;
      const text = t(locale, comeback ? 'game.replacedBack' : 'game.replaced', {
        player: mention(user.id),
        faction: factionName(locale, f),
        previous: mention(seat.userId),
      });
      await confirmStored(deps, interaction, gameId, text);
      return;
    }
    case TM_SUB.timer: {
      const hours = interaction.options.getInteger(TM_OPTION.hours, true);
      const onTimeout = interaction.options.getString(TM_OPTION.onTimeout) as TimeoutAction | null;
      const set = await deps.service.setMoveTimer(caller, gameId, hours === 0 ? null : hours, onTimeout ?? undefined);
      if (await unwrap(interaction, set)) await confirmStored(deps, interaction, gameId, t(locale, 'reply.timerSaved'));
      return;
    }
    default:
      await answer(interaction, t(locale, 'error.unknownCommand'));
  }
}
