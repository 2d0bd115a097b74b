/**
 * Component custom ids: `tm:<kind>:<gameId>:<version>:<arg>:<arg>…`.
 *
 * The game version lets a click on an old message be recognised as stale instead of acting on a state
 * the player never saw. Discord caps custom ids at 100 characters and hands them back verbatim, possibly
 * from messages posted by an older bot, so parsing never throws: anything not in the exact canonical
 * form is rejected.
 */
import type { GameComponentKind } from './handlers/components.ts';

export const CUSTOM_ID_PREFIX = 'tm';
export const MAX_CUSTOM_ID_LENGTH = 100;

const KIND = /^[a-z][a-z0-9-]{0,19}$/;
const GAME_ID = /^[A-Za-z0-9_-]{1,36}$/;
const VERSION = /^(0|[1-9][0-9]{0,14})$/;
const ARG = /^[A-Za-z0-9_.+-]{1,40}$/;

export interface CustomId<Kind extends string = string> {
  /** What the component does, e.g. `commit`, `cancel`, `leech`. */
  kind: Kind;
  gameId: string;
  /** The game version the component was drawn for. */
  version: number;
  /** Small tokens such as hexes (`E5`), tiles (`FAV11`), factions or amounts. */
  args: readonly string[];
}

/** The components that are not a game's own: an irreversible command's confirmation, history, sign-ups. */
export const OTHER_COMPONENT_KINDS = ['sure', 'unsure', 'hist', 'signup', 'withdraw'] as const;
export type OtherComponentKind = (typeof OTHER_COMPONENT_KINDS)[number];

/** Every kind of component the bot draws: each has its handler (a game's in `GAME_COMPONENTS`, the others in app.ts). */
export type ComponentKind = GameComponentKind | OtherComponentKind;

/**
 * Builds a custom id of a kind the bot handles (a kind without a handler does not compile); an id that
 * breaks the format or Discord's limit is a programming error and throws.
 */
export function formatCustomId(id: CustomId<ComponentKind>): string {
  const problem = problemWith(id);
  if (problem) throw new RangeError(`invalid custom id ${JSON.stringify(id)}: ${problem}`);
  const text = [CUSTOM_ID_PREFIX, id.kind, id.gameId, String(id.version), ...id.args].join(':');
  if (text.length > MAX_CUSTOM_ID_LENGTH) {
    throw new RangeError(`custom id "${text}" has ${text.length} characters; Discord allows ${MAX_CUSTOM_ID_LENGTH}`);
  }
  return text;
}

/** Reads a custom id; `undefined` for anything that `formatCustomId` could not have produced. */
export function parseCustomId(text: string): CustomId | undefined {
  if (text.length > MAX_CUSTOM_ID_LENGTH) return undefined;
  const [prefix, kind, gameId, version, ...args] = text.split(':');
  if (prefix !== CUSTOM_ID_PREFIX || kind === undefined || gameId === undefined || version === undefined)
    return undefined;
  if (!VERSION.test(version)) return undefined;
  const id: CustomId = { kind, gameId, version: Number(version), args };
  return problemWith(id) ? undefined : id;
}

function problemWith(id: CustomId): string | undefined {
  if (!KIND.test(id.kind)) return `kind must match ${KIND}`;
  if (!GAME_ID.test(id.gameId)) return `game id must match ${GAME_ID}`;
  if (!Number.isSafeInteger(id.version) || id.version < 0 || !VERSION.test(String(id.version))) {
    return 'version must be a non-negative integer of at most 15 digits';
  }
  const bad = id.args.find((arg) => !ARG.test(arg));
  if (bad !== undefined) return `argument ${JSON.stringify(bad)} must match ${ARG}`;
  return undefined;
}
