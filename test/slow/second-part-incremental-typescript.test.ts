// The second part of test/unit/incremental-typescript.test.ts's random-edit runs (as long as in `npm test`, from other seeds: helpers/run-length.ts).
import '../helpers/second-part';
import '../unit/incremental-typescript.test';
