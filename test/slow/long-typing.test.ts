// The long typing checks of incremental analysis under the strict profile (test/helpers/long-typing.ts):
// every state of a long random edit sequence compared with a fresh full analysis. `npm test` runs the
// same checks under the recommended profile; these are soak-like, so in `npm run test:slow`.
import { before, test } from 'node:test';
import { initAnalysis } from '../../server/src/core/analyze';
import { csharpTyping, firstAnalysisThenEdits, goTyping, pythonRandomEdits, scriptRandomEdits } from '../helpers/long-typing';

before(() => initAnalysis());

test('incremental typescript analysis equals a fresh full analysis after 200 random edits (strict)', () => scriptRandomEdits({ grammar: 'typescript', file: 'bench.ts', profile: 'strict', seed: 11 }));
test('incremental javascript analysis equals a fresh full analysis after 200 random edits (strict)', () => scriptRandomEdits({ grammar: 'javascript', file: 'bench.js', profile: 'strict', seed: 23 }));
test('incremental analysis equals a fresh full analysis after 200 random edits (strict)', () => pythonRandomEdits('strict'));
test('the steps end with a fresh full analysis\'s result, and the edits after it are analysed as usual (strict)', () => firstAnalysisThenEdits('strict'));
test('incremental C# analysis equals a fresh full analysis after 200 typed edits (strict)', () => csharpTyping('strict', 11));
test('incremental Go analysis equals a fresh full analysis after 200 typed edits (strict)', () => goTyping('strict', 11));
