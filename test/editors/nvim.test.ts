// Neovim 0.7 as the LSP client of `node dist/server.js --stdio` (nvim/lsp-check.lua): diagnostics as the
// fixtures' reviewed expectations, hovers (a flag, the tool card as its float shows it), completion after `ServiceDomain.`, the preferred quick-fix applied by Neovim.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { repoRoot } from '../helpers/fixtures';
import { describeEditor } from './lsp-editor';
import { CARD_TABLE, cardHeading, PLAN } from './shared';

describeEditor('Neovim 0.7 as an LSP client', {
  name: 'Neovim',
  command: 'nvim',
  args: (file) => ['--headless', '-n', '-i', 'NONE', '-u', path.join(repoRoot(), 'test', 'editors', 'nvim', 'lsp-check.lua'), file],
}, (result, file) => {
  // The tool card in Neovim's hover float: Markdown lines as written (no HTML to hide), its table's rows whole.
  const shown = result.cardShown ?? [];
  assert.ok(shown[0]?.startsWith(cardHeading(PLAN[file].card.tool)), JSON.stringify(shown));
  assert.ok(shown.includes(CARD_TABLE), JSON.stringify(shown));
  assert.ok(shown.every((line) => !/<\/?[a-z][^>]*>/i.test(line)), JSON.stringify(shown));
});
