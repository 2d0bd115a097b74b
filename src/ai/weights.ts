// Feature weights given from outside (a file written by `npm run ai-fit`): one row per slot (slotOf), each
// in FEATURES order, checked before the evaluation multiplies by them.
import { z } from 'zod';
import type { Weights } from './evaluate.ts';
import { FEATURES } from './features.ts';
import { SLOTS } from './choice-fit.ts';

const row = z.array(z.number().finite()).length(FEATURES.length);
const weightsSchema = z.array(row).length(SLOTS);

/** The weights in a parsed JSON value; throws, saying what is wrong, when it is not SLOTS rows of FEATURES. */
export function parseWeights(json: unknown): Weights {
  return weightsSchema.parse(json);
}
