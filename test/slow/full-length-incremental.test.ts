// test/unit/incremental.test.ts with its random-edit runs at full length (half as long in `npm test`: helpers/run-length.ts).
import '../helpers/full-length';
import '../unit/incremental.test';
