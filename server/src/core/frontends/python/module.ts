/**
 * What a Python module says about itself at the top level: its imports (with aliases)
 * and the names assigned exactly once, whose values a tool may use.
 */
import { Node } from 'web-tree-sitter';
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
    sink.alias(alias, fromModule ? `${fromModule}.${original}` : original);
  } else if (name.type === 'dotted_name') {
    if (fromModule) sink.alias(name.text, `${fromModule}.${name.text}`);
    else sink.importedModule(name.text);
  }
}

function readAssignment(assignment: Node, sink: BindingSink): void {
  const left = assignment.childForFieldName('left');
  if (left?.type !== 'identifier') return;
  sink.assignment(left.text, assignment);
  // `a = b = value` chains: the right side is itself an assignment.
  const right = assignment.childForFieldName('right');
  if (right?.type === 'assignment') readAssignment(right, sink);
}

/** The names a top-level statement binds at module level, and whether it imports. */
export function bindingsOf(statement: Node): { names: string[]; imports: boolean } {
  const names: string[] = [];
  let imports = false;
  readBindings(statement, {
    alias: (local) => {
      names.push(local);
      imports = true;
    },
    importedModule: () => {
      imports = true;
    },
    assignment: (name) => names.push(name),
    function: (name) => names.push(name),
  });
  return { names, imports };
}

/** The key under which `reads` records a look-up of the import-derived flags (never a Python name). */
export function importsRead(packages: readonly string[]): string {
  return `\0imports:${packages.join(',')}`;
}

export class PythonModule {
  /** Local name → dotted path it stands for (`B` → `arcade_mcp_server.metadata.Behavior`, `md` → `arcade_mcp_server.metadata`). */
  private readonly aliases = new Map<string, string>();
  private readonly importedModules: string[] = [];
  private readonly assignments = new Map<string, Node[]>();
  private readonly functions = new Map<string, Node>();
  /**
   * When set, every look-up adds what it looked up: a module-level name, or `importsRead(...)`.
   * Incremental analysis re-extracts a statement when something it looked up changes.
   */
  reads?: Set<string>;

  constructor(readonly root: Node, readonly text: string) {
    const sink: BindingSink = {
      alias: (local, path) => this.aliases.set(local, path),
      importedModule: (name) => this.importedModules.push(name),
      assignment: (name, node) => this.recordAssignment(name, node),
      function: (name, holder) => this.functions.set(name, holder),
    };
    for (const statement of namedChildren(root)) readBindings(statement, sink);
  }

  private recordAssignment(name: string, assignment: Node): void {
    const list = this.assignments.get(name) ?? [];
    list.push(assignment);
    this.assignments.set(name, list);
  }

  /** The value of a module-level name assigned exactly once, or undefined. */
  constantValue(name: string): Node | undefined {
    this.reads?.add(name);
    const list = this.assignments.get(name);
    if (!list || list.length !== 1) return undefined;
    const right = list[0].childForFieldName('right');
    return right && right.type !== 'assignment' ? right : undefined;
  }

  /** The top-level function (with its decorators, when decorated) of that name. */
  functionNamed(name: string): Node | undefined {
    this.reads?.add(name);
    return this.functions.get(name);
  }

  importsAny(packages: readonly string[]): boolean {
    this.reads?.add(importsRead(packages));
    return this.importedModules.some((module) => inPackage(module, packages))
      || [...this.aliases.values()].some((path) => inPackage(path, packages));
  }

  /** The value of the import flag an `importsRead` key names (not recorded as a read). */
  importFlag(key: string): boolean {
    const packages = key.slice(importsRead([]).length).split(',');
    const reads = this.reads;
    this.reads = undefined;
    const value = this.importsAny(packages);
    this.reads = reads;
    return value;
  }

  importsMcp(): boolean {
    return this.importsAny(MCP_PYTHON_MODULES);
  }

  importsArcade(): boolean {
    return this.importsAny(ARCADE_PYTHON_MODULES);
  }

  /**
   * The dotted path an expression names after import aliases: `B` → `...metadata.Behavior`,
   * `md.Operation.READ` → `arcade_mcp_server.metadata.Operation.READ`. Undefined for non-names.
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
