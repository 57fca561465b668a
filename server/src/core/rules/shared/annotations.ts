/** The annotations of a tool when the linter can read them (not the result of some helper call). */
import { AnnotationsModel, ToolDeclaration } from '../../model';

export function annotationsOf(declaration: ToolDeclaration): AnnotationsModel | undefined {
  const annotations = declaration.annotations;
  const value = annotations?.value;
  if (!annotations || !value) return undefined;
  if (value.kind === 'mapping') return annotations;
  if (value.kind === 'call' && value.callee.slice(value.callee.lastIndexOf('.') + 1) === 'ToolAnnotations') return annotations;
  // mcp-go: the hints are options of the NewTool call; C#: named arguments of the tool's attribute.
  if (value.kind === 'call' && (value.container.syntax === 'options' || value.container.syntax === 'attribute')) return annotations;
  return undefined;
}
