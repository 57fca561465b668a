// The second half of test/unit/incremental.test.ts's random-edit runs (as long as in `npm test`, from other seeds: helpers/run-length.ts).
import '../helpers/second-half';
import '../unit/incremental.test';
