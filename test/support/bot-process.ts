/**
 * The real bot as its own process (the entry point, src/main.ts), logged into a fake Discord that lives in
 * the test's process: for what only a process can show, such as a SIGKILL at a random moment or a payload
 * that would bring the process down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FakeDiscord } from './fake-discord.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BotProcess {
  readonly pid: number;
  /** Resolves with the exit code (or signal) once the process ended. */
  readonly exited: Promise<number | NodeJS.Signals>;
  /** Log lines the bot wrote (JSON), for a test to look at. */
  readonly logs: Record<string, unknown>[];
  kill(signal?: NodeJS.Signals): void;
}

/** How a start that never reaches Discord ended: its exit code, what it wrote, and how long it took. */
export interface FailedStart {
  readonly code: number | NodeJS.Signals;
  /** Log lines (JSON) and anything else written, as `{ raw }`. */
  readonly logs: Record<string, unknown>[];
  readonly ms: number;
}

/**
 * Runs the entry point with this environment (over the test's own) until it exits; a process still
 * running after `timeoutMs` is killed and reported as `SIGKILL`.
 */
export async function runUntilExit(env: Record<string, string>, timeoutMs: number): Promise<FailedStart> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (exitCode, signal) => resolve(signal ?? exitCode ?? -1)),
  );
  clearTimeout(timer);
  return { code, logs, ms: Date.now() - started };
}

/**
 * Starts the bot on `databaseUrl` against `fake` and resolves once it logged in (its IDENTIFY reached the
 * fake) and said it is connected. `env` adds to (or overrides) the bot's environment.
 */
export async function spawnBot(
  fake: FakeDiscord,
  databaseUrl: string,
  token = 'fake-token',
  env: Record<string, string> = {},
  /** Told of each log line as it comes, also before the bot logged in. */
  onLog?: (entry: Record<string, unknown>) => void,
): Promise<BotProcess> {
  const identified = fake.identifies.length;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DISCORD_TOKEN: token,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_GUILD_ID: fake.guildId,
      DISCORD_API_URL: fake.apiUrl,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const read = (stream: NodeJS.ReadableStream | null) =>
    stream &&
    createInterface({ input: stream }).on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        onLog?.(entry);
        if (entry.msg === 'connected to Discord' && fake.identifies.length > identified) connected();
      } catch {
        logs.push({ raw: line });
      }
    });
  read(child.stdout);
  read(child.stderr);
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ code: string }>(
    (resolve) => (timer = setTimeout(() => resolve({ code: 'no login within 60 s' }), 60_000)),
  );
  const outcome = await Promise.race([ready, exited.then((code) => ({ code })), timeout]);
  clearTimeout(timer);
  if (typeof outcome === 'object') {
    child.kill('SIGKILL');
    throw new Error(
      `the bot exited (${outcome.code}) before logging in:\n${logs.map((l) => JSON.stringify(l)).join('\n')}`,
    );
  }
  return {
    pid: child.pid!,
    exited,
    logs,
    kill: (signal = 'SIGTERM') => void child.kill(signal),
  };
}
