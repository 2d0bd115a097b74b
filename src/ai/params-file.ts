// Evaluation parameters given from outside (the arena's `--params FILE`): the parameters a file names over
// the defaults. A name the parameters do not have, or a value of another shape, is refused: a misspelt
// name would otherwise leave the run on the defaults while it reads as the variant's.
import { z } from 'zod';
import { correctionSchema, DEFAULT_PARAMS, type EvalParams, type ValueCorrection } from './params.ts';

type Shape = number | readonly number[] | { readonly [k: string]: Shape };

function schemaOf(value: Shape): z.ZodType {
  if (typeof value === 'number') return z.number().finite();
  if (Array.isArray(value)) return z.array(z.number().finite()).length(value.length);
  const shape = value as { readonly [k: string]: Shape };
  return z.strictObject(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, schemaOf(v).optional()])));
}

// The value correction names any feature, not only those the default one corrects.
const { valueCorrection: _, ...numbers } = DEFAULT_PARAMS;
const paramsSchema = (schemaOf(numbers as unknown as Shape) as z.ZodObject).extend({
  valueCorrection: correctionSchema.optional(),
});

function merged(base: Shape, over: unknown): Shape {
  if (over === undefined) return base;
  if (typeof base === 'number' || Array.isArray(base)) return over as Shape;
  const b = base as { readonly [k: string]: Shape };
  const o = over as Record<string, unknown>;
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, merged(v, o[k])]));
}

/** The defaults with a parsed JSON value's parameters over them (nested tables merged key by key). */
export function parseParams(json: unknown): EvalParams {
  const parsed = paramsSchema.parse(json) as { valueCorrection?: ValueCorrection };
  const params = merged(numbers as unknown as Shape, parsed) as unknown as Omit<EvalParams, 'valueCorrection'>;
  return { ...params, valueCorrection: { ...DEFAULT_PARAMS.valueCorrection, ...parsed.valueCorrection } };
}
