/**
 * A faction's quirks live in its own file under src/engine/data/factions: rule code reads typed fields
 * (or named hooks), never a faction's name. This fails when code outside the faction data names one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACTIONS } from '../../src/engine/index.ts';

const ENGINE = join(import.meta.dirname, '../../src/engine');
const FACTION_DATA = join(ENGINE, 'data');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return path === FACTION_DATA ? [] : sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The code without its comments, which may well explain a rule with a faction's name. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

describe('faction quirks', () => {
  const names = Object.keys(FACTIONS);
  const naming = new RegExp(`['"\`.](${names.join('|')})\\b`);

  it('the check knows every faction', () => {
    expect(names.length).toBeGreaterThanOrEqual(14);
    expect(naming.test("if (f.name === 'mermaids')")).toBe(true);
  });

  it.each(sources(ENGINE).map((p) => [relative(ENGINE, p), p]))('%s names no faction', (_, path) => {
    const lines = code(readFileSync(path, 'utf8'))
      .split('\n')
      .filter((l) => naming.test(l));
    expect(lines).toEqual([]);
  });
});
