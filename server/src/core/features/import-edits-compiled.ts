/**
 * Imports for the Go and C# snippets. Go: a package the file lacks joins the last `import ( ... )`
 * block (or follows the last single import, or the `package` clause); a package the file imports
 * under another name is used under that name, and one whose name the file already binds to another
 * package is imported under the snippet's alias. C#: a `using` directive after the last one, or at
 * the top after leading comments.
 */
import { Node } from 'web-tree-sitter';
import { SnippetImport } from '../data/tool-snippets';
import { defaultPackageName, importsOf } from '../frontends/go/syntax';
import { namedChildren } from '../frontends/syntax';
import { Insertion, newLines } from './import-lines';

export interface GoImportPlan {
  insertions: Insertion[];
  /** The name the file uses (or will use) for each package a snippet's body calls `name`. */
  qualifiers: Map<string, string>;
}

export function goImportPlan(statements: readonly Node[], imports: readonly SnippetImport[]): GoImportPlan {
  const bound = importsOf(statements);
  const qualifiers = new Map<string, string>();
  const specs: string[] = [];
  for (const item of imports) {
    const existing = [...bound].find(([, importPath]) => importPath === item.module)?.[0];
    if (existing) {
      qualifiers.set(item.name, existing);
      continue;
    }
    const local = bound.has(item.name) && item.alias ? item.alias : item.name;
    qualifiers.set(item.name, local);
    bound.set(local, item.module);
    specs.push(local === defaultPackageName(item.module) ? `"${item.module}"` : `${local} "${item.module}"`);
  }
  return { insertions: goSpecInsertions(statements, specs), qualifiers };
}

function goSpecInsertions(statements: readonly Node[], specs: string[]): Insertion[] {
  if (specs.length === 0) return [];
  const declarations = statements.filter((statement) => statement.type === 'import_declaration');
  const block = declarations.map((declaration) => namedChildren(declaration).find((child) => child.type === 'import_spec_list')).filter((list) => list).at(-1);
  const closing = block?.children.at(-1);
  if (block && closing?.type === ')') {
    const opensOwnLine = block.text.startsWith('(\n') || block.text.startsWith('(\r\n');
    return [{ offset: closing.startIndex, text: `${opensOwnLine ? '' : '\n'}${specs.map((spec) => `\t${spec}\n`).join('')}` }];
  }
  const lines = specs.length === 1 ? [`import ${specs[0]}`] : ['import (', ...specs.map((spec) => `\t${spec}`), ')'];
  const packageClause = statements.find((statement) => statement.type === 'package_clause');
  if (!declarations.length && packageClause) return [{ offset: packageClause.endIndex, text: `\n\n${lines.join('\n')}` }];
  return newLines(statements, declarations.at(-1), lines, (statement) => statement.type === 'comment');
}

/** The namespace a plain `using X.Y;` brings in (not `using static`, not an alias). */
function usedNamespace(directive: Node): string | undefined {
  if (directive.childForFieldName('name') || directive.children.some((child) => child?.type === 'static')) return undefined;
  return namedChildren(directive).at(-1)?.text;
}

export function csharpInsertions(statements: readonly Node[], imports: readonly SnippetImport[]): Insertion[] {
  const usings = statements.filter((statement) => statement.type === 'using_directive');
  const used = new Set(usings.map(usedNamespace));
  const lines = [...new Set(imports.map((item) => item.module))].filter((module) => !used.has(module)).map((module) => `using ${module};`);
  return newLines(statements, usings.at(-1), lines, (statement) => statement.type === 'comment');
}
