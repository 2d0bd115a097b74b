import type { FactionSnapshot } from '../../engine/index.ts';

/** "+2 VP · −1 W · −2 C · power 5/7/0 → 4/8/0": what a move changed for one faction. */
export function describeChange(before: FactionSnapshot, after: FactionSnapshot): string {
  const parts: string[] = [];
  const delta = (label: string, a: number, b: number) => {
    if (a !== b) parts.push(`${b > a ? '+' : '−'}${Math.abs(b - a)} ${label}`);
  };
  delta('VP', before.VP, after.VP);
  delta('C', before.C, after.C);
  delta('W', before.W, after.W);
  delta('P', before.P, after.P);
  if (before.PW.join('/') !== after.PW.join('/')) parts.push(`PW ${before.PW.join('/')} → ${after.PW.join('/')}`);
  const cults = ['🔥', '💧', '⛰', '🌪'];
  after.cult.forEach((v, i) => {
    const old = before.cult[i]!;
    if (v !== old) parts.push(`${cults[i]} ${old} → ${v}`);
  });
  return parts.join(' · ');
}
