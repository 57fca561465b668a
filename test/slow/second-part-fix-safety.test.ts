// The second part of test/reliability/fix-safety.test.ts's generated modules (250 lines each, as in `npm test`, generated from other seeds: helpers/run-length.ts).
import '../helpers/second-part';
import '../reliability/fix-safety.test';
