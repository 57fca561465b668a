/**
 * `mcpToolLint/previewAnnotations` on a server's definition (`mcp = FastMCP(...)`,
 * `const server = new McpServer(...)`): the whole server's preview (core/server-preview.ts), every
 * tool it lists across the project with LSP ranges and each tool's uri. Reads the project through
 * the server's project index when it has one, else through an index of the document's project
 * root built on demand (and kept, following the open documents).
 */
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver/node';
import { analyzeText, initAnalysis } from '../../core/analyze';
import { TolerantConfigLoader } from '../../core/config/config';
import { discoverFiles } from '../../core/discover';
import { DiskFileSystem } from '../../core/project/file-system';
import { isSourceFile, readFacts, serversOfFacts } from '../../core/project/modules';
import { ProjectIndex } from '../../core/project/project-index';
import type { RemoteTool, ServerRef } from '../../core/project/view';
import type { ToolProjection } from '../../core/projection';
import { previewServer, serverName } from '../../core/server-preview';
import type { ServerContext } from '../context';
import type { LintSettings } from '../settings';
import { withFields } from '../../core/with-fields';

export interface ServerPreviewTool extends ToolProjection {
  /** The document declaring the tool. */
  uri: string;
  composed?: { declaredName?: string; prefixes: string[]; from?: ServerJson };
}

interface ServerJson {
  name: string;
  variable: string;
  uri: string;
  range: Range;
}

export interface ServerPreviewResult {
  /** The document asked about. */
  file: string;
  server: ServerJson;
  tools: ServerPreviewTool[];
}

/**
 * The preview of the server whose definition is at `position` of `uri`, or undefined when no
 * server is defined there. `index` (or the server's background index of the workspace folders)
 * reads the project; for a document outside them, an index of its package (the nearest folder
 * with a manifest, at most MAX_ON_DEMAND_FILES files, else the open documents) is built on demand.
 */
export async function serverPreview(index: ProjectIndex | undefined, uri: string, position: Position, context: ServerContext): Promise<ServerPreviewResult | undefined> {
  const file = filePath(uri);
  const document = context.documents.get(uri);
  // The cursor is seldom on a server's definition: a look at its line, then the document's own servers, before any index.
  if (!file || !document || !mayDefineServer(document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } }))) return undefined;
  if (!definesServerAt(file, document.getText(), position, (await context.settings.settingsFor(uri)).serverModules)) return undefined;
  const project = index ?? context.project.indexOf(file) ?? await onDemandIndex(file, context);
  const server = project.serversIn(file).find((candidate) => contains(candidate.range, position));
  if (!server) return undefined;
  const files = [...new Set(project.toolsOnServer(server.key).map((tool: RemoteTool) => tool.file))];
  const settings = new Map<string, LintSettings>();
  for (const other of files) settings.set(other, await context.settings.settingsFor(uriOf(other)));
  const analyse = (other: string) => {
    const text = project.fs.readText(other);
    return text === undefined ? undefined : analyzeText(text, other, withFields(settings.get(other), { project: project.viewFor(other), allEffects: true }));
  };
  const tools = previewServer(project, server, analyse, uriOf).map(({ projection, file: declaredIn, composed }): ServerPreviewTool => withFields(projection, {
    uri: uriOf(declaredIn),
    ...(composed ? { composed: { declaredName: composed.declaredName, prefixes: composed.prefixes, ...(composed.fromServer ? { from: serverJson(composed.fromServer) } : {}) } } : {}),
  }));
  return { file: uri, server: serverJson(server), tools };
}

/** A textual pre-filter on the line under the cursor: an assignment naming a server class (`FastMCP`, `MCPApp`, `McpServer`, `Server`) or a `new`. */
function mayDefineServer(line: string): boolean {
  return line.includes('=') && ['MCP', 'Mcp', 'Server', 'new '].some((word) => line.includes(word));
}

function definesServerAt(file: string, text: string, position: Position, serverModules: readonly string[]): boolean {
  return serversOfFacts(readFacts(file, text, serverModules)).some((server) => contains(server.range, position));
}

function serverJson(server: ServerRef): ServerJson {
  return { name: serverName(server), variable: server.variable, uri: uriOf(server.file), range: server.range };
}

function filePath(uri: string): string | undefined {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

function uriOf(file: string): string {
  return pathToFileURL(file).href;
}

function contains(range: Range, position: Position): boolean {
  const after = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const before = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return after && before;
}

/** Indexes built on demand, by project root, with the versions of the open documents they last saw. */
const onDemand = new Map<string, { index: ProjectIndex; versions: Map<string, number> }>();

async function onDemandIndex(file: string, context: ServerContext): Promise<ProjectIndex> {
  await initAnalysis();
  const root = nearestPackageRoot(file);
  let entry = onDemand.get(root);
  if (!entry) {
    const overlay = (absolute: string) => context.documents.get(uriOf(absolute))?.getText();
    const settings = await context.settings.settingsFor(uriOf(file));
    const index = new ProjectIndex([root], new DiskFileSystem([root], overlay, settings.maxFileSize), { serverModules: settings.serverModules });
    index.addCandidates([file, ...discoverable(root)]);
    onDemand.set(root, (entry = { index, versions: new Map() }));
  }
  followOpenDocuments(entry, root, context);
  entry.index.summariseAll();
  return entry.index;
}

/** Outside the workspace folders: the nearest folder above `file` holding a package manifest, else its own folder. */
function nearestPackageRoot(file: string): string {
  const disk = new DiskFileSystem(['/']);
  for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (PACKAGE_MANIFESTS.some((manifest) => disk.isFile(path.join(dir, manifest))) || disk.list(dir).some((name) => name.endsWith('.csproj'))) return dir;
  }
  return path.dirname(file);
}

const PACKAGE_MANIFESTS = ['package.json', 'pyproject.toml', 'setup.py', 'go.mod'];

/**
 * At most this many files are discovered for a preview outside the workspace folders: answering
 * must not wait for a large tree (a repository's root) to be summarised; beyond it, the open
 * documents are what is indexed.
 */
const MAX_ON_DEMAND_FILES = 300;

/** The source files discovery finds below `root` (none when it cannot be read, a document not saved to disk, the file system's root, or too many). */
function discoverable(root: string): string[] {
  if (path.dirname(root) === root) return [];
  try {
    const files = discoverFiles([root], { loader: new TolerantConfigLoader(), note: () => undefined }).map((target) => target.absolute);
    return files.length <= MAX_ON_DEMAND_FILES ? files : [];
  } catch {
    return [];
  }
}

/** Open documents win over the disk: a document opened, edited or closed since the last request is read again. */
function followOpenDocuments(entry: { index: ProjectIndex; versions: Map<string, number> }, root: string, context: ServerContext): void {
  const open = new Map<string, number>();
  for (const document of context.documents.all()) {
    const file = filePath(document.uri);
    if (file && isSourceFile(file) && !path.relative(root, file).startsWith('..')) open.set(file, document.version);
  }
  for (const [file, version] of open) {
    if (entry.versions.get(file) === version) continue;
    entry.index.changed(file);
    entry.versions.set(file, version);
  }
  for (const file of [...entry.versions.keys()]) {
    if (open.has(file)) continue;
    entry.index.changed(file);
    entry.versions.delete(file);
  }
}
