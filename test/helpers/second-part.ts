// Imported first by a test/slow/second-part-*.test.ts file: the unit test file it then imports runs the second part of its random-edit runs.
import { useSecondPart } from './run-length';

useSecondPart();
