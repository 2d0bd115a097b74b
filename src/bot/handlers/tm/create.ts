import {
  ApplicationCommandOptionType as T,
  ChannelType,
  ThreadAutoArchiveDuration,
  type ChatInputCommandInteraction,
  type ThreadChannel,
} from 'discord.js';
import {
  FINAL_SCORING_OPTION,
  STARTING_VP_2017_OPTION,
  SPECIAL_LANDSCAPES_OPTION,
  FIRE_AND_ICE_FACTION_OPTIONS,
  RULES_PRESETS,
} from '../../../game/presets.ts';
import type { FactionMode, SeatOrder } from '../../../game/settings.ts';
import { t, type BotLocale } from '../../../i18n/index.ts';
import { gameLocale } from '../../caller.ts';
import { localized } from '../../commands/localized.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, levelOption, mapIdOf, mapOption, tmSubcommand, wordChoice } from '../../commands/tm.ts';
import { tmCommand } from '../../present/help.ts';
import { autocompleteLevel, chosenLevel } from '../ai-seats.ts';
import { answer, confirmStored, unwrap } from '../shared.ts';

const wantsThread = (interaction: ChatInputCommandInteraction) =>
  interaction.options.getBoolean(TM_OPTION.thread) === true;

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

/** `/tm create`: a game in this channel (or a thread of its own), its creator the game admin. */
export const create: Subcommand<typeof TM_SUB.create> = {
  ...tmSubcommand(TM_SUB.create, 'cmd.create', [
    { type: T.Integer, ...localized(TM_OPTION.players, 'opt.players'), required: false, min_value: 2, max_value: 5 },
    wordChoice(TM_OPTION.factions, 'opt.factions', ['turn-order', 'random', 'recommended', 'auction']),
    wordChoice(TM_OPTION.seating, 'opt.seating', ['random', 'joined']),
    wordChoice(TM_OPTION.rules, 'opt.rules', ['standard', 'base']),
    mapOption,
    wordChoice(TM_OPTION.finalScoring, 'opt.final-scoring', ['none', 'fire-and-ice']),
    wordChoice(TM_OPTION.startingVp, 'opt.starting-vp', ['standard', '2017']),
    wordChoice(TM_OPTION.expansion, 'opt.expansion', ['none', 'fire-and-ice']),
    wordChoice(TM_OPTION.landscapes, 'opt.landscapes', ['off', 'on']),
    {
      type: T.String,
      ...localized(TM_OPTION.language, 'opt.language'),
      required: false,
      choices: [
        { name: 'English', value: 'en' },
        { name: 'Español', value: 'es' },
        { name: 'Italiano', value: 'it' },
      ],
    },
    { type: T.Integer, ...localized(TM_OPTION.timer, 'opt.timer'), required: false, min_value: 12, max_value: 336 },
    { type: T.String, ...localized(TM_OPTION.tiles, 'opt.tiles'), required: false, max_length: 200 },
    { type: T.Boolean, ...localized(TM_OPTION.thread, 'opt.thread'), required: false },
    { type: T.Integer, ...localized(TM_OPTION.ai, 'opt.ai'), required: false, min_value: 0, max_value: 4 },
    levelOption(TM_OPTION.aiLevel, 'opt.ai-level'),
  ]),
  where: 'server',
  // A game in a channel the bot cannot post in could never be played: refused before it is created.
  preconditions: { writable: { thread: wantsThread } },
  acknowledge: 'now',
  autocomplete: ({ interaction }) => autocompleteLevel(interaction),
  async run({ deps, interaction, caller, locale }) {
    const thread = wantsThread(interaction) ? await openThread(interaction, locale) : null;
    if (thread === undefined) return;
    const o = interaction.options;
    const result = await deps.service.createGame(
      caller,
      {
        maxPlayers: o.getInteger(TM_OPTION.players) ?? 5,
        options: [
          ...RULES_PRESETS[o.getString(TM_OPTION.rules) === 'base' ? 'base' : 'standard'],
          ...(o.getString(TM_OPTION.finalScoring) === 'fire-and-ice' ? [FINAL_SCORING_OPTION] : []),
          ...(o.getString(TM_OPTION.startingVp) === '2017' ? [STARTING_VP_2017_OPTION] : []),
          ...(o.getString(TM_OPTION.expansion) === 'fire-and-ice' ? FIRE_AND_ICE_FACTION_OPTIONS : []),
          ...(o.getString(TM_OPTION.landscapes) === 'on' ? [SPECIAL_LANDSCAPES_OPTION] : []),
        ],
        ...(o.getString(TM_OPTION.map) ? { map: mapIdOf(o.getString(TM_OPTION.map))! } : {}),
        factionMode: (o.getString(TM_OPTION.factions) ?? 'turn-order') as FactionMode,
        seatOrder: (o.getString(TM_OPTION.seating) ?? 'random') as SeatOrder,
        moveTimerHours: o.getInteger(TM_OPTION.timer),
        language: o.getString(TM_OPTION.language) ?? locale,
        ...(o.getString(TM_OPTION.tiles) ? { tilesText: o.getString(TM_OPTION.tiles)! } : {}),
        ...(thread ? { threadId: thread.id } : {}),
        ...(o.getInteger(TM_OPTION.ai)
          ? { aiSeats: { count: o.getInteger(TM_OPTION.ai)!, level: chosenLevel(interaction, TM_OPTION.aiLevel) } }
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
  },
};
