import {
  Events,
  MessageFlags,
  type AnySelectMenuInteraction,
  type AutocompleteInteraction,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Client,
  type Interaction,
  type RepliableInteraction,
} from 'discord.js';
import { AnswerLostError, isAnsweredOrExpired, readyToAnswer, sendAnswer } from './acknowledge.ts';
import { botLocaleOf, t } from '../i18n/index.ts';
import { checkOptions } from './commands/options.ts';
import { describeOptionProblems } from './present/options.ts';
import { log } from '../log.ts';
import { parseCustomId, type CustomId } from './custom-id.ts';
import type { CommandJson } from './limits.ts';
import { DEFAULT_DOOR, Door, type DoorOptions, type Refusal } from './door.ts';
import { claimWithin } from './claim.ts';

export interface SlashCommand {
  definition: CommandJson & { name: string };
  execute(interaction: ChatInputCommandInteraction): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction): Promise<void>;
}

/** Handles the buttons and select menus whose custom id has this `kind`. */
export interface ComponentHandler {
  kind: string;
  execute(interaction: ButtonInteraction | AnySelectMenuInteraction, id: CustomId): Promise<void>;
}

/** Records the interactions being handled, so a restart can tell their players what became of them. */
export interface InteractionRecorder {
  /** The interaction began; the function returned says it was answered. */
  begin(interaction: Interaction): () => void;
}

export interface Routes {
  commands: readonly SlashCommand[];
  components: readonly ComponentHandler[];
  /** A handler threw: a bug. The player is told privately; a change it stored still reaches the channel. */
  onError?(error: unknown, interaction: Interaction): void;
  /**
   * Interactions handled at once before new ones are turned away with "busy, try again" (nothing
   * changed). Over capacity every queued interaction would otherwise wait its turn on one event loop
   * until all of them time out and no move gets through; refusing the excess keeps the rest answered.
   */
  maxInFlight?: number;
  /** Each user's and server's budget and share of that limit (door.ts); DEFAULT_DOOR's by default. */
  door?: Partial<DoorOptions>;
  /**
   * Whether the process cannot serve one more interaction in time whatever is in flight: its render
   * threads are full and its main thread is already busy, so a move's pictures would wait behind others
   * past Discord's deadline. A new interaction is then turned away as busy, like one past `maxInFlight`.
   */
  overloaded?: () => boolean;
  /** Told of every interaction once it is answered (or given up on), with how long that took: the metrics. */
  observe?(handled: HandledInteraction): void;
  /** Records each command and click while it is handled (src/bot/journal.ts). */
  journal?: InteractionRecorder;
  /**
   * Claims an interaction for this process before it is handled (`GameRepo.claimInteraction`): false when
   * another process sharing the store took it, which then answers it alone.
   */
  claim?(interactionId: string): Promise<boolean>;
}

/** An interaction as the metrics count it; `name` is only ever a registered command or component kind. */
export interface HandledInteraction {
  readonly kind: 'command' | 'autocomplete' | 'button' | 'select' | 'other';
  /** The command, or the component's kind; `unknown` for what matches none (forged, or stale). */
  readonly name: string;
  readonly outcome: InteractionOutcome;
  readonly seconds: number;
}

/**
 * How an interaction ended: handled by its command or component; refused by the router (an unknown
 * command, options outside its definition, a stale or unknown component); turned away: its user past
 * their budget (slowed), its server or the process past theirs (busy), or restarting; failed (a handler
 * threw); unanswered (Discord would not take its answer); elsewhere (another process claimed it).
 */
export type InteractionOutcome =
  'handled' | 'refused' | 'slowed' | 'busy' | 'restarting' | 'failed' | 'unanswered' | 'elsewhere';

export interface Routing {
  /**
   * For shutdown: from now on interactions are only told that the bot is restarting; resolves once every
   * interaction already being handled has finished (its move stored and answered, or refused).
   */
  drain(): Promise<void>;
}

/** Sends each interaction to its command or component handler; what matches nothing gets a private answer. */
export function routeInteractions(client: Client, routes: Routes): Routing {
  const commands = new Map(routes.commands.map((c) => [c.definition.name, c]));
  const components = new Map(routes.components.map((c) => [c.kind, c]));
  const onError =
    routes.onError ??
    ((error, interaction) => log.error({ err: error, interaction: interaction.id }, 'interaction failed'));
  const inFlight = new Set<Promise<void>>();
  const door = new Door({
    ...DEFAULT_DOOR,
    ...routes.door,
    ...(routes.maxInFlight === undefined ? {} : { maxInFlight: routes.maxInFlight }),
  });
  const overloaded = routes.overloaded ?? (() => false);
  let draining = false;

  const handle = async (interaction: Interaction, refusal: Refusal | null): Promise<InteractionOutcome> => {
    let outcome: InteractionOutcome = 'handled';
    try {
      if (draining || refusal) {
        outcome = draining ? 'restarting' : refusal === 'user' ? 'slowed' : 'busy';
        if (interaction.isAutocomplete()) await interaction.respond([]);
        else if (interaction.isRepliable())
          await answerPrivately(interaction, t(botLocaleOf(interaction.locale), refusalMessage(draining, refusal)));
        // A user over their budget is refused dozens of times a second while they keep sending.
        if (refusal)
          log[refusal === 'user' ? 'debug' : 'warn'](
            {
              interaction: interaction.id,
              user: interaction.user.id,
              guild: interaction.guildId,
              refusal,
              inFlight: door.handling,
            },
            'interaction turned away',
          );
      } else if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        const checked = command && checkOptions(command.definition, interaction.options.data);
        if (!command || !checked || (!checked.ok && checked.unknownSubcommand)) {
          outcome = 'refused';
          await answerPrivately(interaction, t(botLocaleOf(interaction.locale), 'error.unknownCommand'));
        } else if (!checked.ok) {
          outcome = 'refused';
          const locale = botLocaleOf(interaction.locale);
          const refusal = describeOptionProblems(locale, interaction.locale, command.definition, checked.problems);
          await answerPrivately(interaction, refusal);
        } else await command.execute(interaction);
      } else if (interaction.isAutocomplete()) {
        const command = commands.get(interaction.commandName);
        // Discord always marks the option being typed; a request without one is forged, and gets nothing.
        const typing = interaction.options.data.some(function focused(o): boolean {
          return o.focused === true || (o.options ?? []).some(focused);
        });
        if (command?.autocomplete && typing) await command.autocomplete(interaction);
        else {
          outcome = 'refused';
          await interaction.respond([]);
        }
      } else if (interaction.isButton() || interaction.isAnySelectMenu()) {
        const id = parseCustomId(interaction.customId);
        const handler = id && components.get(id.kind);
        if (id && handler) await handler.execute(interaction, id);
        else {
          outcome = 'refused';
          await answerPrivately(interaction, t(botLocaleOf(interaction.locale), 'error.staleComponent'));
        }
      }
      return outcome;
    } catch (error) {
      // Discord did not take the answer, or another answer came first: a second one would fail too, or
      // contradict the one the player sees.
      if (error instanceof AnswerLostError || isAnsweredOrExpired(error)) {
        log.warn({ err: error, interaction: interaction.id }, 'interaction left as it is: its answer cannot be sent');
        return 'unanswered';
      }
      onError(error, interaction);
      if (interaction.isAutocomplete() && !interaction.responded)
        await interaction.respond([]).catch((e: unknown) => onError(e, interaction));
      if (interaction.isRepliable())
        await answerPrivately(interaction, t(botLocaleOf(interaction.locale), 'error.internal')).catch((e: unknown) =>
          onError(e, interaction),
        );
      return 'failed';
    }
  };

  /** Which route an interaction took, in words of bounded number (anything forged is `unknown`). */
  const labels = (interaction: Interaction): Pick<HandledInteraction, 'kind' | 'name'> => {
    if (interaction.isChatInputCommand() || interaction.isAutocomplete())
      return {
        kind: interaction.isAutocomplete() ? 'autocomplete' : 'command',
        name: commands.has(interaction.commandName) ? interaction.commandName : 'unknown',
      };
    const kind = interaction.isButton() ? 'button' : interaction.isAnySelectMenu() ? 'select' : 'other';
    const id = 'customId' in interaction ? parseCustomId(interaction.customId) : null;
    return { kind, name: id && components.has(id.kind) ? id.kind : 'unknown' };
  };

  /**
   * Whether this process is the one to answer. Two processes may both receive an interaction (a rolling
   * deploy's overlap, a process started without SHARD_IDS); each asks the store, and the one that did not
   * get it says nothing, so the player never reads an answer that contradicts the other's. A process that
   * is stopping asks a moment later, so that one still serving answers rather than "restarting". A failed
   * claim is tried again; a store that keeps failing or is slow to say for a second does not hold the answer
   * up: this process then answers (claim.ts).
   */
  const ours = async (interaction: Interaction): Promise<boolean> => {
    // Autocomplete changes nothing, and Discord keeps the first list: two processes may both offer one.
    const claim = routes.claim;
    if (!claim || interaction.isAutocomplete()) return true;
    if (draining) await sleep(DRAINING_CLAIM_DELAY_MS);
    return claimWithin(
      () => claim(interaction.id),
      CLAIM_WAIT_MS,
      (error) => log.debug({ err: error, interaction: interaction.id }, 'could not claim an interaction; trying again'),
    );
  };

  /**
   * The loser of a claim says nothing to the player, but the operator hears of it: two processes on the
   * same shards is a deploy's overlap that should end, or a mistake (a process without SHARD_IDS).
   */
  let leftElsewhere = { count: 0, since: 0 };
  const tellLeftElsewhere = () => {
    const now = Date.now();
    leftElsewhere.count++;
    if (now - leftElsewhere.since < OVERLAP_WARNING_MS) return;
    log.warn(
      { interactions: leftElsewhere.count },
      'another bot process answers interactions this one receives: two processes run the same shards. ' +
        'Give each process its own SHARD_IDS (README, "Several processes"); in a rolling deploy this ends ' +
        'when the old process stops',
    );
    leftElsewhere = { count: 0, since: now };
  };

  client.on(Events.InteractionCreate, (interaction) => {
    const started = performance.now();
    const admission = draining
      ? null
      : door.admit(interaction.user.id, interaction.guildId, interaction.isAutocomplete() ? 0.5 : 1, overloaded());
    // Recorded once this process knows it answers: the process that does records it.
    let recorded: (() => void) | undefined;
    const work = ours(interaction)
      .then((mine) => {
        if (!mine) {
          tellLeftElsewhere();
          return 'elsewhere' as const;
        }
        if (admission?.admitted) recorded = routes.journal?.begin(interaction);
        return handle(interaction, admission && !admission.admitted ? admission.refusal : null);
      })
      .then((outcome) =>
        routes.observe?.({ ...labels(interaction), outcome, seconds: (performance.now() - started) / 1000 }),
      );
    inFlight.add(work);
    void work.finally(() => {
      inFlight.delete(work);
      recorded?.();
      if (admission?.admitted) admission.leave();
    });
  });

  return {
    async drain() {
      draining = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** How long a claim may take before this process answers anyway (Discord wants a response within 3 s). */
const CLAIM_WAIT_MS = 1_000;
/** The operator is told of interactions another process answered at most once a minute. */
const OVERLAP_WARNING_MS = 60_000;
/** A stopping process lets one that keeps serving claim an interaction first. */
const DRAINING_CLAIM_DELAY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function refusalMessage(
  draining: boolean,
  refusal: Refusal | null,
): 'error.restarting' | 'error.slowDown' | 'error.serverBusy' | 'error.busy' {
  if (draining) return 'error.restarting';
  return refusal === 'user' ? 'error.slowDown' : refusal === 'server' ? 'error.serverBusy' : 'error.busy';
}

/** An ephemeral message, whatever stage the response is at. */
async function answerPrivately(interaction: RepliableInteraction, content: string): Promise<void> {
  await readyToAnswer(interaction);
  if (interaction.deferred && !interaction.replied) {
    // The "thinking…" placeholder may be public; it must not stay, and the explanation must stay private.
    await interaction.deleteReply();
  }
  // A follow-up is a new message each time: it is not sent twice.
  if (interaction.deferred || interaction.replied)
    await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
  else await sendAnswer(() => interaction.reply({ content, flags: MessageFlags.Ephemeral }), true);
}
