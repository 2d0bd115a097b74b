import { describe, expect, it } from 'vitest';
import { FACTIONS, type FactionId } from '../../engine/index.ts';
import { BOT_LOCALES } from '../../i18n/index.ts';
import { MESSAGE_LIMITS } from '../message-limits.ts';
import { factionAbout } from './auction.ts';

describe('what each faction does, for the auction menus', () => {
  it.each(BOT_LOCALES)('has a line for every faction in %s that fits a menu option whole', (locale) => {
    for (const faction of Object.keys(FACTIONS) as FactionId[]) {
      const about = factionAbout(locale, faction);
      expect(about, faction).not.toBe('');
      expect(about.length, `${faction}: ${about}`).toBeLessThanOrEqual(MESSAGE_LIMITS.selectOptionText);
    }
  });
});
