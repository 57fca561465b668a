// Neovim 0.7 as the LSP client of `node dist/server.js --stdio` (nvim/lsp-check.lua): diagnostics as the
// fixtures' reviewed expectations, a hover, completion after `ServiceDomain.`, the preferred quick-fix applied by Neovim.
import * as path from 'node:path';
import { repoRoot } from '../helpers/fixtures';
import { describeEditor } from './lsp-editor';

describeEditor('Neovim 0.7 as an LSP client', {
  name: 'Neovim',
  command: 'nvim',
  args: (file) => ['--headless', '-n', '-i', 'NONE', '-u', path.join(repoRoot(), 'test', 'editors', 'nvim', 'lsp-check.lua'), file],
});
