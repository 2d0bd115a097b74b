import { Events, type Client } from 'discord.js';
import { log } from '../log.ts';

/**
 * One bad interaction must not take every game down. A malformed gateway payload makes discord.js fail
 * inside its own packet handler, where nothing of ours can catch it: the rejection reaches the process, and
 * Node ends a process on an unhandled rejection. Errors nothing handled are logged instead, and the bot
 * keeps serving; each interaction is already answered on its own (router.ts).
 */
export function keepServing(client: Client): () => void {
  const onRejection = (reason: unknown) => log.error({ err: reason }, 'unhandled rejection; still serving');
  const onException = (error: Error) => log.error({ err: error }, 'uncaught exception; still serving');
  const onClientError = (error: Error) => log.error({ err: error }, 'Discord client error; still serving');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  client.on(Events.Error, onClientError);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
    client.off(Events.Error, onClientError);
  };
}
