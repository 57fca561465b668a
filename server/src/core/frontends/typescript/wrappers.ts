/**
 * Registration wrappers (design.md, "Servers"): a function that passes its own parameters straight
 * into an SDK registration call (`function addTool(name, config, cb) { server.registerTool(name,
 * config, cb) }`). Its calls, wherever it is imported, are read as that SDK call.
 */
import { Node } from 'web-tree-sitter';
import { RegistrationWrapper } from '../../project/view';
import { CallSyntax } from './calls';
import { FileContext } from './context';
import { SDK_METHODS } from './forms/sdk-calls';
import { parametersOf, registrationOf, ScriptReceiver } from './servers';
import { callArguments, calleeProperty, namedChildrenOf, rangeOf } from './syntax';

/** The function a top-level statement defines, with its name: `function f() {}`, `const f = () => {}`, exported or not. */
function definedFunction(statement: Node): { name: string; definition: Node } | undefined {
  const declaration = statement.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
  if (!declaration) return undefined;
  if (declaration.type === 'function_declaration') {
    const name = declaration.childForFieldName('name')?.text;
    return name ? { name, definition: declaration } : undefined;
  }
  if (declaration.type !== 'lexical_declaration' && declaration.type !== 'variable_declaration') return undefined;
  const declarators = namedChildrenOf(declaration).filter((child) => child.type === 'variable_declarator');
  if (declarators.length !== 1) return undefined;
  const name = declarators[0].childForFieldName('name');
  const value = declarators[0].childForFieldName('value');
  if (name?.type !== 'identifier' || !value || !['arrow_function', 'function_expression', 'function'].includes(value.type)) return undefined;
  return { name: name.text, definition: value };
}

/**
 * The wrappers a module's top-level functions make: each SDK registration call in a function's
 * body (counted as the front end counts it) with some of the function's parameters passed
 * straight as its arguments.
 */
export function findWrappers(root: Node, calls: readonly Node[], context: FileContext, file: string): RegistrationWrapper[] {
  const wrappers: RegistrationWrapper[] = [];
  for (const statement of namedChildrenOf(root)) {
    const defined = definedFunction(statement);
    if (!defined) continue;
    const parameters = parametersOf(defined.definition).map((parameter) => parameter.name);
    if (!parameters.some(Boolean)) continue;
    const inside = calls.filter((call) => call.startIndex >= defined.definition.startIndex && call.endIndex <= defined.definition.endIndex);
    for (const call of inside) {
      const method = calleeProperty(call)?.text;
      if (!method || !SDK_METHODS.includes(method)) continue;
      const argumentFromParameter = callArguments(call).map((argument) => (argument.type === 'identifier' ? parameters.indexOf(argument.text) : -1));
      if (!argumentFromParameter.some((index) => index >= 0)) continue;
      const { counts, receiver } = registrationOf(call, context, true);
      if (!counts) continue;
      wrappers.push({ method, argumentFromParameter, serverKey: receiverKey(receiver), file, range: rangeOf(defined.definition), name: defined.name });
      break;
    }
  }
  return wrappers;
}

function receiverKey(receiver: ScriptReceiver | undefined): string | undefined {
  return receiver?.kind === 'server' ? receiver.server.key : undefined;
}

/** A call of an imported registration wrapper, read as the SDK call it makes. */
export function wrappedRegistration(call: Node, context: FileContext): { call: CallSyntax; receiver?: ScriptReceiver } | undefined {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'identifier') return undefined;
  const binding = context.importBindings?.().get(callee.text);
  const symbol = binding && context.project?.scriptSymbol(binding.specifier, binding.name);
  if (symbol?.kind !== 'wrapper') return undefined;
  const given = callArguments(call);
  const args = symbol.wrapper.argumentFromParameter.map((index) => (index >= 0 ? given[index] : undefined));
  // The SDK arguments the wrapper fills itself are not known here: read the ones before the first of them.
  const known = args.findIndex((argument) => argument === undefined);
  const wrapped: CallSyntax = { callee, args: (known < 0 ? args : args.slice(0, known)) as CallSyntax['args'], range: rangeOf(call), method: symbol.wrapper.method };
  const serverKey = symbol.wrapper.serverKey;
  return { call: wrapped, receiver: serverKey ? { kind: 'unknown', key: serverKey } : undefined };
}
