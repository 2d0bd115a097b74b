/**
 * The faction auction (docs/rulings.md §3): scenarios in notation, `bid <faction> <vp>` rows for the seat
 * whose bid it is, then the `setup` rows that pick the factions in naming order.
 */
import { describe, expect, it } from 'vitest';
import { auctionBidder, auctionChoices, auctionHolders, newGame, type OptionId } from '../../src/engine/index.ts';
import { DEFAULT_SCORE_TILES, Scenario } from './scenario.ts';

function auction(players: number, options: readonly OptionId[] = []): Scenario {
  return new Scenario(
    newGame({
      options: ['faction-auction', ...options],
      players: Array.from({ length: players }, (_, i) => `seat ${i + 1}`),
      scoreTiles: DEFAULT_SCORE_TILES,
      removedBonusTiles: [],
    }),
  );
}

const holders = (s: Scenario) => Object.fromEntries(auctionHolders(s.state));

describe('faction auction', () => {
  it('AU-1/AU-2/AU-6/AU-7: three seats, as in the rules example; naming order becomes turn order', () => {
    const s = auction(3);
    expect(auctionBidder(s.state)).toBe(0);
    s.play('bid witches 0');
    expect(auctionBidder(s.state)).toBe(1);
    s.play('bid witches 2');
    // Seat 1 holds the witches now; seat 2 is next, then seat 0, who lost them.
    expect(auctionBidder(s.state)).toBe(2);
    s.play('bid nomads 0');
    expect(auctionBidder(s.state)).toBe(0);
    s.play('bid nomads 1');
    // Seat 1 still holds the witches, so the outbid seat 2 bids again.
    expect(auctionBidder(s.state)).toBe(2);
    s.play('bid giants 0');
    expect(auctionBidder(s.state)).toBeNull();
    expect(holders(s)).toEqual({ 0: 'nomads', 1: 'witches', 2: 'giants' });
    s.play('setup witches', 'setup nomads', 'setup giants');
    expect(s.state.factionOrder).toEqual(['witches', 'nomads', 'giants']);
    expect(s.state.phase).toBe('initial-dwellings');
    // AU-7: starting VP minus the winning bid.
    expect([s.f('witches').VP, s.f('nomads').VP, s.f('giants').VP]).toEqual([18, 19, 20]);
    expect(s.f('witches').vpSources).toEqual({ initial: 20, auction: -2 });
    expect(s.f('witches').startPlayer).toBe(true);
  });

  it('AU-1: two seats; a seat holding a faction does not bid until outbid', () => {
    const s = auction(2);
    s.play('bid auren 0', 'bid auren 1', 'bid auren 2', 'bid darklings 0');
    expect(auctionBidder(s.state)).toBeNull();
    expect(holders(s)).toEqual({ 0: 'auren', 1: 'darklings' });
  });

  it('AU-3: a bid must raise by at least 1, and is refused unchanged otherwise', () => {
    const s = auction(2).play('bid witches 0', 'bid witches 3');
    s.fails('bid witches 3', /at least 4 VP/);
    s.fails('bid witches 2', /at least 4 VP/);
    s.play('bid witches 4');
    expect(s.state.auction!.lots).toEqual([{ faction: 'witches', bid: 4, holder: 0 }]);
  });

  it('AU-2: a faction is named at 0 VP', () => {
    auction(2).fails('bid witches 3', /named with a bid of 0 VP/);
  });

  it('AU-4: the top bid is the starting VP, also with the 2017 table', () => {
    const s = auction(2).play('bid witches 0');
    s.fails('bid witches 21', /at most 20 VP/);
    s.play('bid witches 20', 'bid nomads 0');
    s.play('setup witches', 'setup nomads');
    expect(s.f('witches').VP).toBe(0);
    const vp2017 = auction(2, ['starting-vp-2017']).play('bid fakirs 0');
    vp2017.fails('bid fakirs 34', /at most 33 VP/);
    vp2017.play('bid fakirs 30', 'bid darklings 0', 'setup fakirs', 'setup darklings');
    expect([vp2017.f('fakirs').VP, vp2017.f('darklings').VP]).toEqual([3, 15]);
  });

  it('AU-5: a faction sharing a named faction’s home terrain cannot be named, nor offered', () => {
    const s = auction(3).play('bid witches 0');
    s.fails('bid auren 0', /Auren share their home terrain with Witches/);
    expect(auctionChoices(s.state).map((c) => c.faction)).not.toContain('auren');
  });

  it('AU-7: the factions are picked after the auction, in naming order only', () => {
    const s = auction(2).play('bid witches 0');
    s.fails('setup witches', /when the auction is over/);
    s.play('bid nomads 0');
    s.fails('setup nomads', /Witches are picked before Nomads/);
    s.fails('bid giants 0', /auction is over/);
  });

  it('a game without the option has no bids', () => {
    const s = new Scenario(
      newGame({ options: [], players: ['a', 'b'], scoreTiles: DEFAULT_SCORE_TILES, removedBonusTiles: [] }),
    );
    s.fails('bid witches 0', /no faction auction/);
  });

  it('AU-6: the seat to bid always has a bid to make, and the choices are exactly the accepted bids', () => {
    for (const players of [2, 3, 4, 5]) {
      const s = auction(players);
      for (let guard = 0; auctionBidder(s.state) !== null && guard < 200; guard++) {
        const choices = auctionChoices(s.state);
        expect(choices.length).toBeGreaterThan(0);
        for (const c of choices) {
          s.fails(`bid ${c.faction} ${c.max + 1}`);
          if (c.lot) s.fails(`bid ${c.faction} ${c.min - 1}`);
        }
        // Raise the first named faction while it can be raised, else name a new one: a long auction.
        const pick = choices.find((c) => c.lot && c.min <= 5) ?? choices.find((c) => !c.lot)!;
        s.play(`bid ${pick.faction} ${pick.min}`);
      }
      expect(auctionBidder(s.state)).toBeNull();
      expect(auctionHolders(s.state).size).toBe(players);
    }
  });
});
