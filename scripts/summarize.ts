import * as fs from 'node:fs';
import { analyzeText, initAnalysis } from '../server/src/core/analyze';
import { summarizeDeclaration } from '../test/helpers/summary';
(async () => {
  await initAnalysis();
  for (const file of process.argv.slice(2)) {
    const r = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
    console.log('==', file);
    for (const d of r.declarations) console.log(JSON.stringify(summarizeDeclaration(d)));
  }
})();
