import type { FactionSnapshot } from '../../engine/index.ts';
import { t, type BotLocale } from '../../i18n/index.ts';

/** "+2 VP · −1 W · −2 C · PW 5/7/0 → 4/8/0" (in Spanish "+2 PV · −1 T · −2 M · …"): what a move changed for one faction. */
export function describeChange(locale: BotLocale, before: FactionSnapshot, after: FactionSnapshot): string {
  const parts: string[] = [];
  const delta = (key: 'change.vp' | 'change.coins' | 'change.workers' | 'change.priests', a: number, b: number) => {
    if (a !== b) parts.push(t(locale, key, { delta: `${b > a ? '+' : '−'}${Math.abs(b - a)}` }));
  };
  delta('change.vp', before.VP, after.VP);
  delta('change.coins', before.C, after.C);
  delta('change.workers', before.W, after.W);
  delta('change.priests', before.P, after.P);
  if (before.PW.join('/') !== after.PW.join('/'))
    parts.push(t(locale, 'change.power', { before: before.PW.join('/'), after: after.PW.join('/') }));
  const cults = ['🔥', '💧', '⛰', '🌪'];
  after.cult.forEach((v, i) => {
    const old = before.cult[i]!;
    if (v !== old) parts.push(`${cults[i]} ${old} → ${v}`);
  });
  return parts.join(' · ');
}
