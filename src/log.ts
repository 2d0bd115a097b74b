// The process's one logger (pino): JSON lines on stdout for whatever collects them, pretty lines when a
// person watches a terminal. Secrets never reach the output: every line passes through `scrub` on its
// way out, which hides URL passwords wherever they appear (a config, an error message, a stack) and
// every value given to `hideSecret` (the bot token, the database password).
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const MASK = '***';
/** `scheme://user:password@` → the password. */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^:/?#@\s"]*):([^@\s"/]+)@/gi;
/** Shorter values would mask ordinary words; passwords that short are hidden inside URLs only. */
const MIN_SECRET_LENGTH = 4;

/** Values that must never be written, and the scrubbing of a line that might hold them. */
export class Secrets {
  private readonly values = new Set<string>();

  add(value: string | undefined | null): void {
    if (!value || value.length < MIN_SECRET_LENGTH) return;
    this.values.add(value);
    // JSON escapes some characters, so a value can reach a line in its escaped spelling too.
    this.values.add(JSON.stringify(value).slice(1, -1));
  }

  scrub(text: string): string {
    let out = text.replace(URL_PASSWORD, `$1:${MASK}@`);
    for (const value of this.values) if (out.includes(value)) out = out.replaceAll(value, MASK);
    return out;
  }
}

/** Structured fields that hold secrets whatever their value looks like. */
const REDACT_PATHS = [
  'token',
  '*.token',
  'password',
  '*.password',
  'headers.authorization',
  '*.headers.authorization',
  'headers.Authorization',
  '*.headers.Authorization',
];

export interface LogOptions {
  level?: string;
  /** Where lines go; default stdout, pretty when it is a terminal. */
  destination?: DestinationStream;
  pretty?: boolean;
  secrets?: Secrets;
}

export function createLogger(options: LogOptions = {}): Logger {
  const secrets = options.secrets ?? new Secrets();
  const settings: LoggerOptions = {
    level: options.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: MASK },
    hooks: { streamWrite: (line) => secrets.scrub(line) },
  };
  const pretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const destination = pretty
    ? PinoPretty({
        destination: options.destination ?? 1,
        sync: true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
      })
    : (options.destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(settings, destination);
}

/** LOG_LEVEL as the logger reads it before the configuration is validated; an unknown value means info. */
export function levelFromEnv(value: string | undefined): LogLevel {
  return LOG_LEVELS.find((level) => level === value?.trim()) ?? 'info';
}

const processSecrets = new Secrets();

/** The process's logger. The entry point sets its level from the validated configuration. */
export const log: Logger = createLogger({ level: levelFromEnv(process.env.LOG_LEVEL), secrets: processSecrets });

/** Keeps `value` out of every line the process logs from now on. */
export function hideSecret(value: string | undefined | null): void {
  processSecrets.add(value);
}

/** Hides the password of a database URL, also where it appears outside the URL (a driver's message). */
export function hideUrlPassword(url: string | undefined): void {
  if (!url) return;
  try {
    const { password } = new URL(url);
    hideSecret(password);
    hideSecret(decodeURIComponent(password));
  } catch {
    // Not a URL (a plain file path): nothing to hide.
  }
}
