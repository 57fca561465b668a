// The V8 code caches of the CLI's and the server's bundles (server/src/entry/code-cache.ts), made by esbuild.mjs: each
// entry point run as users run it, with MCP_TOOL_LINT_CODE_CACHE_OUT set to where its cache goes; it writes the
// cache as it exits.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const LANGUAGE_IDS = { '.py': 'python', '.ts': 'typescript', '.js': 'javascript', '.go': 'go', '.cs': 'csharp' };

/** A lint of `inputs` by `cliJs` on one thread, so that the main thread compiles all that a lint runs. */
export function makeCliCodeCache(cliJs, out, inputs, cwd) {
  const run = spawnSync(process.execPath, [cliJs, '--exit-zero', '--format', 'json', ...inputs], {
    cwd,
    env: { ...process.env, MCP_TOOL_LINT_CODE_CACHE_OUT: out, MCP_TOOL_LINT_WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0 || !fs.existsSync(out)) throw new Error(`the CLI's code cache was not made (exit ${run.status}): ${run.stderr}`);
}

/**
 * An LSP session of `serverJs` as an editor starts one: initialize, open each file and wait for its diagnostics,
 * shut down. The client declares no capabilities, so the server asks it nothing; a request it sends anyway is
 * answered with null.
 */
export function makeServerCodeCache(serverJs, out, files, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverJs, '--stdio', '--no-warm-up'], {
      env: { ...process.env, MCP_TOOL_LINT_CODE_CACHE_OUT: out },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    const fail = (why) => {
      child.kill();
      reject(new Error(`the server's code-cache session ${why}: ${stderr.trim()}`));
    };
    const timer = setTimeout(() => fail(`took over ${timeoutMs} ms`), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && fs.existsSync(out)) resolve();
      else fail(`ended with exit code ${code} and no cache`);
    });

    const waiting = new Map();
    const next = (key) => new Promise((resolveKey) => waiting.set(key, resolveKey));
    const send = (message) => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
      child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    };
    let buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString('latin1'))?.[1]);
        if (buffer.length < end + 4 + length) return;
        const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
        buffer = buffer.subarray(end + 4 + length);
        if (message.method && message.id !== undefined) send({ id: message.id, result: null });
        const key = message.method === 'textDocument/publishDiagnostics' ? `diagnostics ${message.params.uri}` : message.method ? undefined : `response ${message.id}`;
        waiting.get(key)?.(message);
        waiting.delete(key);
      }
    });

    (async () => {
      const initialized = next('response 1');
      send({ id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, workspaceFolders: null, capabilities: {} } });
      await initialized;
      send({ method: 'initialized', params: {} });
      for (const file of files) {
        const uri = pathToFileURL(file).href;
        const diagnosed = next(`diagnostics ${uri}`);
        send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: LANGUAGE_IDS[path.extname(file)], version: 1, text: fs.readFileSync(file, 'utf8') } } });
        await diagnosed;
      }
      const shutDown = next('response 2');
      send({ id: 2, method: 'shutdown' });
      await shutDown;
      send({ method: 'exit' });
    })().catch((error) => fail(String(error)));
  });
}
