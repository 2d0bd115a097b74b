// `npm start` as a host runs it: SIGTERM or SIGINT to npm stops the whole process tree within a few
// seconds, after the move in progress is stored and answered.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openSqlite } from '../../src/store/sqlite/native.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { settle } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const out: number[] = [];
  const visit = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      visit(c);
    }
  };
  visit(pid);
  return out;
}

const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');

interface Started {
  npm: ChildProcess;
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  waitForLog(msg: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

function npmStart(env: Record<string, string>): Started {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let buffered = '';
  npm.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      logs.push(JSON.parse(line) as Record<string, unknown>);
      for (const wake of waiters.splice(0)) wake();
    }
  });
  npm.stderr!.on('data', () => {});
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const waitForLog = async (msg: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = logs.find((l) => l.msg === msg);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no "${msg}" log line; got ${JSON.stringify(logs)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { npm, logs, exited, waitForLog };
}

describe('npm start', () => {
  let fake: FakeDiscord | undefined;
  let db: ScratchDatabase | undefined;
  let started: Started | undefined;

  afterEach(async () => {
    if (started?.npm.pid)
      for (const pid of [started.npm.pid, ...descendants(started.npm.pid)]) process.kill(pid, 'SIGKILL');
    await fake?.close();
    await db?.drop();
  });

  // SIGTERM (what hosts send) with the gateway in two shards, SIGINT unsharded.
  for (const [signal, shardCount] of [
    ['SIGTERM', '2'],
    ['SIGINT', ''],
  ] as const) {
    it(`stops the whole process tree on ${signal} after finishing the move in progress${shardCount ? ', sharded' : ''}`, async () => {
      fake = await FakeDiscord.start({ token: 'fake-token' });
      db = await scratchSqlite();
      started = npmStart({
        DISCORD_TOKEN: 'fake-token',
        DISCORD_APPLICATION_ID: fake.applicationId,
        DISCORD_GUILD_ID: fake.guildId,
        DISCORD_API_URL: fake.apiUrl,
        DATABASE_URL: db.url,
        LOG_LEVEL: 'info',
        SHARD_COUNT: shardCount,
      });
      const connected = await started.waitForLog('connected to Discord');
      expect(connected.shards).toEqual(shardCount ? [0, 1] : [0]);
      expect(fake.identifies.map((i) => i.shard[1])).toEqual(shardCount ? [2, 2] : [1]);
      const tree = [started.npm.pid!, ...descendants(started.npm.pid!)];
      expect(tree.length).toBeGreaterThan(1);

      // Another process holds SQLite's write lock, so the game the player creates waits to be stored.
      const other = openSqlite(db.url.slice('file:'.length));
      other.exec('BEGIN IMMEDIATE');
      const creating = fake.slashCommand('/tm create', { options: { players: 2 } });
      expect((await creating.nextReply(10_000)).kind).toBe('defer');

      const signalled = Date.now();
      started.npm.kill(signal);
      await started.waitForLog('stopping: finishing the moves in progress', 5_000);
      other.exec('COMMIT');
      other.close();

      const answer = await settle(creating);
      expect(answer.content).not.toMatch(/went wrong|restarting/i);
      expect(await started.exited).toBe(0);
      const stoppedAfter = Date.now() - signalled;
      expect(stoppedAfter).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(tree.filter(alive)).toEqual([]);
      expect(started.logs.map((l) => l.msg)).toContain('stopped');
      started = undefined;

      const check = openSqlite(db.url.slice('file:'.length), { readonly: true });
      expect(check.prepare('SELECT count(*) AS n FROM "Game"').get()).toEqual({ n: 1 });
      check.close();
    }, 120_000);
  }
});
