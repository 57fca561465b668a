// Replays the benchmark's typing edits in-process and prints, per slow edit, its time, mode and reason:
// node dist/tools/replay.js FILE [EDITS] [SEED]
// With SETTLE=1, after each edit's analysis the parse is settled as the server does between keystrokes
// (a clean region and the rest made one tree again); that time is printed apart, not in the edit's.
// With BROKEN=N (and WHERE=away or inside), the file is opened with N unclosed brackets in different declarations
// and typed into away from them or inside them, as the benchmark's broken-code rows type (bench/broken-edits.ts).
// With PROJECT=DIR, the file is analysed with its view of the project index of DIR (read whole first), as the
// language server does in a workspace folder.
// With LOG_EDIT=N, also what tree-sitter did while reparsing after edit N: how often it logged each
// action (lexed tokens, reused nodes, nodes it could not reuse and why) and the first reuse failures.
// A reparse that relexes most of the file shows tens of thousands of `lex_external` and few `reuse_node`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { discoverFiles } from '../server/src/cli/discover';
import { ConfigLoader } from '../server/src/core/config/config';
import { DiskFileSystem } from '../server/src/core/project/file-system';
import { ProjectIndex } from '../server/src/core/project/project-index';
import { ProjectView } from '../server/src/core/project/view';
import { percentile, typingEdits } from '../bench/edits';
import { breakDeclarations, editsAway, editsInside } from '../bench/broken-edits';
import { analyzeText, initAnalysis } from '../server/src/core/analyze';
import { incrementalAnalyzerClass } from '../server/src/core/incremental/for-grammar';
import { GrammarId, grammarForPath, setParseLogger } from '../server/src/core/parse/parser';
import { IncrementalParse } from '../server/src/core/parse/windows';
import { SourceText } from '../server/src/core/source-text';
import { treeEditFor } from '../server/src/lsp/edits';
import { LiveDocument } from '../server/src/lsp/live-document';

(async () => {
  await initAnalysis();
  const file = process.argv[2];
  const count = Number(process.argv[3] ?? 200);
  const seed = Number(process.argv[4] ?? 100);
  const grammar = grammarForPath(file)!;
  // As the server keeps it: the text in pieces (lsp/live-document.ts).
  const original = fs.readFileSync(file, 'utf8');
  const broken = process.env.BROKEN ? breakDeclarations(original, analyzeText(original, file)!.declarations, Number(process.env.BROKEN)) : undefined;
  const source = broken?.text ?? original;
  const edits = broken ? (process.env.WHERE === 'inside' ? editsInside : editsAway)(source, broken.breaks, count, seed) : typingEdits(source, count, seed);
  const document = new LiveDocument('file:///x', grammar, 1, source);
  // As the server parses: a broken statement gets its own tree (core/parse/windows.ts).
  const parse = new IncrementalParse(grammar);
  const analyzer = new (incrementalAnalyzerClass(grammar))();
  const options = { project: process.env.PROJECT ? projectViewOf(process.env.PROJECT, file) : undefined };
  const analyze = (text: SourceText) => analyzer.analyze(grammar, parse.current(text), text, options);
  analyze(document.text);
  const rows: Array<{ ms: number; cpu: number; parse: number; parseCpu: number; mode: string; reason: string; at: string }> = [];
  const logEdit = Number(process.env.LOG_EDIT ?? 0);
  let editNumber = 0;
  const settles: number[] = [];
  for (const edit of edits) {
    editNumber++;
    const log = editNumber === logEdit ? new ParseLog(grammar) : undefined;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    parse.edit(treeEditFor(document, edit.range, edit.text));
    document.update([edit], document.version + 1);
    const text = document.text;
    parse.current(text);
    const parsed = performance.now();
    const parseCpu = process.cpuUsage(cpuStarted);
    log?.print(`edit ${editNumber} (${edit.range.start.line}:${edit.range.start.character} ${JSON.stringify(edit.text)}), parsed as ${parse.lastParse} in ${(parsed - started).toFixed(1)} ms`);
    const how = parse.lastParse;
    analyze(text);
    const ms = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpuStarted);
    if (process.env.SETTLE) {
      const settling = performance.now();
      if (parse.settle(text)) settles.push(performance.now() - settling);
    }
    const cpu = (cpuUsed.user + cpuUsed.system) / 1000;
    const line = document.getText({ start: { line: edit.range.start.line, character: 0 }, end: { line: edit.range.start.line + 1, character: 0 } });
    rows.push({ ms, cpu, parse: parsed - started, parseCpu: (parseCpu.user + parseCpu.system) / 1000, mode: `${analyzer.lastMode}/${how}`, reason: analyzer.lastMode === 'full' || how !== parse.lastParse ? analyzer.lastReason : 'lastRead' in analyzer ? `${analyzer.lastRead} statements read` : '', at: `${edit.range.start.line}:${edit.range.start.character} ${JSON.stringify(edit.text)} ${line.trim().slice(0, 60)}` });
  }
  const times = rows.map((row) => row.ms);
  const cpus = rows.map((row) => row.cpu);
  console.log(`wall p50 ${percentile(times, 50).toFixed(1)} p95 ${percentile(times, 95).toFixed(1)} max ${Math.max(...times).toFixed(1)} ms; cpu p50 ${percentile(cpus, 50).toFixed(1)} p95 ${percentile(cpus, 95).toFixed(1)} ms; full analyses ${rows.filter((row) => row.mode.startsWith('full/')).length}/${rows.length}, parsed afresh ${rows.filter((row) => row.mode.endsWith('/afresh')).length}; parse p50 ${percentile(rows.map((r) => r.parse), 50).toFixed(1)} ms, cpu p50 ${percentile(rows.map((r) => r.parseCpu), 50).toFixed(1)} p95 ${percentile(rows.map((r) => r.parseCpu), 95).toFixed(1)} ms`);
  if (settles.length) console.log(`settled between edits ${settles.length} times: p50 ${percentile(settles, 50).toFixed(1)} p95 ${percentile(settles, 95).toFixed(1)} ms`);
  console.log('   wall    cpu parse mode/parse                edit');
  for (const row of [...rows].sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.TOP ?? 15))) {
    console.log(`${row.ms.toFixed(1).padStart(7)} ${row.cpu.toFixed(1).padStart(6)} ${row.parse.toFixed(1).padStart(5)} ${row.mode.padEnd(26)} ${row.at}  ${row.reason}`);
  }
})();

/** `file`'s view of the project index of `root`, its tools read from every source file below it first. */
function projectViewOf(root: string, file: string): ProjectView {
  const folder = path.resolve(root);
  const index = new ProjectIndex([folder], new DiskFileSystem([folder]));
  const started = performance.now();
  index.addCandidates(discoverFiles([folder], { loader: new ConfigLoader(), note: () => undefined }).map((target) => target.absolute));
  index.summariseAll();
  console.log(`project index of ${folder}: ${Math.round(performance.now() - started)} ms`);
  return index.viewFor(path.resolve(file));
}

/** Counts tree-sitter's parse actions while it is set (the log's first word), keeping the first reuse failures. */
class ParseLog {
  private readonly counts = new Map<string, number>();
  private readonly failures: string[] = [];

  constructor(private readonly grammar: GrammarId) {
    setParseLogger(grammar, (message) => {
      const action = message.split(/[ :]/)[0];
      this.counts.set(action, (this.counts.get(action) ?? 0) + 1);
      if (this.failures.length < 20 && /^(cant_reuse|reusable_node_has_different|before_reusable|past_reusable)/.test(message)) this.failures.push(message);
    });
  }

  print(what: string): void {
    setParseLogger(this.grammar, null);
    console.log(`tree-sitter while reparsing after ${what}:`);
    for (const [action, count] of [...this.counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(7)} ${action}`);
    console.log('  first reuse failures:');
    for (const failure of this.failures) console.log(`    ${failure}`);
  }
}
