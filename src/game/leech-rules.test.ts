import { describe, expect, it } from 'vitest';
import type { GameState } from '../engine/index.ts';
import { readAnnouncement } from './announcements.ts';
import { decide } from './leech-rules.ts';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { caller, driveCorpus, errorOf, playAs, value } from './test-helpers.ts';

// 4pLeague_S60_D1L1_G1, record move 14: "nomads: dig 1. build E3" offers the mermaids 1 power;
// move 16 "mermaids: upgrade E4 to TP" offers the nomads 2.
async function beforeNomadsBuild() {
  const repo = new MemoryGameRepo();
  const service = new GameService(repo);
  const { game, users } = await driveCorpus(service, '4pLeague_S60_D1L1_G1.txt', 14);
  const as = (f: string) => caller(users.get(f)!, 'corpus');
  return { repo, service, gameId: game.id, users, as };
}

const offer = (actual: number, amount = actual) =>
  ({ type: 'leech', faction: 'mermaids', from: 'nomads', amount, actual, leechId: 1 }) as const;

describe('deciding an offer', () => {
  async function state(): Promise<GameState> {
    const { service, gameId, as } = await beforeNomadsBuild();
    return value(await service.getGame(as('mermaids'), gameId)).state!;
  }

  it('accepts within the power and VP limits only', async () => {
    const s = await state();
    expect(decide([{ kind: 'accept', upTo: 2, maxVpCost: 1 }], offer(2), s)).toBe('leech');
    expect(decide([{ kind: 'accept', upTo: 1, maxVpCost: 5 }], offer(2), s)).toBeNull();
    expect(decide([{ kind: 'accept', upTo: 5, maxVpCost: 0 }], offer(2), s)).toBeNull();
    expect(decide([{ kind: 'accept', upTo: 5, maxVpCost: 5 }], offer(0, 2), s)).toBeNull();
    expect(decide([], offer(1), s)).toBeNull();
  });

  it('declines what gains nothing, and everything after the final pass', async () => {
    const s = await state();
    expect(decide([{ kind: 'declineIfNothingGained' }], offer(0, 3), s)).toBe('decline');
    expect(decide([{ kind: 'declineIfNothingGained' }], offer(1), s)).toBeNull();
    const rule = [{ kind: 'declineAfterFinalPass' }] as const;
    expect(decide(rule, offer(1), s)).toBeNull();
    const passedInRound6 = structuredClone(s);
    passedInRound6.round = 6;
    passedInRound6.factions.mermaids!.passed = true;
    expect(decide(rule, offer(1), passedInRound6)).toBe('decline');
    const passedEarlier = structuredClone(passedInRound6);
    passedEarlier.round = 5;
    expect(decide(rule, offer(1), passedEarlier)).toBeNull();
  });

  it('never refuses for the player an offer the Trading Camp could answer with a coin (SL-NOM-1/2)', async () => {
    const s = await state();
    const camp = { ...offer(0, 2), coins: 1 };
    expect(decide([{ kind: 'declineIfNothingGained' }], camp, s)).toBeNull();
    const passedInRound6 = structuredClone(s);
    passedInRound6.round = 6;
    passedInRound6.factions.mermaids!.passed = true;
    expect(decide([{ kind: 'declineAfterFinalPass' }], { ...offer(1), coins: 1 }, passedInRound6)).toBeNull();
  });

  it('takes the first rule that answers', async () => {
    const s = await state();
    const rules = [
      { kind: 'declineAfterFinalPass' },
      { kind: 'accept', upTo: 1, maxVpCost: 0 },
      { kind: 'declineIfNothingGained' },
    ] as const;
    expect(decide(rules, offer(1), s)).toBe('leech');
    expect(decide(rules, offer(0, 1), s)).toBe('decline');
  });
});

describe('automatic answers in play', () => {
  it('answer an offer the moment it appears, appended to the log as the seat, by nobody', async () => {
    const { repo, service, gameId, as } = await beforeNomadsBuild();
    value(await service.setLeechRules(as('mermaids'), gameId, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
    const before = value(await service.getGame(as('mermaids'), gameId)).state!.factions.mermaids!;
    const played = value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    expect(played.autoAnswers).toEqual([{ position: 2, faction: 'mermaids', text: 'leech 1 from nomads' }]);
    expect(played.moves.map((m) => [m.seat, m.userId, m.text])).toEqual([
      [1, as('nomads').userId, 'dig 1. build E3'],
      [2, null, 'leech 1 from nomads'],
    ]);
    expect(played.state.pending.filter((p) => p.type === 'leech')).toEqual([]);
    const mermaids = played.state.factions.mermaids!;
    expect([mermaids.VP, mermaids.P1 + mermaids.P2 * 2]).toEqual([before.VP, before.P1 + before.P2 * 2 - 1 + 2]);
    expect(played.waitingFor.map((w) => w.faction)).toEqual(['mermaids']);
    // Stored, so a replay of the log reaches the same state.
    const loaded = (await repo.loadGame(gameId))!;
    expect(loaded.moves.at(-1)).toMatchObject({ seat: 2, userId: null, text: 'leech 1 from nomads' });
  });

  it('are not needed to act: an offer its holder acts past is dropped, and the move says so', async () => {
    const { repo, service, gameId, as } = await beforeNomadsBuild();
    const build = value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    expect(build.declined).toEqual([]);
    const upgrade = value(await playAs(service, gameId, as('mermaids').userId, 'upgrade E4 to TP', 'corpus'));
    expect(upgrade.declined).toEqual([{ faction: 'mermaids', from: 'nomads', amount: 1 }]);
    const stored = (await repo.listAnnouncements(gameId)).at(-1)!;
    expect(readAnnouncement(stored.payload)).toMatchObject({ kind: 'moved', declined: upgrade.declined });
  });

  it('leave offers no rule answers to the player, and answer them once a rule is set', async () => {
    const { service, gameId, as } = await beforeNomadsBuild();
    value(await service.setLeechRules(as('mermaids'), gameId, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
    value(await service.setLeechRules(as('nomads'), gameId, [{ kind: 'accept', upTo: 1, maxVpCost: 0 }]));
    value(await playAs(service, gameId, as('nomads').userId, 'dig 1. build E3', 'corpus'));
    const upgrade = value(await playAs(service, gameId, as('mermaids').userId, 'upgrade E4 to TP', 'corpus'));
    expect(upgrade.autoAnswers).toEqual([]);
    expect(upgrade.waitingFor.map((w) => w.faction)).toEqual(['nomads', 'engineers']);
    const updated = value(
      await service.setLeechRules(as('nomads'), gameId, [{ kind: 'accept', upTo: 2, maxVpCost: 1 }]),
    );
    expect(updated.seats[1]!.leechRules).toEqual([{ kind: 'accept', upTo: 2, maxVpCost: 1 }]);
    const view = value(await service.getGame(as('nomads'), gameId));
    expect(view.moves.at(-1)).toMatchObject({ seat: 1, userId: null, text: 'leech 2 from mermaids' });
    expect(view.waitingFor.map((w) => w.faction)).toEqual(['engineers']);
  });

  it('are refused when they are not leech rules', async () => {
    const { service, gameId, as } = await beforeNomadsBuild();
    expect(
      errorOf(await service.setLeechRules(as('nomads'), gameId, [{ kind: 'accept', upTo: 0, maxVpCost: 0 }])).code,
    ).toBe('bad_leech_rules');
    expect(errorOf(await service.setLeechRules(caller('stranger', 'corpus'), gameId, [])).code).toBe('not_seated');
  });
});
