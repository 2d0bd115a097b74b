import {
  type AdminCommand,
  type Command,
  type ConvertUnit,
  type Building,
  type Cult,
  type FactionId,
  isFactionId,
  isResourceName,
  type ResourceName,
  parseTerrain,
  isHexTerrain,
} from '../engine/index.ts';

/** What a typed line can get wrong, with the English text; `{text}` is the word that was not understood. */
export const PARSE_MESSAGES = {
  unknownResource: "Unknown resource '{text}'",
  unknownFaction: "Unknown faction '{text}'",
  unknownBuilding: "Unknown building type '{text}'",
  unknownCult: "Unknown cult track '{text}'",
  unknownTerrain: "Unknown terrain '{text}'",
  // Said after "I could not read that move:", so it names what was wrong instead of saying that again.
  notUnderstood: "'{text}' is not a command I know",
  empty: 'There is no command to play',
} as const;

export type ParseCode = keyof typeof PARSE_MESSAGES;

export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly code: ParseCode,
    readonly text = '',
  ) {
    super(PARSE_MESSAGES[code].replace('{text}', text));
  }
}

const RESOURCE_ALIASES: Record<string, ConvertUnit> = {
  C: 'C',
  COIN: 'C',
  COINS: 'C',
  W: 'W',
  WORKER: 'W',
  WORKERS: 'W',
  P: 'P',
  PRIEST: 'P',
  PRIESTS: 'P',
  PW: 'PW',
  POWER: 'PW',
  VP: 'VP',
};
const BUILDING_ALIASES: Record<string, Exclude<Building, 'D'>> = {
  TP: 'TP',
  TE: 'TE',
  SH: 'SH',
  SA: 'SA',
  'TRADING POST': 'TP',
  TEMPLE: 'TE',
  STRONGHOLD: 'SH',
  SANCTUARY: 'SA',
};
const CULT_NAMES: readonly Cult[] = ['FIRE', 'WATER', 'EARTH', 'AIR'];

function unit(s: string): ConvertUnit {
  const u = RESOURCE_ALIASES[s.toUpperCase()];
  if (!u) throw new ParseError('unknownResource', s);
  return u;
}

/** "+2fire", "-spade", "+fav11": the name in upper case, refused here when the engine has no such resource. */
function resourceName(s: string): ResourceName {
  const name = s.toUpperCase();
  if (!isResourceName(name)) throw new ParseError('unknownResource', s);
  return name;
}

function faction(s: string | undefined): FactionId | undefined {
  if (s === undefined) return undefined;
  const f = s.toLowerCase();
  if (!isFactionId(f)) throw new ParseError('unknownFaction', s);
  return f;
}

function hex(s: string): string {
  return /^r\d+$/i.test(s) ? s.toLowerCase() : s.toUpperCase();
}

/** One form of snellman's grammar: the first word it starts with (null: none), its pattern, the command. */
interface Form {
  readonly word: string | null;
  readonly re: RegExp;
  readonly make: (m: RegExpMatchArray) => Command | AdminCommand | null;
}

/** The forms in the order they are tried; a form whose `make` gives null leaves the text to the next. */
const FORMS: readonly Form[] = [
  {
    word: null,
    re: /^([+-])(\d*)(\w+)$/,
    make: (m) => ({
      type: 'adjust',
      resource: resourceName(m[3]!),
      delta: (m[1] === '+' ? 1 : -1) * (m[2] === '' ? 1 : Number(m[2])),
    }),
  },
  { word: 'build', re: /^build (\w+)$/i, make: (m) => ({ type: 'build', hex: hex(m[1]!) }) },
  {
    word: 'upgrade',
    re: /^upgrade (\w+) to ([\w ]+)$/i,
    make: (m) => {
      const to = BUILDING_ALIASES[m[2]!.toUpperCase()];
      if (!to) throw new ParseError('unknownBuilding', m[2]);
      return { type: 'upgrade', hex: hex(m[1]!), to };
    },
  },
  {
    word: 'send',
    re: /^send (?:p|priest) to (\w+)(?: for (\d+))?$/i,
    make: (m) => {
      const cult = m[1]!.toUpperCase() as Cult;
      if (!CULT_NAMES.includes(cult)) throw new ParseError('unknownCult', m[1]);
      // "for 0" asks for no particular space, as in snellman.
      return Number(m[2]) ? { type: 'send', cult, amount: Number(m[2]) } : { type: 'send', cult };
    },
  },
  {
    word: 'convert',
    re: /^convert (\d+)?\s*(\w+) to (\d+)?\s*(\w+)$/i,
    // A count left out, or 0, is 1 (snellman reads "convert 0PW to 1C" as one power to one coin).
    make: (m) => ({
      type: 'convert',
      fromCount: Number(m[1]) || 1,
      from: unit(m[2]!),
      toCount: Number(m[3]) || 1,
      to: unit(m[4]!),
    }),
  },
  { word: 'burn', re: /^burn (\d+)$/i, make: (m) => ({ type: 'burn', amount: Number(m[1]) }) },
  {
    word: 'leech',
    re: /^leech coins?(?: from (\w+))?$/i,
    make: (m) => {
      const from = faction(m[1]);
      return from ? { type: 'leech-coin', from } : { type: 'leech-coin' };
    },
  },
  {
    word: 'leech',
    re: /^leech (\d+)(?: from (\w+))?$/i,
    make: (m) => {
      const from = faction(m[2]);
      return from ? { type: 'leech', amount: Number(m[1]), from } : { type: 'leech', amount: Number(m[1]) };
    },
  },
  {
    word: 'decline',
    re: /^decline(?: (\d+) from (\w+))?$/i,
    // "decline 0 from x" declines every offer, as in snellman.
    make: (m) => (Number(m[1]) ? { type: 'decline', amount: Number(m[1]), from: faction(m[2])! } : { type: 'decline' }),
  },
  {
    word: 'transform',
    re: /^transform (\w+)(?: to (\w+))?$/i,
    make: (m) => {
      if (!m[2]) return { type: 'transform', hex: hex(m[1]!) };
      const lower = m[2].toLowerCase();
      const to = parseTerrain(m[2]) ?? (isHexTerrain(lower) ? lower : undefined);
      if (!to) throw new ParseError('unknownTerrain', m[2]);
      return { type: 'transform', hex: hex(m[1]!), to };
    },
  },
  { word: 'dig', re: /^dig (\d+)$/i, make: (m) => ({ type: 'dig', amount: Number(m[1]) }) },
  {
    word: 'bridge',
    re: /^bridge (\w+):(\w+)$/i,
    make: (m) => ({ type: 'bridge', from: hex(m[1]!), to: hex(m[2]!) }),
  },
  {
    word: 'connect',
    re: /^connect (\w+):(\w+)(?::(\w+))?$/i,
    make: (m) => ({ type: 'connect', hexes: [m[1]!, m[2]!, m[3]].filter((x): x is string => !!x).map(hex) }),
  },
  { word: 'connect', re: /^connect (r\d+)$/i, make: (m) => ({ type: 'connect', hexes: [hex(m[1]!)] }) },
  {
    word: 'pass',
    re: /^pass(?: (bon\d+))?$/i,
    make: (m) => (m[1] ? { type: 'pass', bonus: m[1].toUpperCase() } : { type: 'pass' }),
  },
  { word: 'action', re: /^action (\w+)$/i, make: (m) => ({ type: 'action', action: m[1]!.toUpperCase() }) },
  {
    word: 'advance',
    re: /^advance (ship|dig)/i,
    make: (m) => ({ type: 'advance', track: m[1]!.toLowerCase() as 'ship' | 'dig' }),
  },
  // snellman takes the colour in lower case only ("pick-color Red" is refused); so do we.
  {
    word: 'pick-color',
    re: /^pick-color (\S+)$/i,
    make: (m) => {
      const color = m[1] === 'grey' ? 'gray' : m[1]!;
      if (!isHexTerrain(color)) throw new ParseError('unknownTerrain', m[1]);
      return { type: 'pick-color', color };
    },
  },
  {
    word: 'unlock-terrain',
    re: /^unlock-terrain (gain-priest|\w+)$/i,
    make: (m) => {
      if (m[1]!.toLowerCase() === 'gain-priest') return { type: 'unlock-terrain', terrain: 'gain-priest' };
      const terrain = parseTerrain(m[1]!);
      if (!terrain) throw new ParseError('unknownTerrain', m[1]);
      return { type: 'unlock-terrain', terrain };
    },
  },
  { word: 'landscape', re: /^landscape (\w+)$/i, make: (m) => ({ type: 'landscape', hex: hex(m[1]!) }) },
  { word: 'gain', re: /^gain p3 for vp$/i, make: () => ({ type: 'gain', to: 'P3', from: 'VP' }) },
  { word: 'wait', re: /^wait$/i, make: () => ({ type: 'wait' }) },
  { word: 'done', re: /^done$/i, make: () => ({ type: 'done' }) },
  { word: 'setup', re: /^setup (\w+)$/i, make: (m) => ({ type: 'pick-faction', faction: faction(m[1])! }) },
  {
    word: 'bid',
    re: /^bid (\w+) (\d+)$/i,
    make: (m) => ({ type: 'bid', faction: faction(m[1])!, amount: Number(m[2]) }),
  },
  {
    word: null,
    re: /^(?:drop-faction|resign) ?(\w+)?$/i,
    make: (m) => (m[1] ? { type: 'drop-faction', faction: faction(m[1])! } : null),
  },
];

/**
 * The forms a text whose first word is this may take, in FORMS' order (each form's pattern starts with its
 * word and a space or the end, so no other form can match such a text): parsing a row tries a handful of
 * patterns instead of all of them. A text no form of its word matches is tried against all of them.
 */
const FORMS_BY_WORD = new Map<string, Form[]>();
for (const f of FORMS) if (f.word) FORMS_BY_WORD.set(f.word, [...(FORMS_BY_WORD.get(f.word) ?? []), f]);

function tryForms(forms: readonly Form[], text: string): Command | AdminCommand | null {
  for (const f of forms) {
    const m = text.match(f.re);
    if (!m) continue;
    const c = f.make(m);
    if (c) return c;
  }
  return null;
}

/** Parses one command (no '.'): snellman's grammar, case-insensitive. */
export function parseCommand(raw: string): Command | AdminCommand {
  const text = raw.trim().replace(/\s+/g, ' ');
  const space = text.indexOf(' ');
  const word = (space < 0 ? text : text.slice(0, space)).toLowerCase();
  const forms = FORMS_BY_WORD.get(word);
  const c = (forms && tryForms(forms, text)) ?? tryForms(FORMS, text);
  if (!c) throw new ParseError('notUnderstood', raw.trim());
  return c;
}

/**
 * Splits a line of commands joined by '.' and normalises it as snellman does before running it:
 * leech decisions first, and a few common orderings fixed ("build X. transform X" means transform first).
 */
export function splitCommands(line: string): string[] {
  const s = line.replace(/\s+/g, ' ').trim();
  return normalizeOrder(splitRecorded(s));
}

/** Splits a row of a game record, which the moderator already wrote in execution order. */
export function splitRecorded(line: string): string[] {
  return line
    .split('.')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter((p) => p !== '');
}

function normalizeOrder(parts: string[]): string[] {
  let s = parts.join('. ');
  s = s.replace(/\s*pass\.\s*\+bon/i, 'pass bon');
  s = s.replace(/^\s*\+bon/i, 'pass BON');
  s = s.replace(/(build \w+)\. (transform \w+(?: to \w+)?)/i, '$2. $1');
  s = s.replace(/\s*(pass \w+)\. (convert (\d+ *)?\w+ to (\d+ *)?\w+)/i, '$2. $1');
  s = s.replace(/(dig \w)\. (action \w+)/i, '$2. $1');
  const cleaned = s
    .split('.')
    .map((p) =>
      p
        .trim()
        .replace(/(\W)\s(\w)/g, '$1$2')
        .replace(/(\w)\s(\W)/g, '$1$2'),
    )
    .filter((p) => p !== '');
  const leech = cleaned.filter((p) => /^(leech|decline)/i.test(p));
  const rest = cleaned.filter((p) => !/^(leech|decline)/i.test(p));
  return mergeRepeatedGains([...leech, ...rest]);
}

/** "+FIRE. +FIRE" is one "+2FIRE": the Auren stronghold's two steps must land on one track together. */
function mergeRepeatedGains(cmds: string[]): string[] {
  const out = [...cmds];
  for (let i = 0; i + 1 < out.length; i++) {
    const m = out[i]!.match(/^\+(\d*)(\w+)$/);
    if (m && out[i]!.toLowerCase() === out[i + 1]!.toLowerCase()) {
      out[i] = `+${(Number(m[1]) || 1) * 2}${m[2]}`;
      out[i + 1] = '';
    }
  }
  return out.filter((c) => c !== '');
}

/**
 * A row in execution order as lines a player types: the row itself, or one line a command when typed as
 * one line it would be reordered (a ledger row can merge what was typed in separate lines: a cult step,
 * then a leech, which a typed line would run leech first).
 */
export function typedLines(text: string): string[] {
  const recorded = splitRecorded(text);
  return JSON.stringify(parseLine(text)) === JSON.stringify(recorded.map(parseCommand)) ? [text] : recorded;
}

export function parseLine(line: string): (Command | AdminCommand)[] {
  return splitCommands(line).map(parseCommand);
}
