import { ApplicationCommandOptionType as T } from 'discord.js';
import type { CommandJson } from '../limits.ts';
import { localized } from './localized.ts';

/** `/move`: any line of snellman notation, for those who type. */
export const MOVE = 'move';
export const MOVE_OPTION = { text: 'text', preview: 'preview' } as const;

export function moveCommand(): CommandJson {
  return {
    ...localized(MOVE, 'cmd.move'),
    options: [
      { type: T.String, ...localized(MOVE_OPTION.text, 'opt.text'), required: true, max_length: 300 },
      { type: T.Boolean, ...localized(MOVE_OPTION.preview, 'opt.preview'), required: false },
    ],
  };
}
