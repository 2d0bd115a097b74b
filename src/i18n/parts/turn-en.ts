/** Finding one's turn from anywhere: /tm turn, /tm status, /tm mygames, reminders, timers (English). */
export const turnEn = {
  'yourTurn.game': '**Terra Mystica** · {link}',
  'yourTurn.nothing': 'Nothing waits for you in this game right now.',
  'yourTurn.since': 'Waiting for you for {time}.',
  'yourTurn.deadline': 'Move timer: {time} left.',
  'time.hours': { one: '{count} h', other: '{count} h' },
  'time.days': { one: '{count} day {hours} h', other: '{count} days {hours} h' },
  'cmd.turn.name': 'turn',
  'cmd.turn.description': 'Your turn in one of your games, with your buttons, privately (from any channel)',
  'cmd.mygames.name': 'mygames',
  'cmd.mygames.description': 'Every game you play, across servers: those waiting for you first, with links',
  'opt.game.name': 'game',
  'opt.game.description': 'One of your games (start typing its channel)',
  'myGames.title': '**Your games**',
  'myGames.none':
    'You are not playing in any game right now. Create one with `/tm create`, or join one with `/tm join`.',
  'myGames.yourTurn': '• **Your turn** ({what}) for {time} · {link}',
  'myGames.waitingOthers': '• Waiting for {players} · {link}',
  'myGames.open': '• Not started yet: {seated} of {max} seated · {link}',
  'myGames.unreadable': '• A game that no longer reads (its admin can end it with `/tm abandon`) · {link}',
  'myGames.show': 'Show my turn',
  'turn.nothingWaits': 'Nothing waits for you in any of your games right now.',
} as const;
