/**
 * What a Python module offers other modules, read from its syntax alone: the servers it makes at
 * the top level, the names it imports (a re-export is an import), the functions it defines.
 * Kept per module in the project index instead of its tree.
 */
import { Node, Tree } from 'web-tree-sitter';
import { memberPath, PythonModule } from '../frontends/python/module';
import { constructorName, serverFramework } from '../frontends/python/servers';
import { namedChildren, rangeOf } from '../frontends/syntax';
import { SourceText } from '../source-text';
import { ServerRef, symbolKey } from './view';

export interface PythonFacts {
  kind: 'python';
  /** Module-level servers by variable: `mcp = FastMCP("jira")`. */
  servers: Map<string, ServerRef>;
  /** Names bound by imports, to the dotted path they stand for (`mcp` → `.server.mcp`). */
  imports: Map<string, string>;
  /** Names bound at the top level by anything else (functions, classes, other assignments). */
  others: Set<string>;
}

export function pythonFacts(tree: Tree, text: SourceText, file: string): PythonFacts {
  const module = new PythonModule(tree.rootNode, text);
  const facts: PythonFacts = { kind: 'python', servers: new Map(), imports: new Map(), others: new Set() };
  for (const statement of namedChildren(tree.rootNode)) readStatement(statement, module, file, facts);
  return facts;
}

function readStatement(statement: Node, module: PythonModule, file: string, facts: PythonFacts): void {
  switch (statement.type) {
    case 'import_from_statement': {
      const from = statement.childForFieldName('module_name')?.text;
      for (const name of statement.childrenForFieldName('name')) {
        const original = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
        const local = name?.type === 'aliased_import' ? name.childForFieldName('alias')?.text : original;
        if (from && original && local) facts.imports.set(local, memberPath(from, original));
      }
      break;
    }
    case 'import_statement':
      for (const name of namedChildren(statement)) {
        if (name.type === 'aliased_import') {
          const original = name.childForFieldName('name')?.text;
          const alias = name.childForFieldName('alias')?.text;
          if (original && alias) facts.imports.set(alias, original);
        } else if (name.type === 'dotted_name') {
          const first = name.text.split('.')[0];
          facts.imports.set(first, first);
        }
      }
      break;
    case 'expression_statement': {
      const assignment = namedChildren(statement)[0];
      const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
      const right = assignment?.childForFieldName('right');
      if (left?.type !== 'identifier') break;
      const callee = right?.type === 'call' ? right.childForFieldName('function') : undefined;
      const framework = callee ? serverFramework(module.resolvePath(callee)) : undefined;
      if (framework && right && module.constantValue(left.text)?.id === right.id) {
        facts.servers.set(left.text, { key: symbolKey(file, left.text), framework, variable: left.text, name: constructorName(right), file, range: rangeOf(left) });
      } else {
        facts.others.add(left.text);
      }
      break;
    }
    case 'function_definition':
    case 'class_definition':
    case 'decorated_definition': {
      const definition = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
      const name = definition?.childForFieldName('name')?.text;
      if (name) facts.others.add(name);
      break;
    }
  }
}
