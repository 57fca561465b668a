// Whether tree-sitter's parse can give the event loop turns: parses a generated Python file of LINES
// lines (default 130,000) in slices, stopping it from the progress callback after SLICE ms (default 15)
// and resuming it in the next turn with the same parser, then compares the tree with one parsed in a piece.
// node dist/tools/sliced-parse.js [LINES] [SLICE]
import { Parser, Tree } from 'web-tree-sitter';
import { generatePython } from '../bench/generate';
import { initAnalysis } from '../server/src/core/analyze';
import { loadGrammar, parse } from '../server/src/core/parse/parser';

(async () => {
  const lines = Number(process.argv[2] ?? 130_000);
  const slice = Number(process.argv[3] ?? 15);
  const text = generatePython(lines, 7);
  await initAnalysis(['python']);
  const parser = new Parser();
  parser.setLanguage(await loadGrammar('python'));
  const started = performance.now();
  let slices = 0;
  let longest = 0;
  let tree: Tree | null = null;
  while (!tree) {
    const sliceStart = performance.now();
    const until = sliceStart + slice;
    tree = parser.parse((index: number) => text.slice(index, index + 64), null, { progressCallback: () => performance.now() > until });
    longest = Math.max(longest, performance.now() - sliceStart);
    slices++;
    if (!tree) await new Promise((resolve) => setImmediate(resolve));
  }
  const sliced = performance.now() - started;
  const wholeStart = performance.now();
  const whole = parse('python', text);
  const inOnePiece = performance.now() - wholeStart;
  const same = tree.rootNode.toString() === whole.rootNode.toString();
  console.log(`${lines.toLocaleString('en')} lines: ${slices} slices, the longest ${longest.toFixed(1)} ms, ${sliced.toFixed(0)} ms in all; in one piece ${inOnePiece.toFixed(0)} ms; the same tree: ${same} (${tree.rootNode.descendantCount.toLocaleString('en')} nodes)`);
})();
