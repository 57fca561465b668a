import { Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { extractPythonDeclarations } from './python';
import { extractScriptDeclarations } from './typescript';

/** Turns a syntax tree into the tool declarations it holds. */
export function extractDeclarations(grammar: GrammarId, tree: Tree, text: SourceText, options: { serverModules?: readonly string[] } = {}): ToolDeclaration[] {
  if (grammar === 'python') return extractPythonDeclarations(tree, text);
  return extractScriptDeclarations(tree, text, grammar, { serverModules: options.serverModules });
}
