/**
 * The CLI's workers instantiate the runtime and grammars the main thread compiled (parse/parser.ts
 * `compileWasm`, `useCompiledWasm`) instead of compiling the files again. This file is also the
 * worker: it counts the `.wasm` files it reads, loads the grammars and lints two documents.
 */
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { analyzeText, initAnalysis } from '../../server/src/core/analyze';
import { CompiledWasm, compileWasm, parse, useCompiledWasm } from '../../server/src/core/parse/parser';

interface WorkerReport {
  wasmFilesRead: string[];
  roots: string[];
  findings: string[];
  /** Why loading failed, when it did. */
  error?: string;
}

const PYTHON = 'from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\n\n@mcp.tool(annotations={"readOnlyHint": True, "destructiveHint": True})\ndef wipe() -> None:\n    """Wipe."""\n';
const SCRIPT = 'server.registerTool("wipe", { annotations: { readOnlyHint: true, destructiveHint: true } }, async () => ({ content: [] }));\n';

async function inWorker(compiled: CompiledWasm | undefined): Promise<WorkerReport> {
  const worker = new Worker(__filename, { workerData: { compiled } });
  try {
    return await new Promise<WorkerReport>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

if (isMainThread) {
  test('a worker given the compiled modules reads no .wasm file, and lints as one that compiles its own', async () => {
    const compiled = await compileWasm(['python', 'typescript']);
    const shared = await inWorker(compiled);
    const own = await inWorker(undefined);
    // The count works: a worker on its own reads the runtime and both grammars.
    assert.deepEqual([...own.wasmFilesRead].sort(), ['tree-sitter-python.wasm', 'tree-sitter-typescript.wasm', 'tree-sitter.wasm']);
    assert.deepEqual(shared.wasmFilesRead, []);
    assert.deepEqual(shared.roots, ['module', 'program']);
    assert.ok(shared.findings.length >= 2, `findings: ${shared.findings.join(', ')}`);
    assert.deepEqual(shared.findings, own.findings);
  });

  test('a runtime module that does not instantiate makes loading fail with its error, not wait for ever', { timeout: 30_000 }, async () => {
    const compiled = await compileWasm(['python']);
    // A grammar's module in the runtime's place: its imports are not the runtime's.
    const report = await inWorker({ runtime: compiled.grammars.python!, grammars: compiled.grammars });
    assert.match(report.error ?? '', /Import|import|instantiate|WebAssembly/, `the worker reported ${JSON.stringify(report)}`);
  });
} else {
  void (async () => {
    const wasmFilesRead: string[] = [];
    // The module object itself (what the bundle's `fs.readFileSync` reads), not an import binding of it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require('node:fs') as Record<string, (...args: unknown[]) => unknown>;
    const spy = (name: 'readFileSync' | 'readFile') => {
      const original = fs[name];
      fs[name] = (file: unknown, ...rest: unknown[]) => {
        if (String(file).endsWith('.wasm')) wasmFilesRead.push(path.basename(String(file)));
        return original(file, ...rest);
      };
    };
    spy('readFileSync');
    spy('readFile');
    const { compiled } = workerData as { compiled?: CompiledWasm };
    if (compiled) useCompiledWasm(compiled);
    try {
      await initAnalysis(['python', 'typescript']);
    } catch (error) {
      parentPort!.postMessage({ wasmFilesRead, roots: [], findings: [], error: String(error) } satisfies WorkerReport);
      return;
    }
    const roots = [parse('python', PYTHON).rootNode.type, parse('typescript', SCRIPT).rootNode.type];
    const findings = [...analyzeText(PYTHON, 'tools.py')!.findings, ...analyzeText(SCRIPT, 'server.ts')!.findings].map((finding) => finding.code);
    parentPort!.postMessage({ wasmFilesRead, roots, findings } satisfies WorkerReport);
  })();
}
