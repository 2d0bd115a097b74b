import type { faultsEn } from './faults-en.ts';

/** Lo que dice el bot de una entrada que no puede usar y de los fallos de Discord o del almacén (español). */
export const faultsEs: Record<keyof typeof faultsEn, string> = {
  'error.badOptions':
    'No puedo usar este comando tal como ha llegado: {problems}. Escribe / y elige el comando de la lista que muestra Discord.',
  'error.channelAccess':
    'No puedo organizar una partida en este canal: necesito {permissions} aquí. Pide a quien gestione el servidor que me lo conceda, o crea la partida en otro canal.',
  'permission.viewChannel': 'Ver canal',
  'permission.sendMessages': 'Enviar mensajes',
  'permission.attachFiles': 'Adjuntar archivos',
  'permission.embedLinks': 'Insertar enlaces',
  'permission.readMessageHistory': 'Leer el historial de mensajes',
  'option.missing': 'falta `{option}`',
  'option.unknown': '`{option}` no es una de sus opciones',
  'option.choices': '`{option}` debe ser uno de estos valores: {choices}',
  'option.range': '`{option}` debe ser un número entero entre {min} y {max}',
  'option.tooLong': '`{option}` tiene más de {max} caracteres',
  'option.type': '`{option}` tiene un valor de otro tipo',
  'import.tooLarge':
    'Ese archivo ocupa más de {max} KB, y el registro de una partida entera ocupa unos 35 KB: ¿es el archivo correcto? No se ha importado nada.',
  'import.timedOut':
    'No he podido descargar ese archivo en {seconds} segundos, así que no se ha importado nada. Vuelve a intentarlo.',
  'import.tooSlow': 'Leer ese registro ha llevado más de {seconds} segundos, así que no se ha importado nada.',
  'import.busy':
    'Ahora mismo estoy leyendo otros registros; vuelve a intentarlo dentro de un minuto. No se ha importado nada.',
};
