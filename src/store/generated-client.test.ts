import { describe, expect, it } from 'vitest';
import { isMissingGeneratedClient } from './generated-client.ts';

describe('a missing generated client', () => {
  it('is told apart from other import failures', async () => {
    const missingClient = await import('../generated/not-generated/client.ts' as string).catch((e: unknown) => e);
    expect(isMissingGeneratedClient(missingClient)).toBe(true);
    const otherModule = await import('./no-such-module.ts' as string).catch((e: unknown) => e);
    expect(isMissingGeneratedClient(otherModule)).toBe(false);
    expect(isMissingGeneratedClient(new Error('generated'))).toBe(false);
  });
});
