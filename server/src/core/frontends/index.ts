import { Tree } from 'web-tree-sitter';
import { SourceText } from '../source-text';
import { ToolDeclaration } from '../model';
import { GrammarId } from '../parse/parser';
import { extractPythonDeclarations } from './python';
import { extractScriptDeclarations } from './typescript';
import { extractGoDeclarations } from './go';
import { extractCSharpDeclarations } from './csharp';
import { ProjectView } from '../project/view';

/** Turns a syntax tree into the tool declarations it holds. */
export function extractDeclarations(grammar: GrammarId, tree: Tree, text: SourceText, options: { serverModules?: readonly string[]; project?: ProjectView } = {}): ToolDeclaration[] {
  if (grammar === 'python') return extractPythonDeclarations(tree, text, undefined, options.project);
  if (grammar === 'go') return extractGoDeclarations(tree, text, { project: options.project });
  if (grammar === 'csharp') return extractCSharpDeclarations(tree, text);
  return extractScriptDeclarations(tree, text, grammar, { serverModules: options.serverModules, project: options.project });
}
