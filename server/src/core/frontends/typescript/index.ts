/**
 * TypeScript / JavaScript front end: finds the tool declarations of a file (every form of
 * rules.md, "Declaration forms") and reads them into the shared model. Each declaration is
 * read on its own, so a half-typed one cannot lose the others.
 */
import { Node, Tree } from 'web-tree-sitter';
import { SourceText } from '../../source-text';
import { ToolDeclaration } from '../../model';
import { GrammarId, languageOfGrammar } from '../../parse/parser';
import { callSyntax, rebuildCalls } from './calls';
import { FileContext } from './context';
import { classTool } from './forms/class-tool';
import { objectLiteralTool } from './forms/object-literal';
import { SDK_METHODS, sdkCallTool } from './forms/sdk-calls';
import { rebuiltNonTable, tableEntryTool, toolTableEntries } from './forms/tool-table';
import { DEFAULT_SERVER_MODULES, ImportBinding, importBindings, importedModules, importFacts, isServerModule } from './imports';
import { objectSyntax, ObjectSyntax, rebuildObjects, withNestedObjects } from './objects';
import { Scope } from './scope';
import { registrationOf, ScriptReceiver } from './servers';
import { findWrappers, wrappedRegistration } from './wrappers';
import { boundTableName, registeredTableImports } from './table-uses';
import { calleeProperty, literalKeyName } from './syntax';
import { collectFileNodes, FileNodes } from './walk';
import { ValueReader } from './values';
import { ProjectView, RegistrationWrapper } from '../../project/view';
import { withFields } from '../../with-fields';

export { DEFAULT_SERVER_MODULES } from './imports';

export interface ScriptFrontendOptions {
  /** Modules whose importers register tools (the config key `serverModules` extends the default list). */
  serverModules?: readonly string[];
  /** The rest of the project (servers, wrappers and tools of other modules, manifest evidence). */
  project?: ProjectView;
  /**
   * Only the declarations of the top-level statements that start in these 0-based row ranges
   * (inclusive), for incremental analysis; the whole file still gives the imports and constants.
   */
  rows?: ReadonlyArray<readonly [number, number]>;
}

/** Whether a node lies in one of the top-level statements `rows` selects (always, without `rows`). */
function statementFilter(root: Node, rows: ScriptFrontendOptions['rows']): (start: number) => boolean {
  if (!rows) return () => true;
  const spans = root.namedChildren
    .filter((statement): statement is Node => !!statement && rows.some(([first, last]) => statement.startPosition.row >= first && statement.startPosition.row <= last))
    .map((statement) => [statement.startIndex, statement.endIndex] as const);
  return (start) => spans.some(([from, to]) => start >= from && start < to);
}

/** Runs one extraction; a failure on one declaration (half-typed code) drops only that one. */
function attempt(context: FileContext, start: number, read: () => ToolDeclaration | undefined, into: ToolDeclaration[]): void {
  context.track?.(start);
  try {
    const declaration = read();
    if (declaration) into.push(declaration);
  } catch {
    // Nothing to report: the syntax tree already shows the author where the code is broken.
  }
}

/** The tools of an object literal read as a tool table (forms/tool-table.ts), each entry on its own. */
function readTable(context: FileContext, start: number, table: () => ObjectSyntax, into: ToolDeclaration[]): void {
  context.track?.(start);
  const syntax = safely(() => [table()])[0];
  if (!syntax) return;
  const name = !syntax.rebuilt && context.project?.hasRegisteredTables() ? boundTableName(syntax.node) : undefined;
  const registered = name !== undefined && context.project!.tableRegistered(name);
  for (const entry of safely(() => toolTableEntries(syntax, context, registered))) attempt(context, start, () => tableEntryTool(entry, context, registered), into);
}

/** Cheap test before reading an object: it writes a `name` key or spreads something that may hold one. */
function mayNameATool(object: Node): boolean {
  for (const child of object.namedChildren) {
    if (!child) continue;
    if (child.type === 'spread_element') return true;
    if (child.type === 'shorthand_property_identifier' && child.text === 'name') return true;
    if (child.type === 'pair') {
      const key = child.childForFieldName('key');
      if (key && literalKeyName(key) === 'name') return true;
    }
  }
  return false;
}

/** The declaration, with the server it is registered on. */
function onServer(declaration: ToolDeclaration | undefined, receiver: ScriptReceiver | undefined): ToolDeclaration | undefined {
  if (declaration && receiver) declaration.server = receiver.kind === 'server' ? receiver.server.key : receiver.kind === 'unknown' ? receiver.key : undefined;
  return declaration;
}

function safely<T>(read: () => T[]): T[] {
  try {
    return read();
  } catch {
    return [];
  }
}

/** What a file's context holds of its project: the view, the names its imports bind. */
export function projectContext(options: ScriptFrontendOptions, bindings: () => readonly ImportBinding[]): Pick<FileContext, 'project' | 'importBindings' | 'isServerModule'> {
  const serverModules = serverModulesOf(options);
  const context: Pick<FileContext, 'project' | 'importBindings' | 'isServerModule'> = { isServerModule: (specifier) => isServerModule(specifier, serverModules) };
  if (!options.project) return context;
  let byLocal: Map<string, ImportBinding> | undefined;
  const importBindingsOf = (): ReadonlyMap<string, ImportBinding> => (byLocal ??= new Map(bindings().map((binding) => [binding.local, binding])));
  return withFields(context, { project: options.project, importBindings: importBindingsOf });
}

/** The modules whose importers register tools: the defaults and the configured ones. */
export function serverModulesOf(options: ScriptFrontendOptions): string[] {
  return [...DEFAULT_SERVER_MODULES, ...(options.serverModules ?? [])];
}

function fileContextOf(nodes: FileNodes, grammar: GrammarId, options: ScriptFrontendOptions): FileContext {
  const context: FileContext = {
    language: languageOfGrammar(grammar),
    imports: importFacts(importedModules(nodes.imports, nodes.calls), serverModulesOf(options)),
    reader: new ValueReader(new Scope(nodes.bindings)),
    claimed: new Set(),
    ...projectContext(options, () => importBindings(nodes.imports)),
  };
  readsImportedPresets(context);
  return context;
}

/** Lets the context's reader take an imported name's value from the module exporting it, when that is a preset. */
export function readsImportedPresets(context: FileContext): void {
  const { project, importBindings: bindings } = context;
  if (!project || !bindings) return;
  context.reader.imported = (name) => {
    const binding = bindings().get(name);
    const symbol = binding ? project.scriptSymbol(binding.specifier, binding.name) : undefined;
    return symbol?.kind === 'value' ? symbol : undefined;
  };
}

/** What the project index keeps of a module: its tools, and the registration wrappers it defines. */
export function extractScriptModule(tree: Tree, grammar: GrammarId, file: string, options: ScriptFrontendOptions, nodes = collectFileNodes(tree.rootNode)): { declarations: ToolDeclaration[]; wrappers: RegistrationWrapper[]; tables: ImportBinding[] } {
  const context = fileContextOf(nodes, grammar, options);
  if (context.imports.clientOnly) return { declarations: [], wrappers: [], tables: [] };
  const declarations = declarationsAmong(nodes, context);
  const registers = declarations.some((declaration) => declaration.form !== 'ts-object-literal' && declaration.form !== 'ts-class');
  return {
    declarations,
    wrappers: findWrappers(tree.rootNode, nodes.calls, context, file),
    tables: registers ? registeredTableImports(nodes.calls, context) : [],
  };
}

export function extractScriptDeclarations(tree: Tree, _text: SourceText, grammar: GrammarId, options: ScriptFrontendOptions = {}): ToolDeclaration[] {
  const nodes = collectFileNodes(tree.rootNode);
  const context = fileContextOf(nodes, grammar, options);
  if (context.imports.clientOnly) return [];
  if (!options.rows) return declarationsAmong(nodes, context);
  const selected = statementFilter(tree.rootNode, options.rows);
  const only = (found: Node[]): Node[] => found.filter((node) => selected(node.startIndex));
  return declarationsAmong({ calls: only(nodes.calls), errors: only(nodes.errors), classes: only(nodes.classes), objects: only(nodes.objects) }, context);
}

/**
 * The tool declarations among these nodes (those of the whole file, or of some of its top-level
 * statements), read against the file's context, in source order. Every SDK call is read before
 * any object literal, so an object a call reads as its configuration is not a second tool; an
 * object literal that is no tool itself may be a tool table (outer objects come first, so a
 * table's entries are claimed before their objects are met).
 */
export function declarationsAmong(nodes: Pick<FileNodes, 'calls' | 'errors' | 'classes' | 'objects'>, context: FileContext): ToolDeclaration[] {
  const sdkCalls = context.imports.server || context.project ? nodes.calls.filter((call) => SDK_METHODS.includes(calleeProperty(call)?.text ?? '')) : [];
  const declarations: ToolDeclaration[] = [];
  for (const call of sdkCalls) {
    attempt(context, call.startIndex, () => {
      const { counts, receiver } = registrationOf(call, context);
      const syntax = counts ? callSyntax(call) : undefined;
      return syntax && onServer(sdkCallTool(syntax, context), receiver);
    }, declarations);
  }
  if (context.project) {
    for (const call of nodes.calls) {
      const wrapped = wrappedRegistration(call, context);
      if (wrapped) attempt(context, call.startIndex, () => onServer(sdkCallTool(wrapped.call, context), wrapped.receiver), declarations);
    }
  }
  const rebuilt = nodes.errors.map((error) => ({ start: error.startIndex, calls: context.imports.server ? safely(() => rebuildCalls(error, SDK_METHODS)) : [], objects: safely(() => rebuildObjects(error)) }));
  for (const { start, calls } of rebuilt) for (const call of calls) attempt(context, start, () => sdkCallTool(call, context), declarations);
  for (const node of nodes.classes) attempt(context, node.startIndex, () => classTool(node, context), declarations);
  for (const node of nodes.objects) {
    if (context.claimed.has(node.startIndex)) continue;
    const found = declarations.length;
    if (mayNameATool(node)) attempt(context, node.startIndex, () => objectLiteralTool(objectSyntax(node), context), declarations);
    if (declarations.length === found) readTable(context, node.startIndex, () => objectSyntax(node), declarations);
  }
  for (const { start, objects } of rebuilt) {
    const all = withNestedObjects(objects);
    const nonTable = rebuiltNonTable(all, context.claimed);
    for (const object of all) {
      if (context.claimed.has(object.startOffset)) continue;
      const found = declarations.length;
      attempt(context, start, () => objectLiteralTool(object, context), declarations);
      if (declarations.length === found && !nonTable(object)) readTable(context, start, () => object, declarations);
    }
  }
  return declarations.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
