// Imported first by a test/slow/full-length-*.test.ts file: the unit test file it then imports runs its random-edit runs at full length.
import { useFullLength } from './run-length';

useFullLength();
