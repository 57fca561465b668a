/**
 * TypeScript / JavaScript front end: finds the tool declarations of a file (every form of
 * rules.md, "Declaration forms") and reads them into the shared model. Each declaration is
 * read on its own, so a half-typed one cannot lose the others.
 */
import { Node, Tree } from 'web-tree-sitter';
import { ToolDeclaration } from '../../model';
import { GrammarId, languageOfGrammar } from '../../parse/parser';
import { callSyntax, rebuildCalls } from './calls';
import { FileContext } from './context';
import { CLASS_NODE_TYPES, classTool } from './forms/class-tool';
import { objectLiteralTool } from './forms/object-literal';
import { SDK_METHODS, sdkCallTool } from './forms/sdk-calls';
import { DEFAULT_SERVER_MODULES, importFacts } from './imports';
import { objectSyntax, rebuildObjects, withNestedObjects } from './objects';
import { Scope } from './scope';
import { calleeProperty, namedChildrenOf } from './syntax';
import { ValueReader } from './values';

export { DEFAULT_SERVER_MODULES } from './imports';

export interface ScriptFrontendOptions {
  /** Modules whose importers register tools (the config key `serverModules` extends the default list). */
  serverModules?: readonly string[];
}

interface Candidates {
  calls: Node[];
  classes: Node[];
  objects: Node[];
  errors: Node[];
}

function collectCandidates(root: Node): Candidates {
  const found: Candidates = { calls: [], classes: [], objects: [], errors: [] };
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.type === 'call_expression' && SDK_METHODS.includes(calleeProperty(node)?.text ?? '')) found.calls.push(node);
    else if (CLASS_NODE_TYPES.includes(node.type)) found.classes.push(node);
    else if (node.type === 'object') found.objects.push(node);
    else if (node.type === 'ERROR') found.errors.push(node);
    const children = namedChildrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return found;
}

/** Runs one extraction; a failure on one declaration (half-typed code) drops only that one. */
function attempt(read: () => ToolDeclaration | undefined, into: ToolDeclaration[]): void {
  try {
    const declaration = read();
    if (declaration) into.push(declaration);
  } catch {
    // Nothing to report: the syntax tree already shows the author where the code is broken.
  }
}

function safely<T>(read: () => T[]): T[] {
  try {
    return read();
  } catch {
    return [];
  }
}

export function extractScriptDeclarations(tree: Tree, _text: string, grammar: GrammarId, options: ScriptFrontendOptions = {}): ToolDeclaration[] {
  const root = tree.rootNode;
  const imports = importFacts(root, [...DEFAULT_SERVER_MODULES, ...(options.serverModules ?? [])]);
  if (imports.clientOnly) return [];
  const context: FileContext = {
    language: languageOfGrammar(grammar),
    imports,
    reader: new ValueReader(new Scope(root)),
    claimed: new Set(),
  };
  const candidates = collectCandidates(root);
  const declarations: ToolDeclaration[] = [];
  for (const call of candidates.calls) {
    attempt(() => {
      const syntax = callSyntax(call);
      return syntax ? sdkCallTool(syntax, context) : undefined;
    }, declarations);
  }
  const rebuilt = candidates.errors.map((error) => ({ calls: safely(() => rebuildCalls(error, SDK_METHODS)), objects: safely(() => rebuildObjects(error)) }));
  for (const { calls } of rebuilt) for (const call of calls) attempt(() => sdkCallTool(call, context), declarations);
  for (const node of candidates.classes) attempt(() => classTool(node, context), declarations);
  for (const node of candidates.objects) {
    if (!context.claimed.has(node.startIndex)) attempt(() => objectLiteralTool(objectSyntax(node), context), declarations);
  }
  for (const { objects } of rebuilt) {
    for (const object of withNestedObjects(objects)) {
      if (!context.claimed.has(object.startOffset)) attempt(() => objectLiteralTool(object, context), declarations);
    }
  }
  return declarations.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
