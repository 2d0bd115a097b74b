import type { faultsEn } from './faults-en.ts';

/** Cosa dice il bot di un input che non può usare e dei guasti di Discord o dell’archivio (italiano). */
export const faultsIt: Record<keyof typeof faultsEn, string> = {
  'error.badOptions':
    'Non posso usare questo comando così come è arrivato: {problems}. Scrivi / e scegli il comando dall’elenco che mostra Discord.',
  'error.channelAccess':
    'Non posso ospitare una partita in questo canale: mi serve {permissions} qui. Chiedi a chi gestisce il server di concedermelo, oppure crea la partita in un altro canale.',
  'permission.viewChannel': 'Visualizza canale',
  'permission.sendMessages': 'Invia messaggi',
  'permission.attachFiles': 'Allega file',
  'permission.embedLinks': 'Incorpora link',
  'permission.readMessageHistory': 'Leggi la cronologia dei messaggi',
  'option.missing': 'manca `{option}`',
  'option.unknown': '`{option}` non è una delle sue opzioni',
  'option.choices': '`{option}` deve essere uno di questi valori: {choices}',
  'option.range': '`{option}` deve essere un numero intero da {min} a {max}',
  'option.tooLong': '`{option}` supera i {max} caratteri',
  'option.type': '`{option}` ha un valore di tipo sbagliato',
  'import.tooLarge':
    'Quel file supera i {max} KB, e il registro di una partita intera ne occupa circa 35: è il file giusto? Non è stato importato nulla.',
  'import.timedOut':
    'Non sono riuscito a scaricare quel file entro {seconds} secondi, quindi non è stato importato nulla. Riprova.',
  'import.tooSlow': 'Leggere quel registro ha richiesto più di {seconds} secondi, quindi non è stato importato nulla.',
  'import.busy': 'Sto leggendo altri registri in questo momento; riprova tra un minuto. Non è stato importato nulla.',
};
