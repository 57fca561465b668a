/**
 * The two summaries the project index keeps per module, read from one parse and never holding
 * the tree: its facts (what it binds, from its syntax alone) and its tools (its declarations as
 * the front end reads them with the project's view, the wrappers it defines).
 */
import * as path from 'node:path';
import { extractPythonDeclarations } from '../frontends/python';
import { extractScriptModule } from '../frontends/typescript';
import { GrammarId, grammarForPath, isGrammarLoaded, parse } from '../parse/parser';
import { Range, ToolDeclaration } from '../model';
import { PythonFacts, pythonFacts } from './facts-python';
import { ScriptFacts, scriptFacts } from './facts-script';
import { ProjectView, RegistrationWrapper, RemoteTool, ServerRef } from './view';
import { isServerModule } from '../frontends/typescript/imports';
import { serverModulesOf } from '../frontends/typescript';

export type ModuleFacts = PythonFacts | ScriptFacts;

export interface ModuleTools {
  tools: RemoteTool[];
  /** Python: module-level functions declared as tools, by name. */
  toolFunctions: Map<string, RemoteTool>;
  /** TS/JS: registration wrappers by function name. */
  wrappers: Map<string, RegistrationWrapper>;
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
    if (grammar === 'python') return pythonFacts(tree, text, file);
    const modules = serverModulesOf({ serverModules });
    return scriptFacts(tree, file, (specifier) => isServerModule(specifier, modules));
  } catch {
    return undefined;
  } finally {
    tree.delete();
  }
}

/** A module's tools as read with `view`. */
export function readTools(file: string, text: string, view: ProjectView, serverModules: readonly string[]): ModuleTools | undefined {
  const grammar = grammarOfModule(file);
  if (!grammar || text.length > MAX_SUMMARY_CHARACTERS) return undefined;
  const tree = parse(grammar, text);
  try {
    if (grammar === 'python') {
      const declarations = extractPythonDeclarations(tree, text, undefined, view);
      const tools = declarations.map((declaration) => remoteTool(declaration, file));
      const toolFunctions = new Map<string, RemoteTool>();
      for (const tool of tools) if (tool.functionName) toolFunctions.set(tool.functionName, tool);
      return { tools, toolFunctions, wrappers: new Map() };
    }
    const { declarations, wrappers } = extractScriptModule(tree, grammar, file, { serverModules, project: view });
    return { tools: declarations.map((declaration) => remoteTool(declaration, file)), toolFunctions: new Map(), wrappers: new Map(wrappers.map((wrapper) => [wrapper.name, wrapper])) };
  } catch {
    return undefined;
  } finally {
    tree.delete();
  }
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
