// Times the analysis of one file (parse, extraction, rules) over several runs: node dist/tools/profile.js FILE [RUNS]
import * as fs from 'node:fs';
import { analyzeTree, initAnalysis } from '../server/src/core/analyze';
import { grammarForPath, parse } from '../server/src/core/parse/parser';
(async () => {
  await initAnalysis();
  const file = process.argv[2];
  const runs = Number(process.argv[3] ?? 10);
  const text = fs.readFileSync(file, 'utf8');
  const grammar = grammarForPath(file)!;
  const tree = parse(grammar, text);
  const times: number[] = [];
  let findings = 0;
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    findings = analyzeTree(grammar, tree, text).findings.length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  console.log(`${file}: ${findings} findings; analysis min ${times[0].toFixed(1)} ms, median ${times[Math.floor(runs / 2)].toFixed(1)} ms`);
})();
