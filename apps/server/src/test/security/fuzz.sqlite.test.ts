import { fuzzEveryRoute } from './fuzz-suite.js';

// docs/testing.md: every API route fuzzed on SQLite (fuzz-suite.ts).
fuzzEveryRoute('sqlite');
