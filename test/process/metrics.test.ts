// The running bot as a host scrapes it: GET /metrics in Prometheus's text format and /healthz, on
// HEALTH_PORT, listening on this machine only by default. The start-up line names the version, the
// database and the shards, never the password.
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchSqlite, type ScratchDatabase } from '../../src/store/testing.ts';
import { VERSION } from '../../src/version.ts';
import { settle } from '../support/bot-harness.ts';
import { spawnBot, type BotProcess } from '../support/bot-process.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { freePort } from '../support/ports.ts';

/** `name{labels} value` lines of a Prometheus text page, as a map from `name{labels}` to the value. */
function samples(page: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of page.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

describe('a running bot with HEALTH_PORT', () => {
  let fake: FakeDiscord;
  let db: ScratchDatabase;
  let bot: BotProcess;
  let port: number;

  beforeAll(async () => {
    fake = await FakeDiscord.start({ token: 'fake-token' });
    db = await scratchSqlite();
    port = await freePort();
    bot = await spawnBot(fake, db.url, 'fake-token', { HEALTH_PORT: String(port) });
  }, 90_000);

  afterAll(async () => {
    bot?.kill();
    await bot?.exited;
    await fake?.close();
    await db?.drop();
  });

  it('said at start which version, database and shards it runs', () => {
    const line = bot.logs.find((l) => String(l.msg).startsWith('tm-bot '));
    expect(line?.msg).toBe(`tm-bot ${VERSION} starting: SQLite file ${db.url.slice('file:'.length)}, unsharded`);
    expect(line?.version).toBe(VERSION);
  });

  it('counts interactions by outcome, refusals by reason, and times the store, the moves and the pictures', async () => {
    await settle(fake.slashCommand('/tm create', { options: { players: 2, seating: 'joined' } }));
    // Not started yet: the game refuses the move, nothing changes.
    await settle(fake.slashCommand('/move', { options: { text: 'build E7' } }));
    await settle(fake.forgedComponent('tm:no-such-kind:x:1'));

    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const page = await res.text();
    const m = samples(page);
    expect(m.get('tm_interactions_total{kind="command",name="tm",outcome="handled"}')).toBe(1);
    expect(m.get('tm_interactions_total{kind="command",name="move",outcome="handled"}')).toBe(1);
    expect(m.get('tm_interactions_total{kind="button",name="unknown",outcome="refused"}')).toBe(1);
    expect(m.get('tm_interaction_duration_seconds_count{kind="command",name="tm"}')).toBe(1);
    expect([...m.keys()].filter((k) => k.startsWith('tm_refusals_total{'))).not.toEqual([]);
    expect(m.get('tm_store_duration_seconds_count{operation="createGame",outcome="ok"}')).toBe(1);
    expect(m.get('tm_games_served')).toBe(1);
    expect(m.get('tm_outbox_depth')).toBe(0);
    expect(m.get('tm_shard_up{shard="0"}')).toBe(1);
    expect(m.get(`tm_bot_info{version="${VERSION}",node="${process.version}"}`)).toBe(1);
    expect(m.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    for (const family of ['tm_move_duration_seconds', 'tm_render_duration_seconds'])
      expect(page).toContain(`# TYPE ${family} histogram`);
  });

  it('answers /healthz beside it', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  });

  it('listens on 127.0.0.1 only', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    // A machine with no other address has nothing to check.
    if (outside === undefined) return;
    await expect(fetch(`http://${outside}:${port}/healthz`)).rejects.toThrow();
  });
});
