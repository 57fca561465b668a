/**
 * What a TS/JS module offers other modules, read from its syntax alone: its exports, and for
 * each whether it is a server made here (`export const server = new McpServer(...)`), something
 * imported (a re-export), or a local function (maybe a registration wrapper, decided with the
 * project). Kept per module in the project index instead of its tree.
 */
import { Node, Tree } from 'web-tree-sitter';
import { ImportBinding, importBindings } from '../frontends/typescript/imports';
import { serverClassFramework, serverNameOf } from '../frontends/typescript/servers';
import { literalKeyName, namedChildrenOf, rangeOf, stringValue, unwrapExpression } from '../frontends/typescript/syntax';
import { objectSyntax } from '../frontends/typescript/objects';
import { Scope } from '../frontends/typescript/scope';
import { ValueReader } from '../frontends/typescript/values';
import { collectFileNodes, FileNodes } from '../frontends/typescript/walk';
import { Value } from '../model';
import { isPresetShaped, mayBePresetShaped, TopLevelShape, writtenIn } from './presets';
import { ServerRef, symbolKey } from './view';

/** What a module-level name of a script module is. */
export type ScriptBinding =
  | { kind: 'server'; server: ServerRef }
  | { kind: 'import'; specifier: string; name: string }
  | { kind: 'function'; name: string }
  /** A module-level object shaped like annotations (presets.ts), as written here. */
  | { kind: 'preset'; value: Value }
  | { kind: 'other' };

export interface ScriptFacts {
  kind: 'script';
  /** Export name (`default` for the default export) to the module-level name it exports, or a re-export. */
  exports: Map<string, { local: string } | { specifier: string; name: string }>;
  /** `export * from "x"`: where to look for names not exported here. */
  stars: string[];
  /** Module-level names. */
  bindings: Map<string, ScriptBinding>;
}

/** `nodes`: the tree's `collectFileNodes`, when the caller has them already. */
export function scriptFacts(tree: Tree, file: string, isServerModule: (specifier: string) => boolean, nodes?: FileNodes): ScriptFacts {
  const facts: ScriptFacts = { kind: 'script', exports: new Map(), stars: [], bindings: new Map() };
  const statements = namedChildrenOf(tree.rootNode);
  const imports = importBindings(statements);
  for (const binding of imports) facts.bindings.set(binding.local, { kind: 'import', specifier: binding.specifier, name: binding.name });
  const importsByLocal = new Map<string, ImportBinding>(imports.map((binding) => [binding.local, binding]));
  const serverFramework = (name: string | undefined) => serverClassFramework(name, (local) => {
    const binding = importsByLocal.get(local);
    return !!binding && isServerModule(binding.specifier);
  });
  let reader: ValueReader | undefined;
  const module: ModuleReading = { file, serverFramework, readPreset: (node) => (reader ??= new ValueReader(new Scope((nodes ?? collectFileNodes(tree.rootNode)).bindings))).read(node) };
  const bind = (declaration: Node, exported: boolean): void => {
    for (const [name, binding] of declared(declaration, module)) {
      facts.bindings.set(name, binding);
      if (exported) facts.exports.set(name, { local: name });
    }
  };
  for (const statement of statements) {
    if (statement.type !== 'export_statement') {
      bind(statement, false);
      continue;
    }
    const declaration = statement.childForFieldName('declaration');
    if (declaration) {
      bind(declaration, true);
      continue;
    }
    readExport(statement, facts, module);
  }
  return facts;
}

type FrameworkOf = (name: string | undefined) => ServerRef['framework'] | undefined;

/** What reading a module's bindings needs: its file, which classes make servers, and a reader for presets. */
interface ModuleReading {
  file: string;
  serverFramework: FrameworkOf;
  readPreset(object: Node): Value;
}

/** The names a declaration binds at the top level, and what each is. */
function declared(declaration: Node, module: ModuleReading): Array<[string, ScriptBinding]> {
  switch (declaration.type) {
    case 'function_declaration':
    case 'generator_function_declaration': {
      const name = declaration.childForFieldName('name')?.text;
      return name ? [[name, { kind: 'function', name }]] : [];
    }
    case 'class_declaration':
    case 'abstract_class_declaration': {
      const name = declaration.childForFieldName('name')?.text;
      return name ? [[name, { kind: 'other' }]] : [];
    }
    case 'lexical_declaration':
    case 'variable_declaration':
      return namedChildrenOf(declaration).filter((child) => child.type === 'variable_declarator').flatMap((declarator): Array<[string, ScriptBinding]> => {
        const name = declarator.childForFieldName('name');
        const value = declarator.childForFieldName('value');
        if (name?.type !== 'identifier') return [];
        const constant = declaration.type === 'lexical_declaration' && declaration.child(0)?.type === 'const';
        return [[name.text, value ? valueBinding(name.text, name, value, module, constant) : { kind: 'other' }]];
      });
    default:
      return [];
  }
}

function valueBinding(variable: string, at: Node, value: Node, module: ModuleReading, constant: boolean): ScriptBinding {
  const expression = unwrapExpression(value);
  if (['arrow_function', 'function_expression', 'function'].includes(expression.type)) return { kind: 'function', name: variable };
  if (expression.type === 'object' && constant) {
    if (!mayBePresetShaped(objectShape(expression))) return { kind: 'other' };
    const preset = module.readPreset(expression);
    return isPresetShaped(preset) ? { kind: 'preset', value: writtenIn(preset, module.file) } : { kind: 'other' };
  }
  if (expression.type !== 'new_expression') return { kind: 'other' };
  const { file } = module;
  const constructor = expression.childForFieldName('constructor');
  const framework = module.serverFramework(constructor?.type === 'identifier' ? constructor.text : constructor?.childForFieldName('property')?.text);
  if (!framework) return { kind: 'other' };
  return { kind: 'server', server: { key: symbolKey(file, variable), framework, variable, name: serverNameOf(expression), file, range: rangeOf(at) } };
}

/**
 * An object literal's keys as `ValueReader.readObject` names its entries, read without the values
 * or the file's scope (which a computed key needs: it counts as a spread, keys unknown).
 */
function objectShape(object: Node): TopLevelShape {
  const keys: string[] = [];
  let spread = false;
  for (const member of objectSyntax(object).members) {
    if (member.kind === 'spread') spread = true;
    else if (member.kind === 'shorthand') keys.push(member.node.text);
    else if (member.key?.type === 'computed_property_name') spread = true;
    else {
      const key = member.key && literalKeyName(member.key);
      if (key !== undefined) keys.push(key);
    }
  }
  return { keys, spread };
}

/** `export { a as b }`, `export { a } from "x"`, `export * from "x"`, `export * as ns from "x"`, `export default x`. */
function readExport(statement: Node, facts: ScriptFacts, module: ModuleReading): void {
  const source = statement.childForFieldName('source');
  const specifier = source ? stringValue(source) : undefined;
  const value = statement.childForFieldName('value');
  if (value) {
    const expression = unwrapExpression(value);
    if (expression.type === 'identifier') facts.exports.set('default', { local: expression.text });
    else {
      facts.bindings.set('\0default', valueBinding('default', value, value, module, true));
      facts.exports.set('default', { local: '\0default' });
    }
    return;
  }
  const clause = namedChildrenOf(statement).find((child) => child.type === 'export_clause');
  const namespace = namedChildrenOf(statement).find((child) => child.type === 'namespace_export');
  if (!clause) {
    if (specifier !== undefined && namespace) {
      const name = namedChildrenOf(namespace)[0]?.text;
      if (name) facts.exports.set(name, { specifier, name: '*' });
    } else if (specifier !== undefined) {
      facts.stars.push(specifier);
    }
    return;
  }
  for (const exported of namedChildrenOf(clause)) {
    if (exported.type !== 'export_specifier') continue;
    const name = exported.childForFieldName('name')?.text;
    const alias = exported.childForFieldName('alias')?.text ?? name;
    if (!name || !alias) continue;
    facts.exports.set(alias, specifier !== undefined ? { specifier, name } : { local: name });
  }
}
