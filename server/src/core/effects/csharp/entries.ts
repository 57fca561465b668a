/**
 * Where a C# tool's body is (issue 27): the `[McpServerTool]` method itself, or an Azure MCP
 * command class's execute method (`ExecuteAsync`). The parameters the framework fills (a
 * `CancellationToken`, the server, services of a known library type) are not the tool's.
 */
import { namedChildren } from '../../frontends/syntax';
import { ToolDeclaration } from '../../model';
import { nodeAtRange, ToolEntry } from '../entry';
import { CSharpEffects } from './summarise';

const EXECUTE_METHODS = ['ExecuteAsync', 'Execute', 'ExecuteCommandAsync', 'HandleAsync', 'RunAsync', 'InvokeAsync'];

export function csharpEntry(effects: CSharpEffects, declaration: ToolDeclaration): ToolEntry | undefined {
  const node = nodeAtRange(effects.root, declaration.range);
  if (!node) return undefined;
  if (declaration.form === 'csharp-mcp-server-tool' && node.type === 'method_declaration') {
    const owner = node.parent?.parent;
    const className = owner?.childForFieldName('name')?.text;
    return className ? entryOf(effects, node, className) : undefined;
  }
  if (declaration.form === 'csharp-command-metadata') {
    const className = node.childForFieldName('name')?.text;
    const methods = namedChildren(node.childForFieldName('body') ?? node).filter((member) => member.type === 'method_declaration');
    const execute = EXECUTE_METHODS.map((name) => methods.find((method) => method.childForFieldName('name')?.text === name)).find(Boolean);
    return execute && className ? entryOf(effects, execute, className) : undefined;
  }
  return undefined;
}

function entryOf(effects: CSharpEffects, method: Parameters<CSharpEffects['summariseFunction']>[0], className: string): ToolEntry {
  const name = method.childForFieldName('name')?.text ?? 'tool';
  const summary = effects.summariseFunction(method, name, className);
  const injected = new Set(effects.values.parameters(method).filter((parameter) => parameter.injected).map((parameter) => parameter.name));
  return { kind: 'summary', summary, toolParameters: new Set(summary.parameters.map((parameter) => parameter.name).filter((parameter) => !injected.has(parameter))) };
}
