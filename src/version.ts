// The bot's version: package.json's, which CHANGELOG.md and the release tag (v<version>) follow.
import { readFileSync } from 'node:fs';

export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
