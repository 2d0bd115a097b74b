import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import type { Caller, GameView } from '../../game/service.ts';
import type { LeagueCaller } from '../../league/service.ts';
import type { BotLocale } from '../../i18n/index.ts';
import type { BotDeps } from '../handlers/shared.ts';
import type { PreviewStore } from '../handlers/preview.ts';
import type { CommandJson, OptionJson } from '../limits.ts';

/**
 * Where a command works, the first of its preconditions: `anywhere` (a direct message too), `server` (in a
 * server's channel: otherwise "only in a server"), `game` (in the channel of a game: otherwise "no game
 * here", and the channel is then told what it has not been yet).
 */
export type Where = 'anywhere' | 'server' | 'game';

/**
 * How the interaction is acknowledged once it may run: `now` (a private "thinking…" at once: the command
 * reads the store or draws), `ifSlow` (only when no answer came within a second: a move's "done" is its
 * first response), `itself` (the command answers at once on its own).
 */
export type Acknowledge = 'now' | 'ifSlow' | 'itself';

interface BaseContext {
  readonly deps: BotDeps;
  /** `/move … preview:True`'s previews, kept until their buttons are pressed. */
  readonly previews: PreviewStore;
  readonly interaction: ChatInputCommandInteraction;
  /** The language of private answers: the caller's own. */
  readonly locale: BotLocale;
}

/** What a command that works anywhere runs with: who calls, when in a server. */
export interface AnywhereContext extends BaseContext {
  readonly caller: Caller | null;
}

/** What a server's command runs with: the caller, as the game service and the league service see them. */
export interface ServerContext extends BaseContext {
  readonly caller: Caller;
  readonly member: LeagueCaller;
}

/** What a game's command runs with: also the channel's game, read once. */
export interface GameContext extends ServerContext {
  readonly view: GameView;
}

/** Checked, in this order, once the command is in a server: the bot can host a game in the channel. */
export interface ServerPreconditions {
  /** The bot must be able to read, post, upload and pin here; `thread`: a thread of its own as well, when asked. */
  readonly writable?: { readonly thread?: (interaction: ChatInputCommandInteraction) => boolean };
}

/** Checked, in this order, once the channel's game is found: the caller sits in it, or runs it. */
export interface GamePreconditions {
  /** The caller plays in the game: otherwise "You are not playing in this game." */
  readonly seated?: true;
  /** The caller is the game admin (its creator or a server manager): otherwise "Only the game admin…". */
  readonly admin?: true;
}

interface ModuleBase {
  readonly acknowledge: Acknowledge;
  /** The options' own autocomplete: only for the options its definition marks `autocomplete`. */
  autocomplete?(context: AutocompleteContext): Promise<void>;
}

/** A command (or subcommand) that runs anywhere. */
export interface AnywhereModule extends ModuleBase {
  readonly where: 'anywhere';
  run(context: AnywhereContext): Promise<void>;
}

export interface ServerModule extends ModuleBase {
  readonly where: 'server';
  readonly preconditions?: ServerPreconditions;
  run(context: ServerContext): Promise<void>;
}

export interface GameModule extends ModuleBase {
  readonly where: 'game';
  readonly preconditions?: GamePreconditions;
  run(context: GameContext): Promise<void>;
}

/**
 * What a slash command (or one subcommand) does: the dispatcher checks its preconditions (where it works,
 * then the checks for that place) and acknowledges it as it says before `run`, so `run` holds what it
 * needs and every refusal reads the same whatever the command.
 */
export type CommandModule = AnywhereModule | ServerModule | GameModule;

export interface AutocompleteContext {
  readonly deps: BotDeps;
  readonly interaction: AutocompleteInteraction;
}

/** A subcommand: its definition (a `Subcommand` option), under its name `N`. */
export type Subcommand<N extends string> = CommandModule & { readonly name: N; readonly definition: OptionJson };

/** A command with subcommands (`/tm`, `/league`): one module each, in the order Discord lists them. */
export interface CommandGroup<N extends string> {
  readonly definition: Omit<CommandJson, 'options'>;
  readonly subcommands: { readonly [K in N]: Subcommand<K> };
}

/** A command without subcommands. */
export type SingleCommand = CommandModule & { readonly definition: CommandJson };
