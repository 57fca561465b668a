// Emacs 28 + eglot 1.9 as the LSP client of `node dist/server.js --stdio` (emacs/eglot-check.el): diagnostics as the
// fixtures' reviewed expectations, a hover, completion after `ServiceDomain.`, the preferred quick-fix applied by eglot.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { repoRoot } from '../helpers/fixtures';
import { describeEditor } from './lsp-editor';
import { expectedDiagnostics } from './shared';

/** eglot 1.9's flymake types for the LSP severities (eglot--diag). */
const FLYMAKE_TYPE = { error: 'eglot-error', warning: 'eglot-warning', info: 'eglot-note', hint: 'eglot-note' };

describeEditor('Emacs 28 with eglot as an LSP client', {
  name: 'Emacs',
  command: 'emacs',
  args: (file) => ['-Q', '--batch', '-l', path.join(repoRoot(), 'test', 'editors', 'emacs', 'eglot-check.el'), file],
}, (result, file) => {
  // What flymake shows for each diagnostic.
  assert.deepEqual(
    result.diagnostics.map((d) => [d.line, d.code, d.flymakeType]).sort(),
    expectedDiagnostics(file).map((d) => [d.line, d.rule, FLYMAKE_TYPE[d.severity]]).sort(),
  );
});
