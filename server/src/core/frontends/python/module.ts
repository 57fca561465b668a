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

export class PythonModule {
  /** Local name → dotted path it stands for (`B` → `arcade_mcp_server.metadata.Behavior`, `md` → `arcade_mcp_server.metadata`). */
  private readonly aliases = new Map<string, string>();
  private readonly importedModules: string[] = [];
  private readonly assignments = new Map<string, Node[]>();
  private readonly functions = new Map<string, Node>();

  constructor(readonly root: Node, readonly text: string) {
    for (const statement of namedChildren(root)) this.readStatement(statement);
  }

  private readStatement(statement: Node): void {
    switch (statement.type) {
      case 'import_statement':
        for (const name of namedChildren(statement)) this.readImportName(name, undefined);
        break;
      case 'import_from_statement': {
        const moduleNode = statement.childForFieldName('module_name');
        if (!moduleNode) return;
        const module = moduleNode.text;
        this.importedModules.push(module);
        for (const name of statement.childrenForFieldName('name')) if (name) this.readImportName(name, module);
        break;
      }
      case 'expression_statement':
        for (const child of namedChildren(statement)) if (child.type === 'assignment') this.readAssignment(child);
        break;
      case 'decorated_definition': {
        const definition = statement.childForFieldName('definition');
        if (definition) this.readStatement(definition);
        break;
      }
      case 'function_definition': {
        const name = statement.childForFieldName('name');
        if (name) this.functions.set(name.text, statement.parent?.type === 'decorated_definition' ? statement.parent : statement);
        break;
      }
      case 'if_statement':
      case 'try_statement':
        // Names bound conditionally are not single assignments; record them so they resolve to unknown.
        for (const node of statement.descendantsOfType('assignment')) {
          const left = node?.childForFieldName('left');
          if (node && left?.type === 'identifier') this.recordAssignment(left.text, node);
        }
        break;
    }
  }

  private readImportName(name: Node, fromModule: string | undefined): void {
    if (name.type === 'aliased_import') {
      const original = name.childForFieldName('name')?.text;
      const alias = name.childForFieldName('alias')?.text;
      if (!original || !alias) return;
      const path = fromModule ? `${fromModule}.${original}` : original;
      if (!fromModule) this.importedModules.push(original);
      this.aliases.set(alias, path);
    } else if (name.type === 'dotted_name') {
      if (fromModule) {
        this.aliases.set(name.text, `${fromModule}.${name.text}`);
      } else {
        this.importedModules.push(name.text);
      }
    }
  }

  private readAssignment(assignment: Node): void {
    const left = assignment.childForFieldName('left');
    if (left?.type !== 'identifier') return;
    this.recordAssignment(left.text, assignment);
    // `a = b = value` chains: the right side is itself an assignment.
    const right = assignment.childForFieldName('right');
    if (right?.type === 'assignment') this.readAssignment(right);
  }

  private recordAssignment(name: string, assignment: Node): void {
    const list = this.assignments.get(name) ?? [];
    list.push(assignment);
    this.assignments.set(name, list);
  }

  /** The value of a module-level name assigned exactly once, or undefined. */
  constantValue(name: string): Node | undefined {
    const list = this.assignments.get(name);
    if (!list || list.length !== 1) return undefined;
    const right = list[0].childForFieldName('right');
    return right && right.type !== 'assignment' ? right : undefined;
  }

  /** The top-level function (with its decorators, when decorated) of that name. */
  functionNamed(name: string): Node | undefined {
    return this.functions.get(name);
  }

  importsAny(packages: readonly string[]): boolean {
    return this.importedModules.some((module) => inPackage(module, packages))
      || [...this.aliases.values()].some((path) => inPackage(path, packages));
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
    if (node.type === 'identifier') return this.aliases.get(node.text) ?? node.text;
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
