/** What the bot says about input it cannot use and about Discord or the store failing it (English). */
export const faultsEn = {
  'error.badOptions':
    'I cannot use this command as it was sent: {problems}. Type / and choose the command from the list Discord shows.',
  'error.channelAccess':
    'I cannot host a game in this channel: I need {permissions} here. Ask a server manager to give me that, or create the game in another channel.',
  'permission.viewChannel': 'View Channel',
  'permission.sendMessages': 'Send Messages',
  'permission.attachFiles': 'Attach Files',
  'permission.embedLinks': 'Embed Links',
  'permission.readMessageHistory': 'Read Message History',
  'option.missing': '`{option}` is missing',
  'option.unknown': '`{option}` is not one of its options',
  'option.choices': '`{option}` must be one of {choices}',
  'option.range': '`{option}` must be a whole number from {min} to {max}',
  'option.tooLong': '`{option}` is longer than {max} characters',
  'option.type': '`{option}` has the wrong kind of value',
  'import.tooLarge':
    'That file is larger than {max} KB, and a whole game record is about 35 KB: is it the right file? Nothing was imported.',
  'import.timedOut': 'I could not fetch that file within {seconds} seconds, so nothing was imported. Please try again.',
  'import.tooSlow': 'Reading that record took longer than {seconds} seconds, so nothing was imported.',
  'import.busy': 'I am reading other records right now; please try again in a minute. Nothing was imported.',
} as const;
