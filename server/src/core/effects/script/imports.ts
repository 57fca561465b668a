/** The names a TS/JS module imports, as effects read them: ES imports and `require` bindings. */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf, stringValue } from '../../frontends/typescript/syntax';
import { requiredModule, unwrap } from './syntax';

/** What a local name imports: `fs` -> `{ specifier: "node:fs", name: "*" }`. */
export interface ScriptImport {
  specifier: string;
  name: string;
}

/** Adds the names `statement` imports (`import ...`, `const fs = require("fs")`, `const { execSync } = require(...)`) to `imports`. */
export function readScriptImports(statement: Node, imports: Map<string, ScriptImport>): void {
  if (statement.type === 'import_statement') {
    const specifier = stringValue(statement.childForFieldName('source') ?? statement);
    const clause = namedChildrenOf(statement).find((child) => child.type === 'import_clause');
    if (specifier === undefined || !clause) return;
    for (const part of namedChildrenOf(clause)) {
      if (part.type === 'identifier') imports.set(part.text, { specifier, name: 'default' });
      else if (part.type === 'namespace_import') {
        const local = namedChildrenOf(part).find((child) => child.type === 'identifier');
        if (local) imports.set(local.text, { specifier, name: '*' });
      } else if (part.type === 'named_imports') {
        for (const named of namedChildrenOf(part)) {
          const name = named.childForFieldName('name');
          const alias = named.childForFieldName('alias') ?? name;
          if (named.type === 'import_specifier' && name && alias) imports.set(alias.text, { specifier, name: name.type === 'string' ? stringValue(name) ?? name.text : name.text });
        }
      }
    }
    return;
  }
  // `const fs = require("fs")`, `const { execSync } = require("child_process")`.
  if (statement.type !== 'lexical_declaration' && statement.type !== 'variable_declaration') return;
  for (const declarator of namedChildrenOf(statement).filter((child) => child.type === 'variable_declarator')) {
    const value = declarator.childForFieldName('value');
    const specifier = value ? requiredModule(unwrap(value)) : undefined;
    const name = declarator.childForFieldName('name');
    if (specifier === undefined || !name) continue;
    if (name.type === 'identifier') imports.set(name.text, { specifier, name: '*' });
    else if (name.type === 'object_pattern') {
      for (const field of namedChildrenOf(name)) {
        if (field.type === 'shorthand_property_identifier_pattern') imports.set(field.text, { specifier, name: field.text });
        else if (field.type === 'pair_pattern') {
          const key = field.childForFieldName('key')?.text;
          const local = field.childForFieldName('value');
          if (key && local?.type === 'identifier') imports.set(local.text, { specifier, name: key });
        }
      }
    }
  }
}
