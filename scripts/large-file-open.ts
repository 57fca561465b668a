// How long a large file holds the server when it opens: with a small file open, opens a generated
// Python file of LINES lines (default 130,000, about 4.7 MB, near the 5 MB the server lints) over
// stdio and sends a hover on the small file every 100 ms meanwhile; prints when the large file's
// first diagnostics came and when each hover was answered (a hover waits while the server is held).
// node dist/tools/large-file.js [LINES]
import * as path from 'node:path';
import { generatePython } from '../bench/generate';
import { LspSession } from '../bench/lsp-session';

(async () => {
  const lines = Number(process.argv[2] ?? 130_000);
  const text = generatePython(lines, 7);
  const session = await LspSession.start(path.join(__dirname, '..', 'server.js'));
  const small = 'file:///large/small.py';
  const smallOpened = session.diagnosticsOf(small, 1);
  await session.open(small, 'python', generatePython(60, 7));
  await smallOpened;
  await session.untilIdle();
  const uri = 'file:///large/tools.py';
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const first = session.diagnosticsOf(uri, 1);
  await session.open(uri, 'python', text);
  const hovers: Array<Promise<string>> = [];
  const timer = setInterval(() => {
    const sent = since();
    hovers.push(session.connection.sendRequest('textDocument/hover', { textDocument: { uri: small }, position: { line: 20, character: 10 } }).then(() => `${sent}->${since()}`));
  }, 100);
  const { at } = await first;
  clearInterval(timer);
  console.log(`${lines.toLocaleString('en')} lines, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB: first diagnostics after ${Math.round(at - started)} ms`);
  console.log(`hovers, sent -> answered (ms since the file was opened): ${(await Promise.all(hovers)).join(' ')}`);
  await session.stop();
})();
