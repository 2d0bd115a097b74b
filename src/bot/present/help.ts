import { t, type BotLocale, type MessageKey } from '../../i18n/index.ts';
import { TM, TM_SUB } from '../commands/tm.ts';

type Sub = Exclude<keyof typeof TM_SUB, 'help'>;

/** A /tm subcommand as the reader's Discord shows it (its name in their language). */
export function tmCommand(locale: BotLocale, sub: Sub): string {
  return `\`/${TM} ${t(locale, `cmd.${TM_SUB[sub]}.name` as MessageKey & `cmd.${string}.name`)}\``;
}

const GROUPS: readonly { readonly key: MessageKey; readonly subs: readonly Sub[] }[] = [
  { key: 'help.setUp', subs: ['create', 'join', 'leave', 'start'] },
  { key: 'help.find', subs: ['turn', 'mygames', 'status'] },
  { key: 'help.look', subs: ['map', 'cults', 'board', 'log', 'export'] },
  { key: 'help.yours', subs: ['undo', 'resign', 'settings'] },
  { key: 'help.admin', subs: ['timer', 'replace', 'abandon', 'import'] },
  { key: 'help.ai', subs: ['create', 'addbot', 'removebot', 'replace'] },
];

/** The commands, in groups of what they are for, with their names in the reader's language. */
export function helpCommands(locale: BotLocale): string[] {
  const typed = ['move', 'build', 'upgrade', 'pass'].map(
    (c) => `\`/${t(locale, `cmd.${c}.name` as 'cmd.move.name')}\``,
  );
  return [
    t(locale, 'help.commandsTitle'),
    ...GROUPS.map((g) =>
      t(locale, g.key as 'help.setUp', { commands: g.subs.map((s) => tmCommand(locale, s)).join(' · ') }),
    ),
    t(locale, 'help.typing', { commands: `${typed.join(' · ')} …` }),
  ];
}
