/**
 * The two summaries the project index keeps per module, read from one parse and never holding
 * the tree: its facts (what it binds, from its syntax alone) and its tools (its declarations as
 * the front end reads them with the project's view, the wrappers it defines).
 */
import * as path from 'node:path';
import { extractPythonDeclarations } from '../frontends/python';
import { PythonModule } from '../frontends/python/module';
import { findPythonWrappers } from '../frontends/python/wrappers';
import { extractScriptModule } from '../frontends/typescript';
import { Tree } from 'web-tree-sitter';
import { GrammarId, grammarForPath, isGrammarLoaded, parse, SCRIPT_GRAMMARS, SteppedParse } from '../parse/parser';
import { Range, ToolDeclaration } from '../model';
import type { Extraction } from '../analyze';
import { findSuppressions } from '../suppressions';
import { computeEffects, effectSource, effectsMatter } from '../effects/tool-effects';
import { PythonFacts, pythonFacts } from './facts-python';
import { ScriptFacts, scriptFacts } from './facts-script';
import { GoFacts, goFacts } from './facts-go';
import { extractGoDeclarations } from '../frontends/go';
import { extractCSharpDeclarations } from '../frontends/csharp';
import { ProjectView, RegistrationWrapper, RemoteTool, ServerRef, symbolKey } from './view';
import { isServerModule } from '../frontends/typescript/imports';
import { serverModulesOf } from '../frontends/typescript';
import { collectFileNodes, FileNodes } from '../frontends/typescript/walk';

export type ModuleFacts = PythonFacts | ScriptFacts | GoFacts;

export interface ModuleTools {
  tools: RemoteTool[];
  /** Python: module-level functions declared as tools, by name. */
  toolFunctions: Map<string, RemoteTool>;
  /** Registration wrappers by function name. */
  wrappers: Map<string, RegistrationWrapper>;
  /** TS/JS: the tool tables of other modules this one registers, as `file#name`. */
  registeredTables?: string[];
}

/** Files larger than this are not summarised (a generated module holds no server of ours). */
const MAX_SUMMARY_CHARACTERS = 2_000_000;

export function grammarOfModule(file: string): GrammarId | undefined {
  const grammar = grammarForPath(file);
  return grammar && isGrammarLoaded(grammar) ? grammar : undefined;
}

/** The servers a module makes at its top level. */
export function serversOfFacts(facts: ModuleFacts | undefined): ServerRef[] {
  if (facts?.kind === 'python') return [...facts.servers.values()];
  if (facts?.kind === 'script') return [...facts.bindings.values()].flatMap((binding) => binding.kind === 'server' ? [binding.server] : []);
  return [];
}

/** A module's facts, or undefined when it cannot be read or parsed (its importers' values stay unknown). */
export function readFacts(file: string, text: string, serverModules: readonly string[]): ModuleFacts | undefined {
  const grammar = grammarOfModule(file);
  if (!grammar || text.length > MAX_SUMMARY_CHARACTERS) return undefined;
  const tree = parse(grammar, text);
  try {
    return factsOfTree(tree, grammar, file, text, serverModules);
  } finally {
    tree.delete();
  }
}

function factsOfTree(tree: Tree, grammar: GrammarId, file: string, text: string, serverModules: readonly string[], scriptNodes?: FileNodes): ModuleFacts | undefined {
  try {
    if (grammar === 'python') return pythonFacts(tree, text, file);
    if (grammar === 'go') return goFacts(tree, file);
    // C# tools read nothing of other files: no facts to keep.
    if (grammar === 'csharp') return undefined;
    const modules = serverModulesOf({ serverModules });
    return scriptFacts(tree, file, (specifier) => isServerModule(specifier, modules), scriptNodes);
  } catch {
    return undefined;
  }
}

/** A module's tools as read with `view`, and the extraction they come from (with `suppressions`, its suppression comments and its tools' effects too). */
export function readTools(file: string, text: string, view: ProjectView, serverModules: readonly string[], suppressions = false): ModuleReading | undefined {
  const steps = readToolsInSteps(file, text, view, serverModules, Infinity, suppressions);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

export interface ModuleReading {
  tools: ModuleTools;
  extraction: Extraction;
  /** The module's facts, read from the same tree. */
  facts?: ModuleFacts;
}

/**
 * `readTools` in steps: the parse stops after `stepMs` (the next step goes on with it), so the
 * language server's background indexing never holds a keystroke for long.
 */
export function* readToolsInSteps(file: string, text: string, view: ProjectView, serverModules: readonly string[], stepMs: number | (() => number), suppressions = false): Generator<void, ModuleReading | undefined, undefined> {
  const grammar = grammarOfModule(file);
  if (!grammar || text.length > MAX_SUMMARY_CHARACTERS) return undefined;
  const parse = new SteppedParse(grammar, text, { text });
  let tree: Tree | undefined;
  try {
    for (;;) {
      const until = performance.now() + (typeof stepMs === 'number' ? stepMs : stepMs());
      tree = parse.step(() => performance.now() >= until);
      if (tree) break;
      yield;
    }
  } finally {
    if (!tree) parse.abandon();
  }
  try {
    // TS/JS: the nodes the front end looks at, found in one pass over the tree for the tools and the facts.
    const scriptNodes = SCRIPT_GRAMMARS.includes(grammar) ? collectFileNodes(tree.rootNode) : undefined;
    const tools = toolsOfTree(tree, grammar, file, text, view, serverModules, scriptNodes);
    // A step between the stages too: reading a 10,000-line module's tools takes longer than its parse.
    yield;
    const facts = factsOfTree(tree, grammar, file, text, serverModules, scriptNodes);
    const extraction: Extraction = { declarations: tools.declarations, suppressions: suppressions ? findSuppressions(tree.rootNode, text) : [] };
    // Kept for linting the file without its tree (the CLI): its tools' effects too.
    if (suppressions) {
      yield;
      extraction.effects = effectSource(computeEffects(grammar, tree.rootNode, text, file, tools.declarations.filter(effectsMatter), view));
    }
    return { tools: tools.tools, extraction, facts };
  } catch {
    return undefined;
  } finally {
    tree.delete();
  }
}

function toolsOfTree(tree: Tree, grammar: GrammarId, file: string, text: string, view: ProjectView, serverModules: readonly string[], scriptNodes?: FileNodes): { tools: ModuleTools; declarations: ToolDeclaration[] } {
  if (grammar === 'python') {
    const declarations = extractPythonDeclarations(tree, text, undefined, view);
    const tools = declarations.map((declaration) => remoteTool(declaration, file));
    const toolFunctions = new Map<string, RemoteTool>();
    for (const tool of tools) if (tool.functionName) toolFunctions.set(tool.functionName, tool);
    const module = new PythonModule(tree.rootNode, text);
    module.project = view;
    const wrappers = new Map(findPythonWrappers(tree.rootNode, module, file).map((wrapper) => [wrapper.name, wrapper]));
    return { tools: { tools, toolFunctions, wrappers }, declarations };
  }
  if (grammar === 'csharp') {
    const declarations = extractCSharpDeclarations(tree, text);
    return { tools: { tools: declarations.map((declaration) => remoteTool(declaration, file)), toolFunctions: new Map(), wrappers: new Map() }, declarations };
  }
  if (grammar === 'go') {
    // Go wrappers are package-level functions, kept with the file's facts (facts-go.ts).
    const declarations = extractGoDeclarations(tree, text, { project: view });
    return { tools: { tools: declarations.map((declaration) => remoteTool(declaration, file)), toolFunctions: new Map(), wrappers: new Map() }, declarations };
  }
  const { declarations, wrappers, tables } = extractScriptModule(tree, grammar, file, { serverModules, project: view }, scriptNodes);
  const registeredTables = tables.flatMap(({ specifier, name }) => {
    const symbol = view.scriptSymbol(specifier, name);
    return symbol?.kind === 'other' && symbol.file && symbol.name ? [symbolKey(symbol.file, symbol.name)] : [];
  });
  const tools: ModuleTools = { tools: declarations.map((declaration) => remoteTool(declaration, file)), toolFunctions: new Map(), wrappers: new Map(wrappers.map((wrapper) => [wrapper.name, wrapper])), registeredTables };
  return { tools, declarations };
}

/** Where a declaration's tool is named, as other files see it (`RemoteTool.range`). */
export function remoteToolRange(declaration: ToolDeclaration): Range {
  return declaration.nameValue?.via ?? declaration.nameValue?.range ?? declaration.nameRange;
}

function remoteTool(declaration: ToolDeclaration, file: string): RemoteTool {
  return {
    name: declaration.name,
    file,
    range: remoteToolRange(declaration),
    form: declaration.form,
    serverKey: declaration.server,
    functionName: declaration.functionName,
  };
}

/** Whether `file` is a source file of a language the index reads. */
export function isSourceFile(file: string): boolean {
  return grammarForPath(file) !== undefined && !path.basename(file).endsWith('.d.ts');
}
