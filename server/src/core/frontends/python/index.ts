/** Python front end: syntax tree → ToolDeclaration[] for Arcade and MCP SDK / FastMCP tools. */
import { Node, Range, Tree } from 'web-tree-sitter';
import { SourceText } from '../../source-text';
import { NodeLookup } from '../../parse/windows';
import { interpretAnnotations, interpretMetadata, lastEntry } from '../../interpret';
import { Entry, KeyInfo, ToolDeclaration, Value } from '../../model';
import { lineStartOffset } from '../../fixes/positions';
import { containerOf, namedChildren, namedChildrenOnRows, rangeOf } from '../syntax';
import { Candidate, findCandidates } from './candidates';
import { importsRead, PythonModule, StatementBindings } from './module';
import { cleanDocstring } from './docstrings';
import { pythonParameters } from './parameters';
import { extractWithRepairs } from './recovery';
import { hasToolDecorator, Registration, registrationsFrom } from './registrations';
import { PythonValues } from './values';
import { ProjectView } from '../../project/view';
import { withFields } from '../../with-fields';

const IMPORTS_READ_PREFIX = importsRead([]);

/**
 * The tool declarations of a module. With `rows`, only those of the top-level statements that
 * start within one of these 0-based row spans (incremental analysis re-extracts edited statements).
 */
export function extractPythonDeclarations(tree: Tree, text: SourceText, rows?: ReadonlyArray<readonly [number, number]>, project?: ProjectView): ToolDeclaration[] {
  return extractPython(tree, text, { rows, project }).declarations;
}

export interface PythonExtraction {
  declarations: ToolDeclaration[];
  /**
   * With `recordReads`: per top-level statement that holds a possible registration (by its first
   * row), the module-level names (and import flags) its extraction looked up.
   */
  reads?: Map<number, Set<string>>;
  /** With `recordReads`: the import flags looked up (`importsRead` keys) and their values. */
  importFlags?: Map<string, boolean>;
}

export interface PythonExtractionOptions {
  rows?: ReadonlyArray<readonly [number, number]>;
  recordReads?: boolean;
  /** Every top-level statement's bindings, already read (used unless the tree needs repairs). */
  bindings?: Iterable<{ start: number; bindings: StatementBindings }>;
  /** Where the top-level statements with syntax errors start, when known. */
  brokenStatements?: readonly number[];
  /**
   * For a tree of a broken region parsed on its own (parse/windows.ts): the bindings of the
   * statements around it, and where their nodes are read. The region's own are read from its tree.
   */
  around?: { bindings: ReadonlyArray<{ start: number; bindings: StatementBindings }>; lookup: NodeLookup; region: Range };
  /** Where the nodes of `bindings` are read, when not all are in `tree` (a broken region has its own tree). */
  lookup?: NodeLookup;
  /** The rest of the project (servers and tools of other modules, manifest evidence). */
  project?: ProjectView;
}

export function extractPython(tree: Tree, text: SourceText, options: PythonExtractionOptions): PythonExtraction {
  // A repaired tree is another text: its bindings are read from it.
  const extract = (current: Tree, currentText: SourceText) => extractFromTree(current, currentText, current === tree ? options : repairedOptions(options));
  return extractWithRepairs(tree, text, extract, options.brokenStatements, options.around?.region) ?? extract(tree, text);
}

/**
 * Options for a repaired text: its bindings are read from its tree; a broken region's surroundings
 * are read before it only (the repair's closers move the offsets after it).
 */
function repairedOptions(options: PythonExtractionOptions): PythonExtractionOptions {
  const around = options.around;
  if (!around) return withFields(options, { bindings: undefined, lookup: undefined });
  return withFields(options, { bindings: undefined, around: withFields(around, { bindings: around.bindings.filter(({ start }) => start < around.region.startIndex) }) });
}

function extractFromTree(tree: Tree, text: SourceText, options: PythonExtractionOptions): PythonExtraction {
  const around = options.around;
  const module = around
    ? new PythonModule(tree.rootNode, text, around.bindings, around.lookup, true)
    : new PythonModule(tree.rootNode, text, options.bindings, options.bindings && options.lookup);
  module.project = options.project;
  const values = new PythonValues(module);
  const declarations: ToolDeclaration[] = [];
  const reads = options.recordReads ? new Map<number, Set<string>>() : undefined;
  for (const [statement, candidates] of candidatesByStatement(tree.rootNode, text, options.rows)) {
    if (reads) reads.set(statement.startPosition.row, (module.reads = new Set()));
    for (const registration of registrationsFrom(module, candidates)) {
      try {
        declarations.push(buildDeclaration(registration, module, values));
      } catch (error) {
        // One declaration the front end cannot read must not hide the others.
        if (process.env.MCP_TOOL_LINT_DEBUG) console.error(error);
      }
    }
  }
  module.reads = undefined;
  if (!reads) return { declarations };
  const importFlags = new Map<string, boolean>();
  for (const names of reads.values()) {
    for (const name of names) if (name.startsWith(IMPORTS_READ_PREFIX) && !importFlags.has(name)) importFlags.set(name, module.importFlag(name));
  }
  return { declarations, reads, importFlags };
}

/** The top-level statements (all, or those starting in `rows`) that hold candidates, each with its candidates. */
function candidatesByStatement(root: Node, text: SourceText, rows: ReadonlyArray<readonly [number, number]> | undefined): Array<[Node, Candidate[]]> {
  if (rows) {
    // Overlapping, not only starting in the rows: a repaired text's statements may begin earlier.
    return namedChildrenOnRows(root, rows, (line) => lineStartOffset(text, line) ?? text.length)
      .map((statement): [Node, Candidate[]] => [statement, findCandidates(statement)])
      .filter(([, candidates]) => candidates.length > 0);
  }
  // One query over the whole tree, its candidates dealt out to their statements (both in document order).
  const statements = namedChildren(root);
  const groups: Array<[Node, Candidate[]]> = [];
  let index = 0;
  for (const candidate of findCandidates(root)) {
    const start = candidate.node.startIndex;
    while (index < statements.length - 1 && statements[index].endIndex <= start) index++;
    const statement = statements[index];
    if (groups.length && groups[groups.length - 1][0] === statement) groups[groups.length - 1][1].push(candidate);
    else groups.push([statement, [candidate]]);
  }
  return groups;
}

function buildDeclaration(registration: Registration, module: PythonModule, values: PythonValues): ToolDeclaration {
  const { entries, positional, opaqueSpread } = registration.argumentList
    ? values.argumentsOf(registration.argumentList)
    : { entries: [] as Entry[], positional: [] as Value[], opaqueSpread: false };
  const container = registration.argumentList && containerOf(registration.argumentList, namedChildren(registration.argumentList).filter((c) => c.type !== 'comment'), 'call');
  const callValue: Value | undefined = registration.argumentList && container
    ? {
      kind: 'call', callee: 'tool', calleeRange: registration.calleeRange, entries, positional, opaqueSpread,
      range: rangeOf(registration.argumentList), container,
    }
    : undefined;
  const declaration: ToolDeclaration = {
    language: 'python',
    form: registration.form,
    range: rangeOf(registration.node),
    nameRange: registration.calleeRange,
    functionName: registration.functionName,
    ...(registration.functionNameRanges ? { namedAt: registration.functionNameRanges } : {}),
    parameters: parameterNames(registration.functionNode),
    registration: callValue,
    keys: [],
    ...descriptionOf(registration, entries, opaqueSpread, values),
  };
  if (registration.functionNode) declaration.parameterDocs = pythonParameters(registration.functionNode, module, values, docstringNode(registration.functionNode));
  // `app.add_tool(fn, metadata=...)` of a function decorated as a tool: its docstring and parameters are reported at the decorator.
  if (registration.node.type === 'call' && hasToolDecorator(registration.functionNode, module)) declaration.documentedElsewhere = true;
  const nameEntry = lastEntry(entries, 'name');
  const positionalName = registration.kind === 'sdk' && registration.skipPositional === 0 ? positional[0] : undefined;
  declaration.nameValue = nameEntry?.value ?? (positionalName?.kind === 'string' ? positionalName : undefined);
  declaration.name = toolName(registration, declaration.nameValue);
  const receiver = registration.receiverKind;
  if (receiver?.kind === 'server') declaration.server = receiver.server.key;
  else if (receiver?.kind === 'unknown') declaration.server = receiver.key;
  const title = lastEntry(entries, 'title');
  if (title?.value.kind === 'string') declaration.title = title.value.value;

  if (registration.kind === 'arcade') {
    declaration.toolkit = toolkitName(registration, module, values);
    readArcade(declaration, registration, entries, module);
  } else {
    readAnnotations(declaration, entries);
  }
  declaration.insertion = container
    ? { kind: 'container', container, style: registration.kind === 'arcade' ? 'arcade' : 'python-annotations' }
    : registration.bareEnd !== undefined
      ? { kind: 'bare-decorator', offset: registration.bareEnd, style: registration.kind === 'arcade' ? 'arcade' : 'python-annotations' }
      : undefined;
  return declaration;
}

function readArcade(declaration: ToolDeclaration, registration: Registration, entries: Entry[], module: PythonModule): void {
  const metadataEntry = lastEntry(entries, 'metadata');
  declaration.meta = lastEntry(entries, 'meta');
  if (!metadataEntry) return;
  declaration.metadataValue = metadataEntry.value;
  const value = metadataEntry.value;
  if ((value.kind === 'call' && value.callee === 'ToolMetadata') || value.kind === 'mapping') {
    declaration.metadata = interpretMetadata(value);
    const behavior = declaration.metadata.behavior?.value;
    if (behavior) declaration.keys.push(...keysOf(behavior));
  }
  if (registration.form === 'arcade-add-tool' && hasToolDecorator(registration.functionNode, module)) {
    declaration.metadataIgnored = true;
  }
}

function readAnnotations(declaration: ToolDeclaration, entries: Entry[]): void {
  const entry = lastEntry(entries, 'annotations');
  if (!entry) return;
  const value = entry.value;
  if ((value.kind === 'call' && value.callee === 'ToolAnnotations') || value.kind === 'mapping') {
    declaration.annotations = interpretAnnotations(value, entry, { snakeCase: true, vendorHints: false });
    declaration.keys.push(...keysOf(value));
  } else if (value.kind !== 'null') {
    // Annotations the linter cannot read (a helper call, an imported preset): keep the entry so no rule
    // reports them missing, but with no hints to check.
    declaration.annotations = { value, entry, hints: {}, extraHints: [] };
  }
}

/** The `name=` of the `MCPApp(...)` the tool is registered on. */
function toolkitName(registration: Registration, module: PythonModule, values: PythonValues): string | undefined {
  const receiver = registration.receiverKind;
  if (receiver?.kind === 'server' && receiver.server.file !== (module.project?.file ?? '')) return receiver.server.name;
  if (registration.receiver?.type !== 'identifier') return undefined;
  const app = module.constantValue(registration.receiver.text);
  const argumentList = app?.type === 'call' ? app.childForFieldName('arguments') : undefined;
  if (!argumentList || argumentList.type !== 'argument_list') return undefined;
  const { entries, positional } = values.argumentsOf(argumentList);
  const name = lastEntry(entries, 'name')?.value ?? positional[0];
  return name?.kind === 'string' ? name.value : undefined;
}

function keysOf(value: Value): KeyInfo[] {
  if (value.kind !== 'call' && value.kind !== 'mapping') return [];
  const seen = new Map<string, Entry>();
  return value.entries.map((entry) => {
    const earlier = seen.get(entry.key);
    seen.set(entry.key, entry);
    return {
      name: entry.key,
      spelling: entry.key.includes('_') ? 'snake' : /[a-z][A-Z]/.test(entry.key) ? 'camel' : 'other',
      range: entry.keyRange,
      duplicateOf: earlier?.keyRange,
    };
  });
}

/** Arcade names a tool by `name=` or the function name in PascalCase; the SDKs by `name=` or the function name. */
function toolName(registration: Registration, nameValue: Value | undefined): string | undefined {
  if (nameValue) return nameValue.kind === 'string' ? nameValue.value : undefined;
  if (!registration.functionName || registration.nameUnknown) return undefined;
  if (registration.kind === 'arcade') return pascalCase(registration.functionName);
  return registration.functionName;
}

export function pascalCase(name: string): string {
  return name.split('_').filter(Boolean).map((part) => part[0].toUpperCase() + part.slice(1)).join('');
}

/**
 * The description clients receive: `desc=` / `description=`, else the function's docstring as
 * `inspect.cleandoc` leaves it (a `None` given explicitly falls back to the docstring, as in FastMCP).
 */
function descriptionOf(registration: Registration, entries: Entry[], opaqueSpread: boolean, values: PythonValues): Pick<ToolDeclaration, 'description' | 'descriptionValue' | 'descriptionState'> {
  const explicit = lastEntry(entries, 'desc') ?? lastEntry(entries, 'description');
  if (explicit && explicit.value.kind !== 'null') {
    const value = explicit.value;
    return value.kind === 'string' ? { description: value.value, descriptionValue: value } : { descriptionValue: value, descriptionState: 'unknown' };
  }
  const functionNode = registration.functionNode;
  // `types.Tool(name=..., inputSchema=...)` describes itself or has no description; a function defined elsewhere may have a docstring.
  if (!functionNode) return { descriptionState: registration.kind === 'lowlevel' && !opaqueSpread ? 'missing' : 'unknown' };
  const docstring = docstringNode(functionNode);
  if (!docstring) return { descriptionState: opaqueSpread ? 'unknown' : 'missing' };
  const value = values.valueOf(docstring);
  if (value.kind !== 'string') return { descriptionState: 'unknown' };
  const description = cleanDocstring(value.value);
  return { description, descriptionValue: withFields(value, { value: description }) };
}

/** The docstring of a function: the string that is its body's first statement. */
function docstringNode(functionNode: Node): Node | undefined {
  const body = functionNode.childForFieldName('body');
  const first = body ? namedChildren(body)[0] : undefined;
  const docstring = first?.type === 'expression_statement' ? namedChildren(first)[0] : undefined;
  return docstring?.type === 'string' ? docstring : undefined;
}


function parameterNames(functionNode: Node | undefined): string[] {
  const parameters = functionNode?.childForFieldName('parameters');
  if (!parameters) return [];
  return namedChildren(parameters).map((parameter) => {
    if (parameter.type === 'identifier') return parameter.text;
    const name = parameter.childForFieldName('name') ?? namedChildren(parameter).find((c) => c.type === 'identifier');
    return name?.text ?? '';
  }).filter((name) => name && name !== 'self');
}
