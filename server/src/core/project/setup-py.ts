/**
 * The requirements a setup.py passes to `setup(install_requires=[...])`. setup.py is Python
 * source: it is parsed with the Python grammar, never run, and its string literals read.
 */
import { Node } from 'web-tree-sitter';
import { namedChildren } from '../frontends/syntax';
import { isGrammarLoaded, parse } from '../parse/parser';

/**
 * The string literals of `install_requires` in each `setup(...)` / `setuptools.setup(...)` call
 * (a list or tuple, or a module-level name bound to one); undefined when the Python grammar is
 * not loaded (`initAnalysis()` loads it).
 */
export function setupPyRequirements(text: string): string[] | undefined {
  if (!isGrammarLoaded('python')) return undefined;
  const tree = parse('python', text);
  try {
    const module = tree.rootNode;
    const requirements: string[] = [];
    for (const call of module.descendantsOfType('call')) {
      if (!call || !isSetupCall(call)) continue;
      const value = keywordArgument(call, 'install_requires');
      const list = value?.type === 'identifier' ? moduleLevelValue(module, value.text) : value;
      if (list) requirements.push(...stringItems(list));
    }
    return requirements;
  } finally {
    tree.delete();
  }
}

function isSetupCall(call: Node): boolean {
  const callee = call.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text === 'setup';
  return callee?.type === 'attribute' && callee.childForFieldName('attribute')?.text === 'setup';
}

function keywordArgument(call: Node, name: string): Node | undefined {
  const argumentList = call.childForFieldName('arguments');
  const argument = argumentList && namedChildren(argumentList).find((child) => child.type === 'keyword_argument' && child.childForFieldName('name')?.text === name);
  return argument?.childForFieldName('value') ?? undefined;
}

/** The value of the last top-level `name = ...` of the module. */
function moduleLevelValue(module: Node, name: string): Node | undefined {
  let value: Node | undefined;
  for (const statement of namedChildren(module)) {
    if (statement.type !== 'expression_statement') continue;
    for (const assignment of namedChildren(statement)) {
      if (assignment.type === 'assignment' && assignment.childForFieldName('left')?.text === name) {
        value = assignment.childForFieldName('right') ?? undefined;
      }
    }
  }
  return value;
}

function stringItems(list: Node): string[] {
  if (list.type !== 'list' && list.type !== 'tuple') return [];
  return namedChildren(list).flatMap((item) => {
    if (item.type !== 'string' || namedChildren(item).some((part) => part.type === 'interpolation')) return [];
    return [namedChildren(item).filter((part) => part.type === 'string_content').map((part) => part.text).join('')];
  });
}
