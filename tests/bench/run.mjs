// `npm run bench`: the benchmarks are TypeScript, run through tsx like bin/rashomon.mjs runs the CLI.
// Figures, not tests: see main.ts for the options (`npm run bench -- --json`).
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
