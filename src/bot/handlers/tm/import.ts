import { ApplicationCommandOptionType as T } from 'discord.js';
import { t } from '../../../i18n/index.ts';
import { localized } from '../../commands/localized.ts';
import type { Subcommand } from '../../commands/module.ts';
import { TM_OPTION, TM_SUB, tmSubcommand } from '../../commands/tm.ts';
import { plainEcho } from '../../present/errors.ts';
import { fetchRecord, RECORD_FETCH_MS, RECORD_MAX_BYTES } from '../../records/fetch-record.ts';
import { DEFAULT_RECORD_READER, RecordReader } from '../../records/reader.ts';
import { answer, confirmStored, unwrap } from '../shared.ts';

/** Records are read on threads of their own, shared by every channel of the process. */
const records = new RecordReader();

/**
 * `/tm import`: a snellman record continues in this channel. The file is fetched with a size cap and a
 * time limit, and read (parsed and replayed twice) on a thread of its own, so no upload holds up the
 * other servers.
 */
export const importRecord: Subcommand<typeof TM_SUB.import> = {
  ...tmSubcommand(TM_SUB.import, 'cmd.import', [
    { type: T.Attachment, ...localized(TM_OPTION.file, 'opt.file'), required: true },
    { type: T.String, ...localized(TM_OPTION.roster, 'opt.roster'), required: true, max_length: 200 },
  ]),
  where: 'server',
  preconditions: { writable: {} },
  acknowledge: 'now',
  async run({ deps, interaction, caller, locale }) {
    const file = interaction.options.getAttachment(TM_OPTION.file, true);
    const fetched = await fetchRecord(file.url, file.size);
    if (!fetched.ok) {
      const refusal =
        fetched.problem === 'tooLarge'
          ? t(locale, 'import.tooLarge', { max: RECORD_MAX_BYTES / 1024 })
          : fetched.problem === 'timedOut'
            ? t(locale, 'import.timedOut', { seconds: RECORD_FETCH_MS / 1000 })
            : t(locale, 'gameError.import_failed', { line: 0, message: plainEcho(file.name) });
      return answer(interaction, refusal);
    }
    const reading = await (deps.records ?? records).read(fetched.text);
    if (reading.kind === 'busy') return answer(interaction, t(locale, 'import.busy'));
    if (reading.kind === 'tooSlow')
      return answer(interaction, t(locale, 'import.tooSlow', { seconds: DEFAULT_RECORD_READER.timeoutMs / 1000 }));
    const prepared = await unwrap(interaction, reading.result);
    if (!prepared) return;
    // The players, mentioned in the record's faction order, take over the factions.
    const users = [...interaction.options.getString(TM_OPTION.roster, true).matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
    const players = Object.fromEntries(prepared.named.flatMap((f, i) => (users[i] ? [[f, users[i]]] : [])));
    // A record cut while factions are chosen: the players mentioned after them take the seats still to pick.
    const unpicked = users.slice(prepared.named.length);
    const game = await unwrap(
      interaction,
      await deps.service.importPrepared(caller, prepared, { players, unpicked, language: locale }, deps.now()),
    );
    if (!game) return;
    const finished = prepared.state.finished;
    await confirmStored(
      deps,
      interaction,
      game.id,
      t(locale, finished ? 'game.importedFinished' : 'game.imported', { round: prepared.state.round }),
    );
  },
};
