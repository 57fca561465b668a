// The second part of test/unit/broken-typing.test.ts's typing runs (60 edits each, as in `npm test`, from other seeds: helpers/run-length.ts).
import '../helpers/second-part';
import '../unit/broken-typing.test';
