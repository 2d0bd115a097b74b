// `npm run demo` as a newcomer runs it: a short game through the fake Discord, written as a page that a
// browser opens with every picture showing. The browser is headless Chromium (Debian's `chromium`, which
// .ci/run installs); without it the browser half is skipped, except in CI where it must run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = ['chromium', 'chromium-browser', 'google-chrome'].find(
  (name) => spawnSync(name, ['--version'], { encoding: 'utf8' }).status === 0,
);
const IN_CI = Boolean(process.env.CI);

/** Headless Chromium on the page; `--no-sandbox` as CI runs as root. */
function chromium(args: string[]): string {
  const run = spawnSync(CHROMIUM!, ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', ...args], {
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (run.status !== 0) throw new Error(`chromium failed (${run.status}): ${run.stderr}`);
  return run.stdout;
}

describe('npm run demo', () => {
  let out: string;
  let page: string;
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'tm-demo-'));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--rounds', '1', '--out', out], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (run.status !== 0) throw new Error(`the demo failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
    page = await readFile(path.join(out, 'index.html'), 'utf8');
  }, 300_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('writes the channel of a game played to its second round: posts, pings, buttons, pictures', async () => {
    expect(page).toMatch(/@Ada<\/span> created a Terra Mystica game/);
    expect(page).toMatch(/@Bruno<\/span> joined/);
    expect(page).toContain('round 2');
    expect(page).toMatch(/class="button [a-z]+">Pass</);
    const pictures = await readdir(path.join(out, 'files'));
    expect(pictures.filter((f) => f.endsWith('.png')).length).toBeGreaterThan(4);
    for (const src of page.matchAll(/<img src="([^"]+)"/g)) expect(existsSync(path.join(out, src[1]!))).toBe(true);
  });

  it.skipIf(!CHROMIUM && !IN_CI)(
    'opens in a browser with every picture showing',
    async () => {
      if (!CHROMIUM) throw new Error('CI needs Chromium for this test (.ci/run installs the chromium package)');
      const url = pathToFileURL(path.join(out, 'index.html')).href;
      const dom = chromium(['--dump-dom', url]);
      const shown = /<body data-images="(\d+)" data-images-shown="(\d+)">/.exec(dom);
      expect(shown, 'the page ran its script').not.toBeNull();
      expect(Number(shown![1])).toBeGreaterThan(4);
      expect(shown![2]).toBe(shown![1]);
      const shot = path.join(out, 'shot.png');
      chromium(['--window-size=1100,1400', `--screenshot=${shot}`, url]);
      // A blank page compresses to a few kilobytes; the map and the cult board do not.
      expect((await stat(shot)).size).toBeGreaterThan(50_000);
    },
    120_000,
  );
});
