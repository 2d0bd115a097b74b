// The reference engine as the probe asks it: one persistent `perl reference.pl` process (the driver
// beside this file) that replays a prefix once and answers each candidate in a forked copy of it.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Summary } from './summary.ts';

export interface ReferenceAnswer {
  /** The reference's refusal, or null when it took every row of the candidate. */
  readonly error: string | null;
  readonly state?: Summary;
}

export interface ReferenceReply {
  /** Set when the reference refuses the prefix itself (then there are no results). */
  readonly prefix: string | null;
  readonly results: readonly ReferenceAnswer[];
}

const DRIVER = resolve(import.meta.dirname, 'reference.pl');

/** Where setup.sh extracted the reference engine; null when it is not installed here. */
export function referenceSource(): string | null {
  const dir = process.env.SNELLMAN_SRC ?? resolve(process.env.TMPDIR ?? '/tmp', 'snellman-src');
  return existsSync(resolve(dir, 'src/tracker.pm')) ? dir : null;
}

/** snellman's maps (shared/maps/maps.json beside the repository), which `map <id>` rows name. */
export function mapsJson(): string | null {
  const repo = resolve(import.meta.dirname, '../../..');
  const candidates = [
    process.env.TM_MAPS_JSON,
    resolve(repo, '../shared/maps/maps.json'),
    resolve(repo, '../../shared/maps/maps.json'),
  ];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export class Reference {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = '';
  private exited: string | null = null;

  constructor(source: string, maps: string | null = mapsJson()) {
    this.child = spawn('perl', [DRIVER], {
      env: { ...process.env, SNELLMAN_SRC: source, ...(maps ? { TM_MAPS_JSON: maps } : {}) },
    });
    this.child.stderr.on('data', (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-4000)));
    createInterface({ input: this.child.stdout }).on('line', (line) => this.waiting.shift()?.(line));
    this.child.on('exit', (code) => {
      this.exited = JSON.stringify({ prefix: `driver exited (${code}): ${this.stderr}` });
      for (const w of this.waiting.splice(0)) w(this.exited);
    });
  }

  /** The reference's answer to each candidate (a list of `faction: commands` rows) after the prefix rows. */
  ask(rows: readonly string[], candidates: readonly (readonly string[])[]): Promise<ReferenceReply> {
    return new Promise((done) => {
      if (this.exited) throw new Error(`the reference driver has stopped: ${this.exited}`);
      this.waiting.push((line) => {
        const reply = JSON.parse(line) as Partial<ReferenceReply>;
        done({ prefix: reply.prefix ?? null, results: reply.results ?? [] });
      });
      this.child.stdin.write(`${JSON.stringify({ rows, candidates })}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}
