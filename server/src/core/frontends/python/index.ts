import { Tree } from 'web-tree-sitter';
import { ToolDeclaration } from '../../model';

export function extractPythonDeclarations(_tree: Tree, _text: string): ToolDeclaration[] {
  return [];
}
