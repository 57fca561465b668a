/**
 * What a Python module says about itself at the top level: its imports (with aliases)
 * and the names assigned exactly once, whose values a tool may use.
 */
import { Node } from 'web-tree-sitter';
import { SourceText } from '../../source-text';
import { NodeLookup } from '../../parse/windows';
import { ProjectView } from '../../project/view';
import { namedChildren } from '../syntax';

/** Modules whose import makes a `@tool` / `@x.tool` decorator an MCP tool (rules.md). */
export const MCP_PYTHON_MODULES = ['arcade_tdk', 'arcade_mcp_server', 'arcade_core', 'mcp', 'fastmcp'] as const;
export const ARCADE_PYTHON_MODULES = ['arcade_tdk', 'arcade_mcp_server', 'arcade_core'] as const;

function inPackage(module: string, packages: readonly string[]): boolean {
  return packages.some((name) => module === name || module.startsWith(`${name}.`));
}

/** What one top-level statement binds at module level, as the module reads it. */
interface BindingSink {
  alias(local: string, path: string): void;
  importedModule(name: string): void;
  assignment(name: string, node: Node): void;
  function(name: string, holder: Node): void;
  class(name: string, holder: Node): void;
}

/** Reads the module-level bindings of one top-level statement into `sink`. */
function readBindings(statement: Node, sink: BindingSink): void {
  switch (statement.type) {
    case 'import_statement':
      for (const name of namedChildren(statement)) readImportName(name, undefined, sink);
      break;
    case 'import_from_statement': {
      const moduleNode = statement.childForFieldName('module_name');
      if (!moduleNode) return;
      const module = moduleNode.text;
      sink.importedModule(module);
      for (const name of statement.childrenForFieldName('name')) if (name) readImportName(name, module, sink);
      break;
    }
    case 'expression_statement':
      for (const child of namedChildren(statement)) if (child.type === 'assignment') readAssignment(child, sink);
      break;
    case 'decorated_definition': {
      const definition = statement.childForFieldName('definition');
      if (definition) readBindings(definition, sink);
      break;
    }
    case 'function_definition': {
      const name = statement.childForFieldName('name');
      if (name) sink.function(name.text, statement.parent?.type === 'decorated_definition' ? statement.parent : statement);
      break;
    }
    case 'class_definition': {
      const name = statement.childForFieldName('name');
      if (name) sink.class(name.text, statement.parent?.type === 'decorated_definition' ? statement.parent : statement);
      break;
    }
    case 'if_statement':
    case 'try_statement':
      // Names bound conditionally are not single assignments; record them so they resolve to unknown.
      for (const node of statement.descendantsOfType('assignment')) {
        const left = node?.childForFieldName('left');
        if (node && left?.type === 'identifier') sink.assignment(left.text, node);
      }
      break;
  }
}

function readImportName(name: Node, fromModule: string | undefined, sink: BindingSink): void {
  if (name.type === 'aliased_import') {
    const original = name.childForFieldName('name')?.text;
    const alias = name.childForFieldName('alias')?.text;
    if (!original || !alias) return;
    if (!fromModule) sink.importedModule(original);
    sink.alias(alias, fromModule ? memberPath(fromModule, original) : original);
  } else if (name.type === 'dotted_name') {
    if (fromModule) sink.alias(name.text, memberPath(fromModule, name.text));
    else sink.importedModule(name.text);
  }
}

/** `pkg.mod` + `x` is `pkg.mod.x`; a relative package alone (`.`, `..`) + `x` is `.x`, `..x`. */
export function memberPath(module: string, name: string): string {
  return module.endsWith('.') ? `${module}${name}` : `${module}.${name}`;
}

function readAssignment(assignment: Node, sink: BindingSink): void {
  const left = assignment.childForFieldName('left');
  if (left?.type !== 'identifier') return;
  sink.assignment(left.text, assignment);
  // `a = b = value` chains: the right side is itself an assignment.
  const right = assignment.childForFieldName('right');
  if (right?.type === 'assignment') readAssignment(right, sink);
}

/** What a top-level statement binds, with offsets relative to the statement's start (kept between analyses). */
export interface StatementBindings {
  aliases: Array<[local: string, path: string]>;
  importedModules: string[];
  assignments: Array<[name: string, start: number, end: number]>;
  functions: Array<[name: string, start: number, end: number]>;
  classes: Array<[name: string, start: number, end: number]>;
}

/** The names a top-level statement binds at module level, whether it imports, and the bindings themselves. */
export function bindingsOf(statement: Node): { names: string[]; imports: boolean; bindings: StatementBindings } {
  const base = statement.startIndex;
  const bindings: StatementBindings = { aliases: [], importedModules: [], assignments: [], functions: [], classes: [] };
  readBindings(statement, {
    alias: (local, path) => bindings.aliases.push([local, path]),
    importedModule: (name) => bindings.importedModules.push(name),
    assignment: (name, node) => bindings.assignments.push([name, node.startIndex - base, node.endIndex - base]),
    function: (name, holder) => bindings.functions.push([name, holder.startIndex - base, holder.endIndex - base]),
    class: (name, holder) => bindings.classes.push([name, holder.startIndex - base, holder.endIndex - base]),
  });
  const names = [...bindings.aliases.map(([local]) => local), ...bindings.assignments.map(([name]) => name), ...bindings.functions.map(([name]) => name), ...bindings.classes.map(([name]) => name)];
  return { names, imports: bindings.aliases.length > 0 || bindings.importedModules.length > 0, bindings };
}

/** The key under which `reads` records a look-up of the import-derived flags (never a Python name). */
export function importsRead(packages: readonly string[]): string {
  return `\0imports:${packages.join(',')}`;
}

/** A node the module read, or where one sits (read lazily from the tree when looked up). */
type Located = { node: Node } | { start: number; end: number };

export class PythonModule {
  /** Local name to the dotted path it stands for (`B`: `arcade_mcp_server.metadata.Behavior`, `md`: `arcade_mcp_server.metadata`). */
  private readonly aliases = new Map<string, string>();
  private readonly importedModules: string[] = [];
  private readonly assignments = new Map<string, Located[]>();
  private readonly functions = new Map<string, Located>();
  private readonly classes = new Map<string, Located>();
  private readonly importFlags = new Map<string, boolean>();
  /**
   * When set, every look-up adds what it looked up: a module-level name, or `importsRead(...)`.
   * Incremental analysis re-extracts a statement when something it looked up changes.
   */
  reads?: Set<string>;
  /** The rest of the project, when the analysis has one: imported servers and tools, manifest evidence. */
  project?: ProjectView;

  /**
   * Reads every top-level statement of `root`, or, with `statements`, takes their bindings as
   * already read (incremental analysis keeps them per statement) and reads nodes only on look-up.
   */
  constructor(
    readonly root: Node,
    readonly text: SourceText,
    statements?: Iterable<{ start: number; bindings: StatementBindings }>,
    /** Where the nodes of `statements` are read (a broken region's surroundings are in another tree). */
    private readonly lookup: NodeLookup = root,
    /** Whether `root`'s own statements are read too (`statements` are then those around it). */
    readRoot = !statements,
  ) {
    for (const { start, bindings } of statements ?? []) {
      for (const [local, path] of bindings.aliases) this.aliases.set(local, path);
      this.importedModules.push(...bindings.importedModules);
      for (const [name, from, to] of bindings.assignments) this.recordAssignment(name, { start: start + from, end: start + to });
      for (const [name, from, to] of bindings.functions) this.functions.set(name, { start: start + from, end: start + to });
      for (const [name, from, to] of bindings.classes) this.classes.set(name, { start: start + from, end: start + to });
    }
    if (!readRoot) return;
    const sink: BindingSink = {
      alias: (local, path) => this.aliases.set(local, path),
      importedModule: (name) => this.importedModules.push(name),
      assignment: (name, node) => this.recordAssignment(name, { node }),
      function: (name, holder) => this.functions.set(name, { node: holder }),
      class: (name, holder) => this.classes.set(name, { node: holder }),
    };
    for (const statement of namedChildren(root)) readBindings(statement, sink);
  }

  private recordAssignment(name: string, assignment: Located): void {
    const list = this.assignments.get(name) ?? [];
    list.push(assignment);
    this.assignments.set(name, list);
  }

  /** The node itself; a span is the deepest node covering it exactly (the assignment, the definition). */
  private nodeOf(located: Located, types: readonly string[]): Node | undefined {
    if ('node' in located) return located.node;
    const node = this.lookup.descendantForIndex(located.start, located.end);
    if (!node || node.startIndex !== located.start || node.endIndex !== located.end || !types.includes(node.type)) {
      throw new Error(`mcp-tool-lint: a kept binding at ${located.start}-${located.end} is not in the tree`);
    }
    return node;
  }

  /** The value of a module-level name assigned exactly once, or undefined. */
  constantValue(name: string): Node | undefined {
    this.reads?.add(name);
    const list = this.assignments.get(name);
    if (!list || list.length !== 1) return undefined;
    const right = this.nodeOf(list[0], ['assignment'])?.childForFieldName('right');
    return right && right.type !== 'assignment' ? right : undefined;
  }

  /** The top-level function (with its decorators, when decorated) of that name. */
  functionNamed(name: string): Node | undefined {
    this.reads?.add(name);
    const located = this.functions.get(name);
    return located && this.nodeOf(located, ['function_definition', 'decorated_definition']);
  }

  /** The top-level class of that name (its `class_definition`, without decorators). */
  classNamed(name: string): Node | undefined {
    this.reads?.add(name);
    const located = this.classes.get(name);
    const node = located && this.nodeOf(located, ['class_definition', 'decorated_definition']);
    return node?.type === 'decorated_definition' ? node.childForFieldName('definition') ?? undefined : node;
  }

  importsAny(packages: readonly string[]): boolean {
    const key = importsRead(packages);
    this.reads?.add(key);
    return this.importFlag(key);
  }

  /** The value of the import flag an `importsRead` key names (not recorded as a read). */
  importFlag(key: string): boolean {
    let flag = this.importFlags.get(key);
    if (flag === undefined) {
      const packages = key.slice(importsRead([]).length).split(',');
      flag = this.importedModules.some((module) => inPackage(module, packages)) || [...this.aliases.values()].some((path) => inPackage(path, packages));
      this.importFlags.set(key, flag);
    }
    return flag;
  }

  importsMcp(): boolean {
    return this.importsAny(MCP_PYTHON_MODULES);
  }

  importsArcade(): boolean {
    return this.importsAny(ARCADE_PYTHON_MODULES);
  }

  /**
   * The dotted path an expression names after import aliases: `B` is `...metadata.Behavior`,
   * `md.Operation.READ` is `arcade_mcp_server.metadata.Operation.READ`. Undefined for non-names.
   */
  resolvePath(node: Node): string | undefined {
    if (node.type === 'identifier') {
      const name = node.text;
      this.reads?.add(name);
      return this.aliases.get(name) ?? name;
    }
    if (node.type === 'attribute') {
      const object = node.childForFieldName('object');
      const attribute = node.childForFieldName('attribute');
      if (!object || !attribute) return undefined;
      const base = this.resolvePath(object);
      return base === undefined ? undefined : `${base}.${attribute.text}`;
    }
    return undefined;
  }

  /** The last segment of the resolved path: `ToolMetadata`, `Behavior`, `tool`, ... */
  resolveName(node: Node): string | undefined {
    const path = this.resolvePath(node);
    return path?.slice(path.lastIndexOf('.') + 1);
  }
}
