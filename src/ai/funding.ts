// The free conversions a faction makes before an action it cannot pay for yet: power, priests and
// workers turned into what the action costs, burning power when bowl III is short. A few ways of paying
// are proposed; the evaluation of where each leaves the faction decides between them.
import type { Command, ConvertUnit, FactionState } from '../engine/index.ts';

/** What an action takes from the faction's holdings. */
export interface Need {
  readonly C: number;
  readonly W: number;
  readonly P: number;
  /** Power spent from bowl III. */
  readonly PW: number;
}

/** Exchange rates the faction has now (units of `from` for one `to`), read off its legal conversions. */
export type Rates = Partial<Record<`${ConvertUnit}>${ConvertUnit}`, number>>;

interface Holdings {
  C: number;
  W: number;
  P: number;
  P2: number;
  P3: number;
}

type Order = 'power-first' | 'goods-first';

/** Conversion lines that cover `need`, at most one per way of paying; none when it cannot be paid. */
export function fundings(f: FactionState, need: Need, rates: Rates): Command[][] {
  const out: Command[][] = [];
  const seen = new Set<string>();
  for (const order of ['power-first', 'goods-first'] as const) {
    const line = fund(f, need, rates, order);
    if (!line) continue;
    const key = JSON.stringify(line);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(line);
  }
  return out;
}

function fund(f: FactionState, need: Need, rates: Rates, order: Order): Command[] | null {
  const h: Holdings = { C: f.C, W: f.W, P: f.P, P2: f.P2, P3: f.P3 };
  const burns = { n: 0 };
  const converts = new Map<string, { from: ConvertUnit; to: ConvertUnit; n: number; rate: number }>();
  const convert = (from: ConvertUnit, to: ConvertUnit, n: number) => {
    const rate = rates[`${from}>${to}`];
    if (!rate || n <= 0) return false;
    const key = `${from}>${to}`;
    const c = converts.get(key) ?? { from, to, n: 0, rate };
    c.n += n;
    converts.set(key, c);
    return true;
  };
  /** Spare power in bowl III beyond what the action itself spends, burning bowl II to get it. */
  const takePower = (amount: number): boolean => {
    const spare = h.P3 - need.PW;
    if (spare < amount) {
      const burn = amount - spare;
      if (h.P2 < 2 * burn) return false;
      h.P2 -= 2 * burn;
      h.P3 += burn;
      burns.n += burn;
    }
    h.P3 -= amount;
    return true;
  };
  if (need.PW > h.P3 && !takePower(0)) return null;
  // Priests first (only power makes them), then workers, then coins.
  const dP = Math.max(0, need.P - h.P);
  if (dP) {
    const rate = rates['PW>P'];
    if (!rate || !takePower(dP * rate) || !convert('PW', 'P', dP)) return null;
    h.P += dP;
  }
  let dW = Math.max(0, need.W - h.W);
  const spareP = () => Math.max(0, h.P - need.P);
  const fromPriests = (short: number, to: ConvertUnit) => {
    const n = Math.min(short, spareP());
    if (n && convert('P', to, n)) h.P -= n;
    return short - (n && rates[`P>${to}`] ? n : 0);
  };
  const fromPower = (short: number, to: ConvertUnit) => {
    const rate = rates[`PW>${to}`];
    if (!short || !rate) return short;
    if (!takePower(short * rate)) return short;
    convert('PW', to, short);
    return 0;
  };
  if (order === 'power-first') dW = fromPriests(fromPower(dW, 'W'), 'W');
  else dW = fromPower(fromPriests(dW, 'W'), 'W');
  if (dW > 0) return null;
  h.W = Math.max(h.W, need.W);
  let dC = Math.max(0, need.C - h.C);
  const spareW = () => Math.max(0, h.W - need.W);
  const fromWorkers = (short: number) => {
    const n = Math.min(short, spareW());
    if (n && convert('W', 'C', n)) h.W -= n;
    return short - (n && rates['W>C'] ? n : 0);
  };
  if (order === 'power-first') dC = fromWorkers(fromPriests(fromPower(dC, 'C'), 'C'));
  else dC = fromPower(fromPriests(fromWorkers(dC), 'C'), 'C');
  if (dC > 0) return null;
  const line: Command[] = [];
  if (burns.n) line.push({ type: 'burn', amount: burns.n });
  for (const c of converts.values())
    line.push({ type: 'convert', fromCount: c.n * c.rate, from: c.from, toCount: c.n, to: c.to });
  return line;
}
