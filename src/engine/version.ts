/**
 * The rules' version. Bump it by hand whenever a change makes the engine compute a different state
 * from the same log, or changes the state's shape: cached snapshots made by another version are then
 * ignored and games are replayed from their logs.
 */
export const ENGINE_VERSION = 12;
