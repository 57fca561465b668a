/**
 * Go front end: the tool declarations of a file (go-sdk `mcp.Tool` literals, mcp-go `NewTool`
 * calls and wrapper calls), read one top-level declaration at a time against the file's context:
 * its imports and the names its package binds. What counts as a tool: the literal's or call's
 * package must be an MCP SDK the file imports; a wrapper's call counts wherever the wrapper is
 * (this file, the package's other files, another package of the module).
 */
import { Node, Tree } from 'web-tree-sitter';
import { ToolDeclaration } from '../../model';
import { ProjectView } from '../../project/view';
import { SourceText } from '../../source-text';
import { namedChildren } from '../syntax';
import { goSdkTool, GoFormContext, mcpGoTool } from './forms';
import { bindingsOf, GoBinding, GoWrapper, wrapperOf } from './package';
import { GO_SDK_PATH, importsOf, MCP_GO_PATH, qualifiedName } from './syntax';
import { GoValueReader } from './values';

export interface GoFileContext extends GoFormContext {
  imports: ReadonlyMap<string, string>;
  project?: ProjectView;
  /** The package-level names the current top-level declaration's reading looked up. */
  lookups: Set<string>;
  binding(name: string): GoBinding | undefined;
  /** What each function of the file is as a wrapper, by its node's id (read once per analysis). */
  wrappers: Map<number, GoWrapper | undefined>;
}

export interface GoExtractionOptions {
  project?: ProjectView;
  /** Only the top-level declarations starting in these 0-based row ranges (inclusive). */
  rows?: ReadonlyArray<readonly [number, number]>;
}

/**
 * The context of a file: `bindings` gives a package-level name's binding in this file (incremental
 * analysis keeps them per declaration); every lookup is recorded in `lookups`.
 */
export function goFileContext(imports: ReadonlyMap<string, string>, bindings: (name: string) => GoBinding | undefined, project: ProjectView | undefined): GoFileContext {
  const lookups = new Set<string>();
  const found = new Map<string, GoBinding | undefined>();
  const binding = (name: string) => {
    lookups.add(name);
    if (!found.has(name)) found.set(name, bindings(name));
    return found.get(name);
  };
  const { goSdk, mcpGo } = sdkAliases(imports);
  return { imports, project, lookups, binding, goSdk, mcpGo, reader: new GoValueReader({ imports, binding, project }), wrappers: new Map() };
}

/** The local names of the go-sdk `mcp` package and of mcp-go's, among a file's imports. */
export function sdkAliases(imports: ReadonlyMap<string, string>): { goSdk: Set<string>; mcpGo: Set<string> } {
  const aliases = (importPath: string) => new Set([...imports].filter(([, target]) => target === importPath).map(([local]) => local));
  return { goSdk: aliases(GO_SDK_PATH), mcpGo: aliases(MCP_GO_PATH) };
}

/** The context of a whole file, its bindings read from its top-level declarations. */
export function wholeFileContext(topLevel: readonly Node[], project: ProjectView | undefined): GoFileContext {
  const bindings = new Map<string, GoBinding>();
  for (const declaration of topLevel) for (const [name, binding] of bindingsOf(declaration)) if (!bindings.has(name)) bindings.set(name, binding);
  return goFileContext(importsOf(topLevel), (name) => bindings.get(name), project);
}

export function extractGoDeclarations(tree: Tree, _text: SourceText, options: GoExtractionOptions = {}): ToolDeclaration[] {
  const topLevel = namedChildren(tree.rootNode);
  const context = wholeFileContext(topLevel, options.project);
  const rows = options.rows;
  const selected = rows ? topLevel.filter((node) => rows.some(([first, last]) => node.startPosition.row >= first && node.startPosition.row <= last)) : topLevel;
  return selected.flatMap((node) => declarationsIn(node, context));
}

/** Whether a file may use an MCP SDK at all: it imports one (wrappers of the project need mcp-go's options too). */
function usesSdk(context: GoFileContext): boolean {
  return context.goSdk.size > 0 || context.mcpGo.size > 0;
}

/** The tools declared inside one top-level declaration, in source order; a failure (broken code) loses only that one. */
export function declarationsIn(node: Node, context: GoFileContext): ToolDeclaration[] {
  if (!usesSdk(context) || (node.type !== 'function_declaration' && node.type !== 'method_declaration' && node.type !== 'var_declaration' && node.type !== 'ERROR')) return [];
  const found: ToolDeclaration[] = [];
  const attempt = (read: () => ToolDeclaration | undefined) => {
    try {
      const declaration = read();
      if (declaration) found.push(declaration);
    } catch {
      // Half-typed code: the syntax tree already shows the author where it is broken.
    }
  };
  for (const literal of node.descendantsOfType('composite_literal')) {
    const type = literal && qualifiedName(literal.childForFieldName('type'));
    if (literal && type?.name === 'Tool' && context.goSdk.has(type.qualifier)) attempt(() => goSdkTool(literal, context));
  }
  if (context.mcpGo.size > 0) {
    for (const call of node.descendantsOfType('call_expression')) {
      if (!call) continue;
      const callee = call.childForFieldName('function');
      const qualified = qualifiedName(callee);
      if (qualified?.name === 'NewTool' && context.mcpGo.has(qualified.qualifier)) {
        attempt(() => mcpGoTool(call, context));
        continue;
      }
      const wrapper = callee && passesOptions(call, context) ? wrapperCalled(callee, context) : undefined;
      if (wrapper) attempt(() => mcpGoTool(call, context, wrapper));
    }
  }
  return found.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** A call passing an mcp-go option (`mcp.WithDescription(...)`): only such calls may be a wrapper's. */
function passesOptions(call: Node, context: GoFileContext): boolean {
  const list = call.childForFieldName('arguments');
  if (!list) return false;
  for (const argument of namedChildren(list)) {
    const callee = argument.type === 'call_expression' ? qualifiedName(argument.childForFieldName('function')) : undefined;
    if (callee && context.mcpGo.has(callee.qualifier) && callee.name.startsWith('With')) return true;
  }
  return false;
}

/** The wrapper a callee names: a function of this file, of the package's other files, or `pkg.Func` of the module. */
function wrapperCalled(callee: Node, context: GoFileContext): GoWrapper | undefined {
  if (callee.type === 'identifier') {
    const binding = context.binding(callee.text);
    if (binding?.kind === 'function') {
      const id = binding.declaration.id;
      if (!context.wrappers.has(id)) context.wrappers.set(id, wrapperOf(binding.declaration, context.mcpGo));
      return context.wrappers.get(id);
    }
    if (binding) return undefined;
    const symbol = context.project?.goSymbol?.(undefined, callee.text);
    return symbol?.kind === 'go-wrapper' ? symbol.wrapper : undefined;
  }
  const qualified = qualifiedName(callee);
  const importPath = qualified && context.imports.get(qualified.qualifier);
  if (!qualified || !importPath || importPath === MCP_GO_PATH || importPath === GO_SDK_PATH) return undefined;
  const symbol = context.project?.goSymbol?.(importPath, qualified.name);
  return symbol?.kind === 'go-wrapper' ? symbol.wrapper : undefined;
}
