/**
 * Watches the bytes a client sends over stdio for messages that cannot be framed. vscode-jsonrpc
 * reports a header without a numeric Content-Length (or a header line without `:`) as an error
 * and then stays out of step with the stream: every later message is lost while the server looks
 * alive, so the client waits forever. On the first such header the server ends instead (exit code
 * 1, as for `exit` without `shutdown`), and the client sees the connection close and can restart it.
 */
const HEADER_END = Buffer.from('\r\n\r\n');
/** No client sends headers this long; more bytes without a header end are not LSP. */
const MAX_HEADER_BYTES = 64 * 1024;

export function watchFraming(input: NodeJS.ReadableStream, onBroken: (reason: string) => void): void {
  let buffer: Buffer = Buffer.alloc(0);
  /** Bytes of the current message's body still to come; -1 while reading a header. */
  let bodyLeft = -1;
  let broken = false;
  input.on('data', (chunk: Buffer) => {
    if (broken) return;
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (bodyLeft >= 0) {
        if (buffer.length < bodyLeft) {
          bodyLeft -= buffer.length;
          buffer = Buffer.alloc(0);
          return;
        }
        buffer = buffer.subarray(bodyLeft);
        bodyLeft = -1;
      }
      const end = buffer.indexOf(HEADER_END);
      if (end < 0) {
        if (buffer.length > MAX_HEADER_BYTES) fail(`${buffer.length} bytes without the end of a header`);
        return;
      }
      const length = contentLength(buffer.subarray(0, end).toString('latin1'));
      if (typeof length === 'string') return fail(length);
      buffer = buffer.subarray(end + HEADER_END.length);
      bodyLeft = length;
    }
  });

  function fail(reason: string): void {
    broken = true;
    onBroken(reason);
  }
}

/** The Content-Length of a header block, or why there is none. */
function contentLength(header: string): number | string {
  let length: number | string = 'a header without Content-Length';
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `a header line without a name: ${JSON.stringify(line.slice(0, 80))}`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    length = /^\d+$/.test(value) ? Number(value) : `Content-Length ${JSON.stringify(value.slice(0, 40))} is not a number`;
  }
  return length;
}
