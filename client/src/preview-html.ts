/**
 * The "Preview annotations" page: what MCP clients receive for each tool. Pure string
 * building (no vscode import) so it can be tested in Node; every text that comes from
 * source code is escaped, and the page runs only the nonce'd script below.
 */

export interface PreviewTool {
  name: string;
  title: string;
  language: string;
  form: string;
  range: { start: { line: number; character: number } };
  declared: Record<string, boolean>;
  effective: Record<string, boolean>;
  defaulted: string[];
  unknown?: string[];
  findings: Array<{ line: number; column: number; severity: string; code: string; rule: string; message: string }>;
  toolsList: unknown;
  /** The description clients receive, when the linter can read it. */
  description?: string;
  /** The input parameters with their descriptions, when the linter can list them. */
  parameters?: Array<{ name: string; description?: string }>;
  arcadeMeta?: unknown;
  webhookMetadata?: unknown;
  note?: string;
  /** In a server's preview: the document declaring the tool. */
  uri?: string;
  /** In a server's preview: how the server got the tool from another one (mount, import_server). */
  composed?: { declaredName?: string; prefixes: string[]; from?: { name: string } };
}

export interface PreviewData {
  file: string;
  /** Set when the request was on a server's definition: the tools are every tool it lists. */
  server?: { name: string; variable?: string; uri: string };
  tools: PreviewTool[];
  selected?: number;
  skipped?: string;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function jsonBlock(id: string, label: string, value: unknown): string {
  const json = JSON.stringify(value, null, 2);
  return `<section class="json"><header><span>${escapeHtml(label)}</span>`
    + `<button type="button" class="copy" data-copy="${escapeHtml(id)}">Copy</button></header>`
    + `<pre id="${escapeHtml(id)}">${escapeHtml(json)}</pre></section>`;
}

function hintRows(tool: PreviewTool): string {
  return HINTS.map((hint) => {
    const declared = hint in tool.declared ? String(tool.declared[hint]) : '—';
    const unknown = tool.unknown?.includes(hint);
    const defaulted = tool.defaulted.includes(hint);
    const effective = `${String(tool.effective[hint])}${defaulted ? ' <span class="default">(spec default)</span>' : ''}`
      + `${unknown ? ' <span class="unknown">(value not known statically)</span>' : ''}`;
    return `<tr><th scope="row">${hint}</th><td>${escapeHtml(declared)}</td><td>${effective}</td></tr>`;
  }).join('');
}

function findingsList(tool: PreviewTool): string {
  if (tool.findings.length === 0) return '<p class="clean">No problems.</p>';
  const items = tool.findings.map((finding) =>
    `<li class="${escapeHtml(finding.severity)}"><span class="where">${finding.line}:${finding.column}</span> `
    + `<span class="severity">${escapeHtml(finding.severity)}</span> ${escapeHtml(finding.message)} `
    + `<code>${escapeHtml(finding.code)} ${escapeHtml(finding.rule)}</code></li>`).join('');
  return `<ul class="findings">${items}</ul>`;
}

/** The description a model reads (its line breaks kept), and each parameter's. */
function describedSection(tool: PreviewTool): string {
  const description = tool.description !== undefined
    ? `<p class="description">${escapeHtml(tool.description)}</p>`
    : '<p class="unknown">Description: none the linter can read.</p>';
  if (!tool.parameters) return description;
  if (tool.parameters.length === 0) return `${description}<p class="meta">No input parameters.</p>`;
  const rows = tool.parameters.map((parameter) => `<tr><th scope="row">${escapeHtml(parameter.name)}</th><td>`
    + `${parameter.description !== undefined ? escapeHtml(parameter.description) : '<span class="unknown">(no description)</span>'}</td></tr>`).join('');
  return `${description}<table class="parameters"><thead><tr><th>Parameter</th><th>Description</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Where a tool is declared: `line N` in a file's preview, `file:line` in a server's. */
function whereDeclared(tool: PreviewTool, showUri: (uri: string) => string): string {
  const line = tool.range.start.line + 1;
  return tool.uri ? `${escapeHtml(showUri(tool.uri))}:${line}` : `line ${line}`;
}

function composedNote(tool: PreviewTool): string {
  if (!tool.composed) return '';
  const from = tool.composed.from ? ` from server ${escapeHtml(tool.composed.from.name)}` : '';
  const prefix = tool.composed.prefixes.length ? ` with the prefix ${escapeHtml(tool.composed.prefixes.join('_'))}` : '';
  return `<p class="note">Declared as ${escapeHtml(tool.composed.declaredName ?? tool.name)}, listed${from}${prefix}.</p>`;
}

/** Arcade sends the same object as `_meta.arcade.metadata` and as the webhook metadata: then it is shown once, saying so. */
function metadataBlocks(tool: PreviewTool, index: number): string[] {
  const { arcadeMeta, webhookMetadata } = tool;
  if (arcadeMeta !== undefined && JSON.stringify(arcadeMeta) === JSON.stringify(webhookMetadata)) {
    return [jsonBlock(`arcade-meta-${index}`, '_meta.arcade.metadata, also the webhook metadata', arcadeMeta)];
  }
  const blocks: string[] = [];
  if (arcadeMeta !== undefined) blocks.push(jsonBlock(`arcade-meta-${index}`, '_meta.arcade.metadata', arcadeMeta));
  if (webhookMetadata !== undefined) blocks.push(jsonBlock(`webhook-${index}`, 'Webhook metadata', webhookMetadata));
  return blocks;
}

function toolSection(tool: PreviewTool, index: number, selected: boolean, showUri: (uri: string) => string): string {
  const blocks = [jsonBlock(`tools-list-${index}`, 'tools/list entry', tool.toolsList), ...metadataBlocks(tool, index)];
  return `<article class="tool${selected ? ' selected' : ''}" id="tool-${index}">`
    + `<h2>${escapeHtml(tool.name)}</h2>`
    + `<p class="meta">Title: <strong>${escapeHtml(tool.title)}</strong> · ${escapeHtml(tool.form)} · ${whereDeclared(tool, showUri)}</p>`
    + composedNote(tool)
    + (tool.note ? `<p class="note">${escapeHtml(tool.note)}</p>` : '')
    + describedSection(tool)
    + `<table><thead><tr><th>Hint</th><th>Declared</th><th>Client sees</th></tr></thead><tbody>${hintRows(tool)}</tbody></table>`
    + `<h3>Problems</h3>${findingsList(tool)}${blocks.join('')}</article>`;
}

const STYLE = `
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
article.tool { border-left: 3px solid transparent; padding-left: .75em; margin-bottom: 2em; }
article.selected { border-left-color: var(--vscode-focusBorder); }
table { border-collapse: collapse; } th, td { text-align: left; padding: .15em .8em .15em 0; }
.default, .unknown, .meta, .note { color: var(--vscode-descriptionForeground); }
.findings .error .severity { color: var(--vscode-errorForeground); }
.findings .warning .severity { color: var(--vscode-editorWarning-foreground); }
.findings .info .severity { color: var(--vscode-editorInfo-foreground); }
pre { background: var(--vscode-textCodeBlock-background); padding: .5em; overflow-x: auto; }
p.description { white-space: pre-wrap; }
table.parameters { margin-bottom: .75em; }
section.json header { display: flex; justify-content: space-between; align-items: center; margin-top: .75em; }
`;

/** The last segment of a uri, decoded: how a server's preview names files unless told otherwise. */
function fileName(uri: string): string {
  const last = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

export function renderPreviewHtml(data: PreviewData | undefined, options: { nonce: string; cspSource: string; message?: string; showUri?: (uri: string) => string }): string {
  const csp = `default-src 'none'; style-src ${options.cspSource} 'nonce-${options.nonce}'; script-src 'nonce-${options.nonce}';`;
  let body: string;
  if (!data) body = `<p>${escapeHtml(options.message ?? 'Open a Python, TypeScript or JavaScript file to preview its tools.')}</p>`;
  else if (data.tools.length === 0 && !data.server) body = `<p>No MCP tools in ${escapeHtml(data.file)}${data.skipped ? ` (${escapeHtml(data.skipped)})` : ''}.</p>`;
  else body = data.tools.map((tool, index) => toolSection(tool, index, index === data.selected, options.showUri ?? fileName)).join('');
  if (data?.server) {
    const count = `${data.tools.length} tool${data.tools.length === 1 ? '' : 's'}`;
    body = `<h2 class="server">Server ${escapeHtml(data.server.name)}</h2><p class="meta">${count} in its tools/list, across the project.</p>${body}`;
  }
  const script = `const vscode = acquireVsCodeApi();
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const block = document.getElementById(button.dataset.copy);
  if (block) vscode.postMessage({ type: 'copy', text: block.textContent });
});
const selected = document.querySelector('article.selected');
if (selected) selected.scrollIntoView({ block: 'start' });`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">`
    + `<meta http-equiv="Content-Security-Policy" content="${csp}">`
    + `<meta name="viewport" content="width=device-width, initial-scale=1.0">`
    + `<style nonce="${options.nonce}">${STYLE}</style><title>MCP annotations</title></head>`
    + `<body><h1>What MCP clients receive</h1>${body}<script nonce="${options.nonce}">${script}</script></body></html>`;
}
