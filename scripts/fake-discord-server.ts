/**
 * A fake Discord on a fixed port, for smoke-testing the real bot by hand without Discord:
 *
 *   npx tsx scripts/fake-discord-server.ts [port]        # default 8787
 *   (in another shell, with the printed variables)  npm start
 *
 * Every REST call and gateway login is logged. Type interactions on stdin to drive the bot:
 *   /smoke ping                     a slash command (options as name:value or name:"a value")
 *   ? /tm move text:E               autocomplete the option given last
 *   click <custom id>               press a button
 *   select <custom id> a,b          choose values in a select menu
 *   messages                        what the channel shows
 */
import { createInterface } from 'node:readline';
import { FakeDiscord, type FakeInteraction, type OptionValue } from '../test/support/fake-discord.ts';

const port = Number(process.argv[2] ?? process.env.FAKE_DISCORD_PORT ?? 8787);
const fake = await FakeDiscord.start({
  port,
  token: 'fake-token',
  applicationId: '100000000000000001',
  guildId: '100000000000000002',
  timeoutMs: 5_000,
  log: (line) => console.log(line),
});

console.log(`Fake Discord listening on ${fake.apiUrl}. Run the bot with:
  DISCORD_TOKEN=fake-token DISCORD_APPLICATION_ID=${fake.applicationId} DISCORD_GUILD_ID=${fake.guildId} DISCORD_API_URL=${fake.apiUrl} npm start
Then type interactions here (see the top of scripts/fake-discord-server.ts); Ctrl-C stops.`);

const parseOptions = (text: string): Record<string, OptionValue> => {
  const options: Record<string, OptionValue> = {};
  for (const [, name, quoted, bare] of text.matchAll(/(\w+):(?:"([^"]*)"|(\S*))/g)) {
    const raw = quoted ?? bare ?? '';
    options[name!] =
      raw === 'true'
        ? true
        : raw === 'false'
          ? false
          : quoted === undefined && /^-?\d+(\.\d+)?$/.test(raw)
            ? Number(raw)
            : raw;
  }
  return options;
};

async function printReplies(interaction: FakeInteraction): Promise<void> {
  // Keep printing while the bot keeps answering (defer → edit → follow-ups), then go quiet.
  for (let first = true; ; first = false) {
    const reply = await interaction.nextReply(first ? 5_000 : 1_500).catch(() => undefined);
    if (!reply) return;
    const files = reply.files.map((f) => `${f.filename} (${f.bytes.length} bytes)`).join(', ');
    console.log(`← ${reply.kind}${reply.ephemeral ? ' (ephemeral)' : ''} after ${reply.elapsedMs} ms`, {
      ...(reply.content ? { content: reply.content } : {}),
      ...(reply.embeds.length ? { embeds: reply.embeds } : {}),
      ...(reply.components.length ? { components: JSON.stringify(reply.components) } : {}),
      ...(reply.choices.length ? { choices: reply.choices } : {}),
      ...(files ? { files } : {}),
    });
  }
}

async function run(line: string): Promise<void> {
  const [word = '', ...rest] = line.trim().split(/\s+/);
  if (word === '') return;
  if (word === 'messages') {
    for (const m of fake.channelMessages())
      console.log(`${m.pinned ? '📌 ' : ''}${m.id}: ${m.content} [${m.attachments.map((a) => a.filename).join(', ')}]`);
    return;
  }
  if (word === 'click') return printReplies(fake.clickButton(rest.join(' ')));
  if (word === 'select') return printReplies(fake.selectMenu(rest[0] ?? '', (rest[1] ?? '').split(',')));
  const autocomplete = word === '?';
  const commandText = autocomplete ? rest.join(' ') : line.trim();
  const firstOption = commandText.search(/\s\w+:/);
  const commandLine = firstOption < 0 ? commandText : commandText.slice(0, firstOption);
  const options = firstOption < 0 ? {} : parseOptions(commandText.slice(firstOption));
  if (!autocomplete) return printReplies(fake.slashCommand(commandLine, { options }));
  const focused = Object.keys(options).at(-1);
  if (!focused) throw new Error('autocomplete needs an option to complete, e.g. ? /tm move text:E');
  return printReplies(fake.autocomplete(commandLine, { focused, options }));
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => void run(line).catch((error: Error) => console.error(`✗ ${error.message}`)));
process.on('SIGINT', () => {
  input.close();
  void fake.close().then(() => process.exit(0));
});
