/**
 * `npm run soak [-- --minutes N]`: the server under continuous edits of the benchmark's generated
 * 10,000-line Python file for 30 minutes (by default). Each edit types or pastes something and the
 * next one takes it out again, so the text keeps its size; every edit's diagnostics are awaited and
 * hover, completion and code actions are asked now and then. Prints the server's resident memory
 * over time and exits 1 when it grew by more than 10% after the warm-up (the first tenth of the run),
 * when the server logged an error, or when an edit's diagnostics took more than 30 s of server CPU.
 */
import * as fs from 'node:fs';
import { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generatePython } from '../../bench/generate';
import { Random } from '../../bench/random';
import { LspClient } from '../helpers/lsp-client';
import { EDITOR_CAPABILITIES } from '../helpers/lsp-requests';
import { serverCpuMs } from '../fuzz/runner';

const MAX_GROWTH = 0.1;
/**
 * The hang bound per edit, in the server's own CPU time, so that a busy machine (the soak runs at
 * nice 19) does not fail the run; the wall-clock wait is capped too, for a server waiting on nothing.
 */
const EDIT_CPU_MS = 30_000;
const EDIT_WALL_MS = 15 * 60_000;

function option(name: string, fallback: number): number {
  const index = process.argv.lastIndexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!(value > 0)) throw new Error(`--${name} needs a positive number`);
  return value;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Waits for the version's diagnostics, polling the server's CPU time once a second. */
async function diagnosticsOf(client: LspClient, uri: string, version: number, seen: number): Promise<void> {
  const cpuAtStart = serverCpuMs(client) ?? 0;
  const publish = client.waitForDiagnostics(uri, version, seen, EDIT_WALL_MS).then(() => true);
  for (;;) {
    const published = await Promise.race([publish, new Promise<false>((resolve) => setTimeout(() => resolve(false), 1000))]);
    if (published) return;
    const cpu = (serverCpuMs(client) ?? 0) - cpuAtStart;
    if (cpu > EDIT_CPU_MS) throw new Error(`no diagnostics for version ${version} after ${cpu} ms of server CPU`);
  }
}

const TYPED = ['x', '(', ')', '"', ',', ' ', 'read_only=True, ', 'ToolAnnotations(', '\n', '    destructive=False,\n', '# note\n', '{', '@app.tool\n'];

async function main(): Promise<void> {
  const minutes = option('minutes', 30);
  const sampleSeconds = option('sample-seconds', Math.max(5, Math.round((minutes * 60) / 120)));
  const durationMs = minutes * 60_000;
  const text = generatePython(10_000, 9);
  const uri = 'file:///work/soak/tools_10000.py';
  const random = new Random(11);
  const { client } = await LspClient.start({ capabilities: EDITOR_CAPABILITIES });
  const pid = client.process.pid!;
  const document = TextDocument.create(uri, 'python', 1, text);
  await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text } });
  await diagnosticsOf(client, uri, 1, 0);
  console.log(`soak: ${document.lineCount} lines, ${minutes} min, server pid ${pid}`);

  const started = Date.now();
  const samples: Array<{ seconds: number; rss: number }> = [];
  let nextSample = started;
  let edits = 0;
  let undo: TextDocumentContentChangeEvent | undefined;
  while (Date.now() - started < durationMs) {
    const version = document.version + 1;
    let change: TextDocumentContentChangeEvent;
    if (undo) {
      change = undo;
      undo = undefined;
      TextDocument.update(document, [change], version);
    } else {
      const offset = random.int(document.getText().length);
      const inserted = random.pick(TYPED);
      change = { range: { start: document.positionAt(offset), end: document.positionAt(offset) }, text: inserted };
      TextDocument.update(document, [change], version);
      undo = { range: { start: document.positionAt(offset), end: document.positionAt(offset + inserted.length) }, text: '' };
    }
    const seen = client.diagnostics.length;
    await client.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    await diagnosticsOf(client, uri, version, seen);
    client.diagnostics.length = 0;
    edits++;
    if (edits % 10 === 0) {
      const position = document.positionAt(random.int(document.getText().length));
      await Promise.all([
        client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }),
        client.connection.sendRequest('textDocument/completion', { textDocument: { uri }, position }),
        client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } }),
      ]);
    }
    if (Date.now() >= nextSample) {
      const seconds = Math.round((Date.now() - started) / 1000);
      const rss = rssMb(pid);
      samples.push({ seconds, rss });
      console.log(`  ${String(seconds).padStart(5)} s  rss ${rss.toFixed(1)} MB  (${edits} edits)`);
      nextSample += sampleSeconds * 1000;
    }
  }
  const errors = client.logs.filter((log) => log.type === 1);
  const cpuSeconds = (serverCpuMs(client) ?? NaN) / 1000;
  await client.shutdown();

  const warm = samples.filter((sample) => sample.seconds >= (durationMs / 1000) * 0.1);
  const tenth = Math.max(1, Math.floor(warm.length / 10));
  const baseline = median(warm.slice(0, tenth).map((sample) => sample.rss));
  const final = median(warm.slice(-tenth).map((sample) => sample.rss));
  const growth = (final - baseline) / baseline;
  console.log(`soak: ${edits} edits in ${minutes} min; rss after warm-up ${baseline.toFixed(1)} MB, at the end ${final.toFixed(1)} MB (${(growth * 100).toFixed(1)}%), peak ${Math.max(...samples.map((s) => s.rss)).toFixed(1)} MB; server CPU ${cpuSeconds.toFixed(0)} s (${((cpuSeconds * 1000) / edits).toFixed(0)} ms per edit); ${errors.length} errors logged`);
  if (errors.length || !(growth <= MAX_GROWTH)) {
    console.log(errors.length ? `errors: ${errors.map((e) => e.message).join('\n')}` : `memory grew by more than ${MAX_GROWTH * 100}% after the warm-up`);
    process.exit(1);
  }
  console.log('bounded memory');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
