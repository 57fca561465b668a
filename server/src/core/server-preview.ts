/**
 * "Preview a whole server" (design.md, "Stable interfaces": `preview FILE --server NAME`): every
 * tool a server lists across the project (the `tools/list` a client receives), each as the
 * per-tool projection of its own file, composed servers' tools under their prefixed names. The
 * CLI and the language server call this and place the positions as each of them does.
 */
import type { AnalysisResult } from './analyze';
import { UNKNOWN_PREFIX } from './project/facts-python';
import { remoteToolRange } from './project/modules';
import type { ProjectIndex } from './project/project-index';
import type { RemoteTool, ServerRef } from './project/view';
import { findingsOfDeclaration, JsonFinding, projectTool, toJsonFinding, ToolProjection, withEffects } from './projection';
import { withFields } from './with-fields';

/** One tool of a server's preview: its projection, the file that declares it, and how the server got it. */
export interface ServerTool {
  projection: ToolProjection;
  /** The absolute path of the file declaring the tool. */
  file: string;
  /** Set for a tool listed through a composition (`mount`, `import_server`, `add_tools_from_module`). */
  composed?: RemoteTool['composed'];
}

/** The server `name` names as `file` sees it (its variable, the local name it is imported under, or its constructor's name). */
export function findServer(index: ProjectIndex, file: string, name: string): { server?: ServerRef; known: string[] } {
  const seen = index.serversSeenFrom(file);
  const found = seen.find((entry) => entry.local === name)
    ?? seen.find((entry) => entry.server.variable === name)
    ?? seen.find((entry) => entry.server.name === name);
  const known = [...new Set(seen.map((entry) => entry.server.name && entry.server.name !== entry.local ? `${entry.local} ("${entry.server.name}")` : entry.local))];
  return { server: found?.server, known };
}

/** The display name of a server: the name given to its constructor, else its variable. */
export function serverName(server: ServerRef): string {
  return server.name ?? server.variable;
}

/**
 * Every tool `server` lists, in the order the index knows them (registered ones by module, then
 * composed ones). `analyse` gives a file's analysis with its project view; `display` names a file
 * in findings as the output names files.
 */
export function previewServer(index: ProjectIndex, server: ServerRef, analyse: (file: string) => AnalysisResult | undefined, display: (absolute: string) => string): ServerTool[] {
  const analyses = new Map<string, AnalysisResult | undefined>();
  const tools: ServerTool[] = [];
  for (const tool of index.toolsOnServer(server.key)) {
    if (!analyses.has(tool.file)) analyses.set(tool.file, analyse(tool.file));
    const analysis = analyses.get(tool.file);
    const at = analysis?.declarations.findIndex((declaration) => sameRange(remoteToolRange(declaration), tool.range)) ?? -1;
    if (!analysis || at < 0) continue;
    const shown = display(tool.file);
    const findings: JsonFinding[] = findingsOfDeclaration(analysis.declarations, analysis.findings, at).map((finding) => toJsonFinding(finding, shown, display));
    const projection = withEffects(projectTool(analysis.declarations[at], findings, display), analysis.effects?.of(analysis.declarations[at]), display);
    if (tool.composed) listUnderPrefixes(projection, tool.composed.prefixes);
    tools.push({ projection, file: tool.file, composed: tool.composed });
  }
  return tools;
}

/** FastMCP lists a composed server's tool as `${prefix}_${name}` (each composition adds its prefix). */
function listUnderPrefixes(projection: ToolProjection, prefixes: readonly string[]): void {
  if (!prefixes.length) return;
  const prefix = prefixes.map((part) => `${part}_`).join('');
  projection.name = `${prefix}${projection.name}`;
  projection.toolsList = withFields(projection.toolsList, { name: `${prefix}${projection.toolsList.name}` });
  if (prefixes.includes(UNKNOWN_PREFIX)) projection.note = `The prefix it is mounted under is not known statically: clients see "${projection.name}" with ${UNKNOWN_PREFIX} filled in.`;
}

function sameRange(a: RemoteTool['range'], b: RemoteTool['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
