// test/unit/broken-typing.test.ts with its typing runs at full length (120 edits each; 60 in `npm test`: helpers/run-length.ts).
import '../helpers/full-length';
import '../unit/broken-typing.test';
