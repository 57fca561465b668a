// test/reliability/fix-safety.test.ts with its generated modules at full length (500 lines; 250 in `npm test`: helpers/run-length.ts).
import '../helpers/full-length';
import '../reliability/fix-safety.test';
