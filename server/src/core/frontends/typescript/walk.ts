/**
 * One pass over the syntax tree (no node objects for the nodes we skip),
 * collecting every node the front end looks at: imports, bindings, calls, classes, objects
 * and ERROR nodes.
 */
import { Node } from 'web-tree-sitter';
import { errorNodes } from '../syntax';

export interface FileNodes {
  /** `import` / `export ... from` statements. */
  imports: Node[];
  /** Every call: `require(...)`, `import(...)`, the SDK methods. */
  calls: Node[];
  /** Nodes that bind names (declarators, parameters, imports, functions, classes). */
  bindings: Node[];
  classes: Node[];
  objects: Node[];
  errors: Node[];
}

const BINDING_TYPES = new Set([
  'variable_declarator', 'function_declaration', 'generator_function_declaration', 'class_declaration',
  'abstract_class_declaration', 'enum_declaration', 'import_specifier', 'namespace_import', 'import_clause',
  'formal_parameters', 'arrow_function', 'catch_clause',
]);
const CLASS_TYPES = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
const WANTED_TYPES = ['import_statement', 'export_statement', 'call_expression', 'object', ...BINDING_TYPES, ...CLASS_TYPES];
/** What `idForNodeType` answers for a name the grammar does not have. */
const NO_SYMBOL = 0xffff;

export function collectFileNodes(root: Node): FileNodes {
  const nodes: FileNodes = { imports: [], calls: [], bindings: [], classes: [], objects: [], errors: [] };
  // One search inside the parser's own code: node objects only for the wanted types
  // (those the grammar has: JavaScript has no abstract classes).
  const language = root.tree.language;
  const types = WANTED_TYPES.filter((type) => {
    const id = language.idForNodeType(type, true);
    return id !== null && id !== NO_SYMBOL;
  });
  for (const node of root.descendantsOfType(types)) {
    if (!node) continue;
    const type = node.type;
    if (type === 'import_statement' || type === 'export_statement') nodes.imports.push(node);
    else if (type === 'call_expression') nodes.calls.push(node);
    else if (type === 'object') nodes.objects.push(node);
    if (BINDING_TYPES.has(type)) nodes.bindings.push(node);
    if (CLASS_TYPES.has(type)) nodes.classes.push(node);
  }
  nodes.errors = errorNodes(root);
  return nodes;
}

