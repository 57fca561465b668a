// Protocol robustness, as raw bytes on the server's stdin (no JSON-RPC library in between to
// tidy them up): bad JSON, wrong Content-Length, missing or ill-typed params, unknown methods,
// positions past the end, edits to documents never opened, requests after shutdown. The server
// answers with an error where the protocol library can, otherwise ignores the message, or ends
// cleanly when the stream can no longer be framed; it never crashes and never hangs.
import * as assert from 'node:assert/strict';
import { ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, test } from 'node:test';
import { SERVER } from '../helpers/lsp-client';

interface Message {
  id?: unknown;
  method?: string;
  params?: { type?: number; message?: string; uri?: string; version?: number };
  result?: unknown;
  error?: { code: number; message: string };
}

const BOUND_MS = 1000;
/** Starting the server and loading the grammars on a busy machine. */
const START_MS = 30_000;

/** The server on raw pipes: bytes in, Content-Length framed messages out. */
class RawServer {
  readonly messages: Message[] = [];
  stderr = '';
  exit: { code: number | null; signal: string | null } | undefined;
  private pending = Buffer.alloc(0);
  private readonly process: ChildProcess;
  private readonly waiters = new Set<() => void>();

  constructor() {
    this.process = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.process.stdout!.on('data', (chunk: Buffer) => this.read(chunk));
    this.process.stderr!.on('data', (chunk: Buffer) => { this.stderr += chunk.toString(); });
    this.process.stdin!.on('error', () => undefined); // writing to a server that ended on purpose
    this.process.on('close', (code, signal) => {
      this.exit = { code, signal };
      this.wake();
    });
  }

  static async started(): Promise<RawServer> {
    const server = new RawServer();
    server.send({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    await server.response('init', START_MS);
    server.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
    // Answered once the grammars are loaded: from here on, every answer is bounded.
    await server.request('warm-up', 'textDocument/hover', { textDocument: { uri: 'file:///work/warm-up.py' }, position: { line: 0, character: 0 } }, START_MS);
    return server;
  }

  write(bytes: string | Buffer): void {
    if (!this.exit) this.process.stdin!.write(bytes);
  }

  /** A well-framed message (the body given as an object or raw text). */
  send(body: unknown): void {
    const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    this.write(Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]));
  }

  /** Sends a request and resolves with its response (within `ms`, or rejects). */
  request(id: number | string, method: string, params?: unknown, ms = BOUND_MS): Promise<Message> {
    this.send(params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params });
    return this.response(id, ms);
  }

  response(id: unknown, ms = BOUND_MS): Promise<Message> {
    return this.until(() => this.messages.find((message) => message.id === id && message.method === undefined), `the response to ${String(id)}`, ms);
  }

  until<T>(condition: () => T | undefined, what: string, ms = BOUND_MS): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = condition();
        if (value === undefined) return;
        done();
        resolve(value);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${what} within ${ms} ms (exit: ${JSON.stringify(this.exit)}, stderr: ${this.stderr})`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Error-level log messages the server sent. */
  errorLogs(): string[] {
    return this.messages.filter((m) => m.method === 'window/logMessage' && m.params?.type === 1).map((m) => m.params!.message!);
  }

  kill(): void {
    if (!this.exit) this.process.kill();
  }

  private read(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const end = this.pending.indexOf('\r\n\r\n');
      if (end < 0) break;
      const length = Number(/Content-Length: (\d+)/i.exec(this.pending.subarray(0, end).toString())?.[1]);
      if (this.pending.length < end + 4 + length) break;
      this.messages.push(JSON.parse(this.pending.subarray(end + 4, end + 4 + length).toString()) as Message);
      this.pending = this.pending.subarray(end + 4 + length);
    }
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}

const HOVER = { textDocument: { uri: 'file:///work/tools.py' }, position: { line: 0, character: 0 } };
const TOOL = '@app.tool(metadata=ToolMetadata(behavior=Behavior(operations=[Operation.DELETE], destructive=False)))\ndef delete_x() -> None: ...\n';

let server: RawServer | undefined;
afterEach(() => server?.kill());

/** The server still answers a request in time after whatever came before. */
async function stillAnswers(raw: RawServer, id: number): Promise<void> {
  const response = await raw.request(id, 'textDocument/hover', HOVER);
  assert.equal(response.error, undefined);
  assert.equal(raw.exit, undefined);
}

describe('messages the protocol library can answer or ignore', () => {
  test('bad JSON with a correct Content-Length is ignored; the next request is answered', async () => {
    server = await RawServer.started();
    server.send('{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", "params": {');
    server.send('not json at all \u0000\uFFFD');
    await stillAnswers(server, 1);
  });

  test('JSON that is not a JSON-RPC message (null, an array, an object id) is logged and ignored', async () => {
    server = await RawServer.started();
    server.send('null');
    server.send([{ jsonrpc: '2.0', id: 6, method: 'textDocument/hover', params: HOVER }]);
    server.send({ jsonrpc: '2.0', id: { nested: true }, method: 'textDocument/hover', params: HOVER });
    await stillAnswers(server, 2);
    assert.equal(server.messages.filter((m) => m.id === 6).length, 0);
  });

  test('a request without params gets InvalidParams; a notification without params is ignored', async () => {
    server = await RawServer.started();
    assert.equal((await server.request(3, 'textDocument/hover')).error?.code, -32602);
    assert.equal((await server.request(4, 'mcpToolLint/previewAnnotations')).error?.code, -32602);
    server.send({ jsonrpc: '2.0', method: 'textDocument/didOpen' });
    server.send({ jsonrpc: '2.0', method: 'textDocument/didChange' });
    await stillAnswers(server, 5);
  });

  test('params of the wrong types are answered (null or InvalidParams), never with a crash', async () => {
    server = await RawServer.started();
    const bad: Array<[string, unknown]> = [
      ['textDocument/hover', { textDocument: 5, position: 'start' }],
      ['textDocument/completion', { textDocument: { uri: 7 }, position: { line: -1, character: 'x' } }],
      ['textDocument/codeAction', { textDocument: { uri: 'file:///work/tools.py' }, range: null, context: { diagnostics: 'none' } }],
      ['textDocument/inlayHint', { textDocument: { uri: null }, range: 3 }],
      ['mcpToolLint/previewAnnotations', { uri: 42 }],
      ['codeAction/resolve', { title: 1, data: { uri: 2, fileWide: 'x' } }],
      ['workspace/executeCommand', { command: 'mcpToolLint.showDocumentation', arguments: ['https://evil.example/'] }],
    ];
    let id = 10;
    for (const [method, params] of bad) {
      const response = await server.request(id++, method, params);
      assert.ok(response.error === undefined || [-32602, -32603].includes(response.error.code), `${method}: ${JSON.stringify(response.error)}`);
    }
    server.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 9, languageId: [], version: 'one', text: null } } });
    server.send({ jsonrpc: '2.0', method: 'workspace/didChangeConfiguration', params: { settings: { mcpToolLint: { profile: 3, enable: 'yes', rules: { customizations: 'all' } } } } });
    await stillAnswers(server, 30);
  });

  test('an unknown request gets MethodNotFound; an unknown notification is ignored', async () => {
    server = await RawServer.started();
    assert.equal((await server.request(3, 'mcpToolLint/doesNotExist', {})).error?.code, -32601);
    server.send({ jsonrpc: '2.0', method: 'mcpToolLint/noSuchNotification', params: {} });
    server.send({ jsonrpc: '2.0', method: '$/unknownProtocolThing', params: {} });
    await stillAnswers(server, 4);
  });

  test('positions past the end of a document, and edits past it, are answered and applied clamped', async () => {
    server = await RawServer.started();
    const uri = 'file:///work/tools.py';
    server.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'python', version: 1, text: TOOL } } });
    const far = { line: 2 ** 31 - 1, character: 2 ** 31 - 1 };
    let id = 40;
    for (const [method, params] of [
      ['textDocument/hover', { textDocument: { uri }, position: far }],
      ['textDocument/completion', { textDocument: { uri }, position: far }],
      ['textDocument/codeAction', { textDocument: { uri }, range: { start: far, end: far }, context: { diagnostics: [] } }],
      ['textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: far } }],
      ['mcpToolLint/previewAnnotations', { uri, position: far }],
    ] as const) {
      assert.equal((await server.request(id++, method, params)).error, undefined, method);
    }
    server.send({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: far, end: far }, text: '\n# appended' }] } });
    const published = await server.until(() => server!.messages.find((m) => m.method === 'textDocument/publishDiagnostics' && m.params?.version === 2), 'diagnostics for version 2');
    assert.equal(published.params?.uri, uri);
    assert.deepEqual(server.errorLogs(), []);
  });

  test('changes, closes and requests for documents never opened are ignored or answered with nothing', async () => {
    server = await RawServer.started();
    const uri = 'file:///work/never-opened.py';
    server.send({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: TOOL }] } });
    server.send({ jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri } } });
    assert.equal((await server.request(50, 'textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 1 } })).result, null);
    assert.equal((await server.request(51, 'mcpToolLint/previewAnnotations', { uri })).error?.code, -32602);
    assert.deepEqual(server.errorLogs(), []);
    assert.equal(server.messages.filter((m) => m.method === 'textDocument/publishDiagnostics').length, 0);
  });

  test('requests after shutdown are refused with InvalidRequest (ill-formed ones too), notifications ignored; exit then ends with 0', async () => {
    server = await RawServer.started();
    assert.equal((await server.request(60, 'shutdown')).error, undefined);
    for (const [id, method, params] of [[61, 'textDocument/hover', HOVER], [62, 'textDocument/hover', undefined], [63, 'no/such/method', { x: 1 }], [64, 'shutdown', undefined]] as const) {
      const response = await server.request(id, method, params);
      assert.equal(response.error?.code, -32600, `${method}: ${JSON.stringify(response)}`);
      assert.equal(response.result, undefined);
    }
    server.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///work/late.py', languageId: 'python', version: 1, text: 'x = (' } } });
    assert.equal((await server.request(65, 'textDocument/hover', HOVER)).error?.code, -32600);
    server.send({ jsonrpc: '2.0', method: 'exit' });
    await server.until(() => server!.exit, 'the exit');
    assert.equal(server.exit?.code, 0);
    assert.equal(server.stderr, '');
    assert.equal(server.messages.filter((m) => m.method === 'textDocument/publishDiagnostics').length, 0);
  });

  test('exit without shutdown ends with 1; closing stdin ends the server', async () => {
    server = await RawServer.started();
    server.send({ jsonrpc: '2.0', method: 'exit' });
    await server.until(() => server!.exit, 'the exit');
    assert.equal(server.exit?.code, 1);
    const other = await RawServer.started();
    try {
      (other as unknown as { process: ChildProcess }).process.stdin!.end();
      await other.until(() => other.exit, 'the exit after stdin closed', START_MS);
      assert.equal(other.stderr, '');
    } finally {
      other.kill();
    }
  });
});

describe('byte streams that can no longer be framed end the server cleanly', () => {
  const cases: Array<[string, string]> = [
    ['a Content-Length that is too short', 'Content-Length: 5\r\n\r\n{"jsonrpc":"2.0","id":7,"method":"textDocument/hover"}'],
    ['a Content-Length that is not a number', 'Content-Length: many\r\n\r\n{}'],
    ['a negative Content-Length', 'Content-Length: -5\r\n\r\n{}'],
    ['a header without Content-Length', 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"jsonrpc":"2.0","id":7,"method":"x"}'],
    ['bytes that are no header at all', 'GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'],
  ];
  for (const [name, bytes] of cases) {
    test(`${name}: one log line and exit code 1, no crash`, async () => {
      server = await RawServer.started();
      server.write(bytes);
      server.send({ jsonrpc: '2.0', id: 70, method: 'textDocument/hover', params: HOVER });
      await server.until(() => server!.exit, 'the server to end', 5 * BOUND_MS);
      assert.equal(server.exit?.code, 1);
      assert.equal(server.stderr, '', 'no uncaught exception');
      assert.equal(server.errorLogs().filter((line) => line.startsWith('The client sent')).length, 1);
    });
  }

  test('a Content-Length that is too long swallows what follows; once the stream is out of step the server ends', async () => {
    server = await RawServer.started();
    server.write('Content-Length: 300\r\n\r\n{"jsonrpc":"2.0","id":7,"method":"x"}');
    for (let id = 80; id < 90 && !server.exit; id++) server.send({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: HOVER });
    await server.until(() => server!.exit, 'the server to end', 5 * BOUND_MS);
    assert.equal(server.exit?.code, 1);
    assert.equal(server.stderr, '');
  });
});
