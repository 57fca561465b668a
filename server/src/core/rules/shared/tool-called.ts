import { ToolDeclaration } from '../../model';
import { shorten } from '../rule';

/** How a message names a tool: its registered name, else its function, method or class name, else "this tool". */
export function toolCalled(declaration: ToolDeclaration): string {
  const name = declaration.name || declaration.functionName;
  return name ? shorten(name) : 'this tool';
}
