/**
 * `publishDiagnostics` as bytes. A 10,000-line file carries hundreds of diagnostics, and every
 * keystroke re-sends all of them: JSON.stringify and the UTF-8 copy of that message were a fifth of
 * a keystroke, and most of what the server allocated per keystroke. Here each finding's diagnostic
 * is built and encoded once, and kept while the finding is unchanged (the same object, with the
 * same range, message and related information); a message is the cached pieces put together.
 *
 * The JSON is ASCII: other characters go as `\uXXXX` escapes (the same JSON value). One en dash
 * in a message makes the whole message text two bytes per character once the client decodes it,
 * and its JSON.parse slower: 354 KB of diagnostics with eight dashes took 3.7 ms to decode and parse
 * in Node, 2.5 ms escaped.
 *
 * Only stream transports (`--stdio`, `--pipe`, `--socket`) go through an encoder we can choose;
 * over `--node-ipc` Node serializes the same diagnostic objects itself.
 */
import type { ContentTypeEncoder, ContentTypeEncoderOptions, Diagnostic, Message } from 'vscode-languageserver/node';
import { Finding } from '../core/model';
import { withFields } from '../core/with-fields';

/** On an array of diagnostics: the JSON of each, in order (JSON.stringify ignores symbol keys). */
const ENCODED = Symbol('encoded diagnostics');

type EncodedDiagnostics = Diagnostic[] & { [ENCODED]?: Buffer[] };

interface Cached {
  diagnostic: Diagnostic;
  json: Buffer;
  /** What the diagnostic was made from: the finding's positions are moved in place after edits. */
  snapshot: readonly unknown[];
}

/** The diagnostics of one document, each reused while its finding is unchanged. */
/** The diagnostics' JSON as encoded when each was made (a finding moved later gets a new one): what was published, exactly. */
export function encodedOf(diagnostics: readonly Diagnostic[]): readonly Buffer[] | undefined {
  return (diagnostics as EncodedDiagnostics)[ENCODED];
}

/** Whether two lists of encoded diagnostics say the same. */
export function sameEncoded(a: readonly Buffer[] | undefined, b: readonly Buffer[] | undefined): boolean {
  return !!a && !!b && a.length === b.length && a.every((json, index) => json.equals(b[index]));
}

export class DiagnosticCache {
  private readonly cached = new WeakMap<Finding, Cached>();

  constructor(private readonly toDiagnostic: (finding: Finding) => Diagnostic) {}

  /** The diagnostics of `findings`, carrying their encoded JSON for `wireEncoder`. */
  diagnosticsOf(findings: readonly Finding[]): Diagnostic[] {
    const diagnostics: EncodedDiagnostics = new Array(findings.length);
    const encoded: Buffer[] = new Array(findings.length);
    for (let index = 0; index < findings.length; index++) {
      const finding = findings[index];
      let entry = this.cached.get(finding);
      if (!entry || !sameSnapshot(entry.snapshot, finding)) {
        const diagnostic = this.toDiagnostic(finding);
        entry = { diagnostic, json: Buffer.from(asciiJson(diagnostic), 'latin1'), snapshot: snapshotOf(finding) };
        this.cached.set(finding, entry);
      }
      diagnostics[index] = entry.diagnostic;
      encoded[index] = entry.json;
    }
    diagnostics[ENCODED] = encoded;
    return diagnostics;
  }
}

/** The values a diagnostic is made from, flat: the related information moves with edits too. */
function snapshotOf(finding: Finding): unknown[] {
  const { start, end } = finding.range;
  const values: unknown[] = [finding.code, finding.severity, finding.message, start.line, start.character, end.line, end.character, finding.related.length];
  for (const related of finding.related) {
    values.push(related.message, related.range.start.line, related.range.start.character, related.range.end.line, related.range.end.character);
  }
  return values;
}

function sameSnapshot(snapshot: readonly unknown[], finding: Finding): boolean {
  const { start, end } = finding.range;
  if (snapshot[0] !== finding.code || snapshot[1] !== finding.severity || snapshot[2] !== finding.message
    || snapshot[3] !== start.line || snapshot[4] !== start.character || snapshot[5] !== end.line || snapshot[6] !== end.character
    || snapshot[7] !== finding.related.length) return false;
  let at = 8;
  for (const related of finding.related) {
    const range = related.range;
    if (snapshot[at] !== related.message || snapshot[at + 1] !== range.start.line || snapshot[at + 2] !== range.start.character
      || snapshot[at + 3] !== range.end.line || snapshot[at + 4] !== range.end.character) return false;
    at += 5;
  }
  return true;
}

const NOT_ASCII = /[\u0080-\uffff]/g;

/** JSON.stringify, with every character outside ASCII written as a `\uXXXX` escape. */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(NOT_ASCII, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const COMMA = ','.charCodeAt(0);
const PLACEHOLDER = '"diagnostics":[]';

/**
 * vscode-jsonrpc's JSON encoder, but a `publishDiagnostics` whose diagnostics carry their encoded
 * JSON (DiagnosticCache) is put together from it: the rest of the message is stringified with an
 * empty list, which is then filled with the cached bytes. The bytes go into one buffer kept for the
 * next message: allocating a fresh one of several hundred KB each keystroke cost as much as copying
 * into it, ten times over. So the writer must be done with a message before it encodes the next one
 * (vscode-jsonrpc's stream writer writes one message at a time and waits for the stream's callback).
 */
export function wireEncoder(): ContentTypeEncoder {
  let output = Buffer.alloc(0);
  return {
    name: 'application/json',
    encode(message: Message, options: ContentTypeEncoderOptions): Promise<Uint8Array> {
      try {
        const diagnostics = (message as { params?: { diagnostics?: EncodedDiagnostics } }).params?.diagnostics;
        const encoded = diagnostics?.[ENCODED];
        if (!diagnostics || !encoded || encoded.length !== diagnostics.length || encoded.length === 0) {
          return Promise.resolve(Buffer.from(asciiJson(message), options.charset));
        }
        const params = (message as { params?: object }).params;
        const shell = asciiJson(withFields(message, { params: withFields(params, { diagnostics: [] }) }));
        const at = shell.lastIndexOf(PLACEHOLDER) + PLACEHOLDER.length - 1;
        const head = Buffer.from(shell.slice(0, at), 'latin1');
        const tail = Buffer.from(shell.slice(at), 'latin1');
        let length = head.length + tail.length + encoded.length - 1;
        for (const json of encoded) length += json.length;
        if (output.length < length) output = Buffer.allocUnsafe(Math.max(length, output.length * 2));
        let offset = head.copy(output, 0);
        encoded.forEach((json, index) => {
          if (index > 0) output[offset++] = COMMA;
          offset += json.copy(output, offset);
        });
        offset += tail.copy(output, offset);
        return Promise.resolve(output.subarray(0, offset));
      } catch (error) {
        return Promise.reject(error);
      }
    },
  };
}
