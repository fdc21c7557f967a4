import { describe } from 'vitest';
import { testDatabaseKinds } from '../test-databases.js';
import { fuzzEveryRoute } from './fuzz-suite.js';

// docs/testing.md: every API route fuzzed on PostgreSQL (fuzz-suite.ts), when TEST_DATABASE_URL names one.
if (testDatabaseKinds.includes('postgres')) fuzzEveryRoute('postgres');
else describe.skip('fuzzing every API route on postgres (TEST_DATABASE_URL is not set)', () => {});
