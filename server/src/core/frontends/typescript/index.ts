import { Tree } from 'web-tree-sitter';
import { ToolDeclaration } from '../../model';
import { GrammarId } from '../../parse/parser';

export function extractScriptDeclarations(_tree: Tree, _text: string, _grammar: GrammarId): ToolDeclaration[] {
  return [];
}
