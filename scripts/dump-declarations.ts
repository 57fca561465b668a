import * as fs from 'node:fs';
import { analyzeText, initAnalysis } from '../server/src/core/analyze';
(async () => {
  await initAnalysis();
  const file = process.argv[2];
  const r = analyzeText(fs.readFileSync(file, 'utf8'), file)!;
  const strip = (k: string, v: unknown) => (k === 'container' || k === 'startOffset' || k === 'endOffset' || k==='entryOffsets') ? undefined : v;
  for (const d of r.declarations) console.log(JSON.stringify(d, strip));
  for (const f of r.findings) console.log(f.code, f.severity, JSON.stringify(f.range), f.message);
})();
