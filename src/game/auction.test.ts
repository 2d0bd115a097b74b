// The faction auction through the service (docs/rulings.md §3): bids in seat order, the picks written by
// the last bid, refusals that change nothing, and the log out and back in.
import { describe, expect, it } from 'vitest';
import { MemoryGameRepo } from './memory-repo.ts';
import { GameService } from './service.ts';
import { T0, caller, errorOf, playAs, startedGame, value } from './test-helpers.ts';

async function auctionGame() {
  const service = new GameService(new MemoryGameRepo());
  const game = await startedGame(service, ['a', 'b', 'c'], { factionMode: 'auction' });
  return { service, game };
}

describe('faction auction', () => {
  it('takes bids in seat order, shows who bids, and writes the picks in naming order with the last bid', async () => {
    const { service, game } = await auctionGame();
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.factionPick).toBeNull();
    expect(view.auction).toMatchObject({ bidder: { position: 0, userId: 'a' }, lots: [] });
    expect(view.auction!.choices).toHaveLength(14);
    expect(view.game.options).toEqual({ 'faction-auction': true });

    value(await service.bid(caller('a'), game.id, 'witches', 0));
    value(await service.bid(caller('b'), game.id, 'witches', 2));
    value(await service.bid(caller('c'), game.id, 'nomads', 0));
    view = value(await service.getGame(caller('a'), game.id));
    expect(view.auction).toMatchObject({
      bidder: { userId: 'a' },
      lots: [
        { faction: 'witches', bid: 2, userId: 'b' },
        { faction: 'nomads', bid: 0, userId: 'c' },
      ],
    });
    value(await service.bid(caller('a'), game.id, 'nomads', 1));
    value(await service.bid(caller('c'), game.id, 'giants', 0));

    view = value(await service.getGame(caller('a'), game.id));
    expect(view.auction).toBeNull();
    expect(view.game.seats.map((s) => [s.userId, s.faction])).toEqual([
      ['a', 'nomads'],
      ['b', 'witches'],
      ['c', 'giants'],
    ]);
    expect(view.state!.factionOrder).toEqual(['witches', 'nomads', 'giants']);
    expect(view.state!.phase).toBe('initial-dwellings');
    expect(view.waitingFor.map((w) => w.userId)).toEqual(['b']);
    expect(view.moves.map((m) => [m.seat, m.userId, m.text])).toEqual([
      [0, 'a', 'bid witches 0'],
      [1, 'b', 'bid witches 2'],
      [2, 'c', 'bid nomads 0'],
      [0, 'a', 'bid nomads 1'],
      [2, 'c', 'bid giants 0'],
      [1, null, 'setup witches'],
      [0, null, 'setup nomads'],
      [2, null, 'setup giants'],
    ]);
    expect(Object.fromEntries(Object.values(view.state!.factions).map((f) => [f!.name, f!.VP]))).toEqual({
      witches: 18,
      nomads: 19,
      giants: 20,
    });
  });

  it('refuses a bid out of turn, a bid too low, and picks, changing nothing', async () => {
    const { service, game } = await auctionGame();
    value(await service.bid(caller('a'), game.id, 'witches', 0));
    expect(errorOf(await service.bid(caller('a'), game.id, 'nomads', 0))).toEqual({
      code: 'not_your_bid',
      params: { position: 1 },
    });
    expect(errorOf(await service.bid(caller('b'), game.id, 'witches', 0))).toMatchObject({
      code: 'rule_error',
      params: { rule: 'bidTooLow', ruleParams: { faction: 'witches', min: 1 } },
    });
    expect(errorOf(await service.bid(caller('b'), game.id, 'dragons', 0)).code).toBe('faction_unavailable');
    expect(errorOf(await service.chooseFaction(caller('b'), game.id, 'nomads')).code).toBe('no_faction_choice');
    const view = value(await service.getGame(caller('b'), game.id));
    expect(view.moves.map((m) => m.text)).toEqual(['bid witches 0']);
    expect(view.auction!.bidder.userId).toBe('b');
  });

  it('has no bids without the auction', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b']);
    expect(errorOf(await service.bid(caller('a'), game.id, 'witches', 0)).code).toBe('no_auction');
  });

  it('exports the bids and picks as rows and imports them back to the same game, seats and all', async () => {
    const { service, game } = await auctionGame();
    for (const [user, faction, amount] of [
      ['a', 'darklings', 0],
      ['b', 'darklings', 3],
      ['c', 'fakirs', 0],
      ['a', 'halflings', 0],
    ] as const)
      value(await service.bid(caller(user), game.id, faction, amount));
    const exported = value(await service.exportMoveList(caller('a'), game.id));
    const rows = exported.trimEnd().split('\n');
    expect(rows.filter((l) => /^(option|bid|setup) /.test(l))).toEqual([
      'option faction-auction',
      'bid darklings 0',
      'bid darklings 3',
      'bid fakirs 0',
      'bid halflings 0',
      'setup darklings',
      'setup fakirs',
      'setup halflings',
    ]);
    const copy = value(
      await service.importGame(
        caller('a', 'copy'),
        { text: exported, players: { darklings: 'b', fakirs: 'c', halflings: 'a' } },
        T0,
      ),
    );
    const [a, b] = [
      value(await service.getGame(caller('a'), game.id)),
      value(await service.getGame(caller('a', 'copy'), copy.id)),
    ];
    expect(b.state).toEqual(a.state);
    expect(b.game.seats.map((s) => [s.userId, s.faction])).toEqual(a.game.seats.map((s) => [s.userId, s.faction]));
    expect(value(await service.exportMoveList(caller('a', 'copy'), copy.id))).toBe(exported);
  });

  it('takes back the last bid at once with the picks it wrote, and the auction goes on', async () => {
    const { service, game } = await auctionGame();
    value(await service.bid(caller('a'), game.id, 'witches', 0));
    value(await service.bid(caller('b'), game.id, 'nomads', 0));
    value(await service.bid(caller('c'), game.id, 'giants', 0));
    let view = value(await service.getGame(caller('c'), game.id));
    expect(view.moves).toHaveLength(6);
    const outcome = value(await service.undo(caller('c'), game.id, view.game.version));
    expect(outcome.kind).toBe('undone');
    view = value(await service.getGame(caller('c'), game.id));
    expect(view.moves.map((m) => m.text)).toEqual(['bid witches 0', 'bid nomads 0']);
    expect(view.game.seats.every((s) => s.faction === null)).toBe(true);
    expect(view.auction!.bidder.userId).toBe('c');
    value(await service.bid(caller('c'), game.id, 'nomads', 4));
    expect(value(await service.getGame(caller('b'), game.id)).auction!.bidder.userId).toBe('b');
  });

  it('AU-9: with Fire & Ice factions the last bid writes every pick, then the colours and the favour tile are asked', async () => {
    const service = new GameService(new MemoryGameRepo());
    const game = await startedGame(service, ['a', 'b', 'c'], {
      factionMode: 'auction',
      options: ['fire-and-ice-factions/ice', 'fire-and-ice-factions/variable_v5'],
    });
    let view = value(await service.getGame(caller('a'), game.id));
    expect(view.auction!.choices.map((c) => c.faction)).toEqual(
      expect.arrayContaining(['icemaidens', 'yetis', 'riverwalkers', 'shapeshifters']),
    );
    value(await service.bid(caller('a'), game.id, 'icemaidens', 0));
    value(await service.bid(caller('b'), game.id, 'witches', 0));
    value(await service.bid(caller('c'), game.id, 'shapeshifters', 0));

    view = value(await service.getGame(caller('a'), game.id));
    expect(view.moves.slice(3).map((m) => [m.seat, m.text])).toEqual([
      [0, 'setup icemaidens'],
      [1, 'setup witches'],
      [2, 'setup shapeshifters'],
    ]);
    expect(view.state!.phase).toBe('select-factions');
    expect(view.waitingFor.map((w) => w.userId).sort()).toEqual(['a', 'c']);
    // The witches' forest went to a seat in the auction: nobody may pick it as a colour.
    expect(errorOf(await playAs(service, game.id, 'a', 'pick-color green. +FAV11'))).toMatchObject({
      code: 'rule_error',
      params: { rule: 'colorUnavailable' },
    });
    value(await playAs(service, game.id, 'a', 'pick-color red. +FAV11'));
    value(await playAs(service, game.id, 'c', 'pick-color blue'));
    view = value(await service.getGame(caller('a'), game.id));
    expect(view.state!.phase).toBe('initial-dwellings');
    expect(view.state!.factions.icemaidens!.secondaryColor).toBe('red');
    expect(view.state!.factions.shapeshifters!.color).toBe('blue');
    expect(view.waitingFor.map((w) => w.userId)).toEqual(['a']);
  });
});
