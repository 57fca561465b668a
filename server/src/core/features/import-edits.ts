/**
 * The text to insert so that a file imports the names a snippet uses, read from its syntax tree.
 * A name is missing when no top-level import binds it. It joins an import of its module when the
 * file has one (`from m import a` → `from m import a, b`; `import { a } from "m"` → `{ a, b }`),
 * else a new import goes after the last one (or at the top, after a docstring, `"use strict"`
 * or leading comments). CommonJS files (requires, no ES import) get a `require`. Go and C#:
 * import-edits-compiled.ts.
 */
import { Node, Tree } from 'web-tree-sitter';
import { SnippetImport } from '../data/tool-snippets';
import { bindingsOf } from '../frontends/python/module';
import { namedChildren } from '../frontends/syntax';
import { importBindings } from '../frontends/typescript/imports';
import { stringValue } from '../frontends/typescript/syntax';
import { GrammarId } from '../parse/parser';
import { csharpInsertions, goImportPlan } from './import-edits-compiled';
import { Insertion, newLines } from './import-lines';

export type { Insertion } from './import-lines';

/** The insertions that add what `imports` names and the file lacks (none when nothing is missing). */
export function importInsertions(grammar: GrammarId, tree: Tree, imports: readonly SnippetImport[]): Insertion[] {
  if (imports.length === 0) return [];
  const statements = namedChildren(tree.rootNode);
  if (grammar === 'go') return goImportPlan(statements, imports).insertions;
  if (grammar === 'csharp') return csharpInsertions(statements, imports);
  return grammar === 'python' ? pythonInsertions(statements, imports) : scriptInsertions(statements, imports);
}

function byModule(imports: readonly SnippetImport[]): Map<string, SnippetImport[]> {
  const modules = new Map<string, SnippetImport[]>();
  for (const item of imports) modules.set(item.module, [...(modules.get(item.module) ?? []), item]);
  return modules;
}

const PYTHON_IMPORTS = new Set(['import_statement', 'import_from_statement', 'future_import_statement']);

function pythonInsertions(statements: readonly Node[], imports: readonly SnippetImport[]): Insertion[] {
  const bound = new Set(statements.flatMap((statement) => bindingsOf(statement).names));
  const existing = statements.filter((statement) => PYTHON_IMPORTS.has(statement.type));
  const insertions: Insertion[] = [];
  const lines: string[] = [];
  for (const [module, items] of byModule(imports.filter((item) => !bound.has(item.name)))) {
    const names = items.map((item) => item.name);
    const statement = existing.find((candidate) => candidate.type === 'import_from_statement'
      && candidate.childForFieldName('module_name')?.text === module && candidate.descendantsOfType('wildcard_import').length === 0);
    const last = statement?.childrenForFieldName('name').at(-1);
    if (last) insertions.push({ offset: last.endIndex, text: names.map((name) => `, ${name}`).join('') });
    else lines.push(`from ${module} import ${names.join(', ')}`);
  }
  const isDocstring = (statement: Node) => statement.type === 'expression_statement' && statement.namedChild(0)?.type === 'string';
  return [...insertions, ...newLines(statements, existing.at(-1), lines, (statement) => statement.type === 'comment' || isDocstring(statement))];
}

/** `const { a, b } = require("m")` / `const a = require("m")`: the names and the statement. */
function requireOf(statement: Node): { names: string[]; module: string } | undefined {
  if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') return undefined;
  const declarator = statement.namedChildren.find((child) => child?.type === 'variable_declarator');
  const value = declarator?.childForFieldName('value');
  const callee = value?.type === 'call_expression' ? value.childForFieldName('function') : undefined;
  const source = value?.childForFieldName('arguments')?.namedChild(0);
  const module = source ? stringValue(source) : undefined;
  if (callee?.text !== 'require' || module === undefined || !declarator) return undefined;
  const pattern = declarator.childForFieldName('name');
  const names = pattern?.type === 'identifier' ? [pattern.text]
    : (pattern?.namedChildren ?? []).flatMap((part) => (part?.type === 'pair_pattern' ? [part.childForFieldName('value')?.text ?? ''] : part ? [part.text] : []));
  return { names, module };
}

function scriptInsertions(statements: readonly Node[], imports: readonly SnippetImport[]): Insertion[] {
  const esImports = statements.filter((statement) => statement.type === 'import_statement');
  const requires = statements.filter((statement) => requireOf(statement));
  const commonJs = esImports.length === 0 && requires.length > 0;
  const bound = new Set([...importBindings(esImports).map((binding) => binding.local), ...requires.flatMap((statement) => requireOf(statement)!.names)]);
  const quote = (esImports[0]?.childForFieldName('source') ?? requires[0]?.descendantsOfType('string')[0])?.text.charAt(0) === "'" ? "'" : '"';
  const semicolon = (esImports.at(-1) ?? requires.at(-1))?.text.endsWith(';') ?? true ? ';' : '';
  const insertions: Insertion[] = [];
  const lines: string[] = [];
  for (const [module, items] of byModule(imports.filter((item) => !bound.has(item.name) && !(commonJs && item.typeOnly)))) {
    const specifier = `${quote}${module}${quote}`;
    if (commonJs) {
      const names = items.map((item) => item.name).join(', ');
      lines.push(`const { ${names} } = ${quote === "'" ? `require('${module}')` : `require("${module}")`}${semicolon}`);
      continue;
    }
    const joined = joinNamedImport(esImports, module, items);
    if (joined) {
      insertions.push(joined);
      continue;
    }
    const typeOnly = items.every((item) => item.typeOnly);
    const names = items.map((item) => (item.typeOnly && !typeOnly ? `type ${item.name}` : item.name)).join(', ');
    lines.push(`import ${typeOnly ? 'type ' : ''}{ ${names} } from ${specifier}${semicolon}`);
  }
  const isHeader = (statement: Node) => statement.type === 'comment' || statement.type === 'hash_bang_line'
    || (statement.type === 'expression_statement' && statement.namedChild(0)?.type === 'string');
  return [...insertions, ...newLines(statements, commonJs ? requires.at(-1) : esImports.at(-1), lines, isHeader)];
}

/** `, b` after the last name of `import { a } from "module"` (`, type b` for a type in a value import). */
function joinNamedImport(esImports: readonly Node[], module: string, items: readonly SnippetImport[]): Insertion | undefined {
  for (const statement of esImports) {
    const source = statement.childForFieldName('source');
    if (!source || stringValue(source) !== module) continue;
    const typeImport = statement.children.some((child) => child?.type === 'type');
    if (typeImport && items.some((item) => !item.typeOnly)) continue;
    const named = statement.descendantsOfType('named_imports')[0];
    const last = named?.descendantsOfType('import_specifier').at(-1);
    if (!last) continue;
    return { offset: last.endIndex, text: items.map((item) => `, ${item.typeOnly && !typeImport ? 'type ' : ''}${item.name}`).join('') };
  }
  return undefined;
}
