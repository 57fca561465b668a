/**
 * How fast the machine was while the bench ran. This machine's speed drifts by up to half from hour to hour (other
 * work on its host: `ps` and the load average show none of it), and every row drifts with it; so each table says
 * how long one fixed piece of work took at the bench's start and at its end: parsing the CLI row's files with the
 * grammars alone, the best of three rounds (about 410 ms at this machine's usual speed, 600 ms at its slowest seen).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { initAnalysis } from '../server/src/core/analyze';
import { grammarForPath, parse } from '../server/src/core/parse/parser';

export async function referenceParseMs(folder: string): Promise<number> {
  await initAnalysis();
  const texts = filesUnder(folder).flatMap((file) => {
    const grammar = grammarForPath(file);
    return grammar ? [{ grammar, text: fs.readFileSync(file, 'utf8') }] : [];
  });
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (const { grammar, text } of texts) parse(grammar, text).delete();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  }).sort();
}
