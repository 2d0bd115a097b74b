// A decision thread's first module. On Node 20 a worker does not get the TypeScript loader from
// `--import tsx` (nor from a test runner), so the thread registers tsx itself, then loads its entry.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
