// Imported first by a test/slow/second-half-*.test.ts file: the unit test file it then imports runs the second half of its random-edit runs.
import { useSecondHalf } from './run-length';

useSecondHalf();
