import {
  AttachmentBuilder,
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from 'discord.js';
import { type FactionId, OPTIONS, isFactionId } from '../../engine/index.ts';
import type { LeechRule } from '../../game/repo.ts';
import { t, type BotLocale } from '../../i18n/index.ts';
import type { Caller } from '../../game/service.ts';
import { parseGameLog } from '../../notation/log.ts';
import { callerOf, replyLocale } from '../caller.ts';
import { postToChannel, updatePinnedStatus } from '../announce.ts';
import { boardImage, boardImages, roundImage } from '../images.ts';
import { factionName, mention } from '../present/names.ts';
import { describeStatus } from '../present/status.ts';
import { describeWaiting } from '../present/turn.ts';
import { answer, channelGame, localeOfGame, refreshed, requireCaller, unwrap, type BotDeps } from './shared.ts';

/** Options of the "standard" rules: what terra.snellman.net's league games use. */
const STANDARD_OPTIONS = OPTIONS.filter((o) => o !== 'email-notify' && o !== 'maintain-player-order');

const LEECH_PRESETS: Record<string, LeechRule[]> = {
  ask: [],
  cheap: [{ kind: 'declineIfNothingGained' }, { kind: 'accept', upTo: 2, maxVpCost: 1 }],
  one: [{ kind: 'declineIfNothingGained' }, { kind: 'accept', upTo: 1, maxVpCost: 0 }],
  'decline-passed': [{ kind: 'declineIfNothingGained' }, { kind: 'declineAfterFinalPass' }],
};

/** "SCORE5 SCORE8 ... -BON3 -BON4": chosen round scoring tiles and the bonus cards left out. */
function tilesOption(text: string | null): { tiles?: { scoreTiles: string[]; removedBonusTiles: string[] } } {
  if (!text) return {};
  const tokens = text
    .toUpperCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  return {
    tiles: {
      scoreTiles: tokens.filter((x) => x.startsWith('SCORE')),
      removedBonusTiles: tokens.filter((x) => x.startsWith('-BON')).map((x) => x.slice(1)),
    },
  };
}

/** `/tm board` and `/tm replace` name a faction: offer the game's. */
export async function autocompleteGameCommand(deps: BotDeps, interaction: AutocompleteInteraction): Promise<void> {
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

/** `/tm import`: a snellman record continues in this channel. */
async function importRecord(
  deps: BotDeps,
  interaction: ChatInputCommandInteraction,
  caller: Caller,
  locale: BotLocale,
): Promise<void> {
  const file = interaction.options.getAttachment('file', true);
  const text = await fetch(file.url)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .catch(() => null);
  if (text === null) {
    await answer(interaction, t(locale, 'gameError.import_failed', { line: 0, message: file.name }));
    return;
  }
  // The players, mentioned in the record's faction order, take over the factions.
  const factions = [...new Set(parseGameLog(text).flatMap((e) => (e.kind === 'row' ? [e.faction] : [])))];
  const users = [...interaction.options.getString('players', true).matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  const players = Object.fromEntries(factions.flatMap((f, i) => (users[i] ? [[f, users[i]]] : [])));
  const game = await unwrap(
    interaction,
    await deps.service.importGame(caller, { text, players, language: locale }, deps.now()),
  );
  if (!game) return;
  const v = await refreshed(deps, caller, game.id);
  if (!v?.state) return;
  const vl = localeOfGame(v);
  await postToChannel(
    deps.client,
    v,
    vl,
    [t(vl, 'game.imported', { round: v.state.round }), describeWaiting(vl, v.state, v.waitingFor)].join('\n'),
    { images: true },
  );
  await answer(interaction, t(locale, 'game.imported', { round: v.state.round }));
}

/** `/tm <subcommand>`: the game's life cycle and what players look up. */
export async function executeGameCommand(deps: BotDeps, interaction: ChatInputCommandInteraction): Promise<void> {
  const sub = interaction.options.getSubcommand();
  const locale = replyLocale(interaction);
  if (sub === 'help') {
    await interaction.reply({
      content: [
        `**${t(locale, 'help.title')}**`,
        t(locale, 'help.intro'),
        t(locale, 'help.gettingStarted'),
        t(locale, 'help.notation'),
        t(locale, 'help.language'),
      ].join('\n\n'),
      flags: MessageFlags.Ephemeral,
    });
    return;
  }
  const caller = await requireCaller(interaction);
  if (!caller) return;
  // Everything below may draw images or touch the database: acknowledge within Discord's 3 seconds.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });

  if (sub === 'create') {
    const language = interaction.options.getString('language') ?? locale;
    const created = await unwrap(
      interaction,
      await deps.service.createGame(caller, {
        maxPlayers: interaction.options.getInteger('players') ?? 5,
        options: interaction.options.getString('rules') === 'base' ? [] : STANDARD_OPTIONS,
        factionMode: (interaction.options.getString('factions') ?? 'turn-order') as 'turn-order',
        seatOrder: (interaction.options.getString('seating') ?? 'random') as 'random',
        moveTimerHours: interaction.options.getInteger('timer'),
        language,
        ...tilesOption(interaction.options.getString('tiles')),
      }),
    );
    if (!created) return;
    const view = await refreshed(deps, caller, created.id);
    if (!view) return;
    const gl = localeOfGame(view);
    await postToChannel(
      deps.client,
      view,
      gl,
      t(gl, 'game.created', { creator: mention(caller.userId), max: interaction.options.getInteger('players') ?? 5 }),
    );
    await answer(interaction, t(locale, 'reply.joinedPrivately'));
    return;
  }

  if (sub === 'import') return importRecord(deps, interaction, caller, locale);

  const view = await channelGame(deps, interaction, caller);
  if (!view) return;
  const gl = localeOfGame(view);
  const gameId = view.game.id;

  switch (sub) {
    case 'join': {
      const game = await unwrap(interaction, await deps.service.join(caller, gameId));
      if (!game) return;
      const v = await refreshed(deps, caller, gameId);
      if (v)
        await postToChannel(
          deps.client,
          v,
          gl,
          t(gl, 'game.joined', {
            player: mention(caller.userId),
            seated: game.seats.map((s) => mention(s.userId)).join(', '),
          }),
        );
      await answer(interaction, t(locale, 'reply.joinedPrivately'));
      return;
    }
    case 'leave': {
      if (!(await unwrap(interaction, await deps.service.leave(caller, gameId)))) return;
      const v = await refreshed(deps, caller, gameId);
      if (v) await postToChannel(deps.client, v, gl, t(gl, 'game.left', { player: mention(caller.userId) }));
      await answer(interaction, t(locale, 'game.left', { player: mention(caller.userId) }));
      return;
    }
    case 'start': {
      if (!(await unwrap(interaction, await deps.service.start(caller, gameId, deps.now())))) return;
      const v = await refreshed(deps, caller, gameId);
      if (!v) return;
      const lines = [t(gl, 'game.started', { order: v.game.seats.map((s) => mention(s.userId)).join(' → ') })];
      if (v.factionPick) lines.push(t(gl, 'game.pickFaction', { player: mention(v.factionPick.userId) }));
      else if (v.state) lines.push(describeWaiting(gl, v.state, v.waitingFor));
      await postToChannel(deps.client, v, gl, lines.join('\n'), { images: true });
      await answer(
        interaction,
        t(locale, 'game.started', { order: v.game.seats.map((s) => mention(s.userId)).join(' → ') }),
      );
      return;
    }
    case 'status': {
      const status = describeStatus(locale, view);
      const files = view.state && view.state.round > 0 ? [await roundImage(view.state, locale)] : [];
      await answer(interaction, [`**${status.title}**`, ...status.lines].join('\n'), { files });
      return;
    }
    case 'map':
    case 'cults': {
      if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
      const [map, cults] = await boardImages(view.state, locale);
      await answer(interaction, '', { files: [sub === 'map' ? map : cults] });
      return;
    }
    case 'board': {
      if (!view.state) return answer(interaction, t(locale, 'reply.nothingToShow'));
      const f = interaction.options.getString('faction');
      const faction = f && isFactionId(f) && view.state.factions[f] ? (f as FactionId) : null;
      await answer(interaction, '', { files: [await boardImage(view.state, locale, faction)] });
      return;
    }
    case 'log': {
      const count = interaction.options.getInteger('count') ?? 10;
      const moves = view.moves.slice(-count);
      const seatFaction = (seat: number | null) => view.game.seats.find((s) => s.position === seat)?.faction;
      const lines = moves.map(
        (m) => `${m.seq}. ${seatFaction(m.seat) ? factionName(locale, seatFaction(m.seat)!) : '—'}: \`${m.text}\``,
      );
      await answer(interaction, lines.length ? lines.join('\n') : t(locale, 'reply.nothingToShow'));
      return;
    }
    case 'export': {
      const text = await unwrap(interaction, await deps.service.exportMoveList(caller, gameId));
      if (text === null) return;
      await answer(interaction, '', {
        files: [new AttachmentBuilder(Buffer.from(text, 'utf8'), { name: `tm-${gameId}.txt` })],
      });
      return;
    }
    case 'undo': {
      const outcome = await unwrap(interaction, await deps.service.undo(caller, gameId, view.game.version));
      if (!outcome) return;
      const v = await refreshed(deps, caller, gameId);
      if (!v) return;
      if (outcome.kind === 'undone') {
        const count = outcome.undo.toSeq - outcome.undo.fromSeq + 1;
        await answer(interaction, t(locale, 'game.undone', { player: mention(caller.userId), count }));
        await postToChannel(
          deps.client,
          v,
          gl,
          [
            t(gl, 'game.undone', { player: mention(caller.userId), count }),
            v.state ? describeWaiting(gl, v.state, v.waitingFor) : '',
          ].join('\n'),
          { images: true },
        );
      } else {
        await answer(
          interaction,
          t(locale, 'gameError.undo_needs_consent', {
            requestedBy: mention(caller.userId),
            waitingFor: outcome.missing.map(mention).join(', '),
          }),
        );
      }
      return;
    }
    case 'resign': {
      const seat = view.game.seats.find((s) => s.userId === caller.userId);
      const change = await unwrap(interaction, await deps.service.resign(caller, gameId, view.game.version));
      if (!change) return;
      const v = await refreshed(deps, caller, gameId);
      if (!v) return;
      const text = t(gl, 'game.resigned', {
        player: mention(caller.userId),
        faction: seat?.faction ? factionName(gl, seat.faction) : '—',
      });
      await answer(interaction, text);
      await postToChannel(
        deps.client,
        v,
        gl,
        [text, v.state ? describeWaiting(gl, v.state, v.waitingFor) : ''].join('\n'),
      );
      return;
    }
    case 'replace': {
      const f = interaction.options.getString('faction', true);
      const user = interaction.options.getUser('user', true);
      const seat = view.game.seats.find((s) => s.faction === f);
      if (!seat) return answer(interaction, t(locale, 'gameError.seat_not_found', { position: f }));
      if (
        !(await unwrap(
          interaction,
          await deps.service.replacePlayer(caller, gameId, view.game.version, seat.position, user.id),
        ))
      )
        return;
      const v = await refreshed(deps, caller, gameId);
      const text = t(gl, 'game.replaced', {
        player: mention(user.id),
        faction: factionName(gl, f),
        previous: mention(seat.userId),
      });
      await answer(interaction, text);
      if (v) await postToChannel(deps.client, v, gl, text);
      return;
    }
    case 'abandon': {
      if (!(await unwrap(interaction, await deps.service.abandon(caller, gameId)))) return;
      const text = t(gl, 'game.abandoned', { player: mention(caller.userId) });
      await answer(interaction, text);
      const channel = await deps.client.channels.fetch(view.game.channelId);
      if (channel?.isSendable()) await channel.send({ content: text, allowedMentions: { users: [] } });
      return;
    }
    case 'settings': {
      const preset = interaction.options.getString('auto-power');
      if (preset) {
        if (!(await unwrap(interaction, await deps.service.setLeechRules(caller, gameId, LEECH_PRESETS[preset] ?? []))))
          return;
      }
      await answer(interaction, t(locale, 'reply.settingsSaved'));
      const v = await refreshed(deps, caller, gameId);
      if (v && preset) await updatePinnedStatus(deps.client, v, gl);
      return;
    }
    default:
      await answer(interaction, t(locale, 'error.unknownCommand'));
  }
}
