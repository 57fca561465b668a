/**
 * Python registration wrappers (design.md, "Servers"): a module-level function that passes its
 * own parameters straight into an SDK registration, either as a decorator factory
 * (`def tool(**kwargs): return mcp.tool(**kwargs)`) or registering the function it is given
 * (`def register(fn, **kwargs): mcp.add_tool(fn, **kwargs)`, `mcp.tool(**kwargs)(fn)`). Its uses,
 * wherever it is imported, are read as that registration.
 */
import { Node } from 'web-tree-sitter';
import { RegistrationWrapper } from '../../project/view';
import { namedChildren, rangeOf } from '../syntax';
import { PythonModule } from './module';
import { receiverOf } from './servers';
import { withFields } from '../../with-fields';

interface Parameters {
  names: string[];
  /** `**kwargs`, when the function takes one. */
  keywords?: string;
}

function parametersOf(definition: Node): Parameters {
  const result: Parameters = { names: [] };
  const parameters = definition.childForFieldName('parameters');
  for (const parameter of parameters ? namedChildren(parameters) : []) {
    if (parameter.type === 'dictionary_splat_pattern') result.keywords = namedChildren(parameter)[0]?.text;
    else if (parameter.type === 'identifier') result.names.push(parameter.text);
    else {
      const name = parameter.childForFieldName('name') ?? namedChildren(parameter).find((child) => child.type === 'identifier');
      if (name && parameter.type !== 'list_splat_pattern') result.names.push(name.text);
    }
  }
  return result;
}

/** Whether a call's arguments forward `**kwargs`. */
function forwardsKeywords(argumentList: Node | null, keywords: string | undefined): boolean {
  return !!keywords && !!argumentList && namedChildren(argumentList).some((argument) => argument.type === 'dictionary_splat' && namedChildren(argument)[0]?.text === keywords);
}

/** `X.tool(...)` / `X.add_tool(...)`: the method and the receiver. */
function registrationCall(call: Node): { method: 'tool' | 'add_tool'; receiver: Node } | undefined {
  const callee = call.childForFieldName('function');
  if (callee?.type !== 'attribute') return undefined;
  const method = callee.childForFieldName('attribute')?.text;
  const receiver = callee.childForFieldName('object');
  return receiver && (method === 'tool' || method === 'add_tool') ? { method, receiver } : undefined;
}

function wrapperOfFunction(definition: Node, module: PythonModule, file: string): RegistrationWrapper | undefined {
  const name = definition.childForFieldName('name')?.text;
  const body = definition.childForFieldName('body');
  if (!name || !body) return undefined;
  const parameters = parametersOf(definition);
  for (const call of body.descendantsOfType('call')) {
    if (!call) continue;
    const inner = call.childForFieldName('function');
    // `mcp.tool(**kwargs)(fn)`: registers the function given.
    const outer = inner?.type === 'call' ? registrationCall(inner) : undefined;
    const direct = registrationCall(call);
    const registration = outer ?? direct;
    if (!registration) continue;
    const receiver = receiverOf(registration.receiver, module);
    if (receiver.kind === 'not-server' || (receiver.kind === 'unknown' && !module.importsMcp())) continue;
    const serverKey = receiver.kind === 'server' ? receiver.server.key : undefined;
    const base = { file, range: rangeOf(definition), name, serverKey };
    const registeringCall = outer ? inner! : call;
    const passesKeywords = forwardsKeywords(registeringCall.childForFieldName('arguments'), parameters.keywords);
    const argumentList = call.childForFieldName('arguments');
    const firstArgument = argumentList ? namedChildren(argumentList).find((argument) => argument.type === 'identifier') : undefined;
    const functionParameter = firstArgument ? parameters.names.indexOf(firstArgument.text) : -1;
    if ((outer || registration.method === 'add_tool') && functionParameter >= 0) {
      return withFields(base, { method: 'add_tool', argumentFromParameter: [functionParameter], forwardsKeywords: passesKeywords });
    }
    if (!outer && registration.method === 'tool' && passesKeywords) return withFields(base, { method: 'tool', argumentFromParameter: [], forwardsKeywords: true, decorator: true });
  }
  return undefined;
}

/** The wrappers a module's top-level functions make. */
export function findPythonWrappers(root: Node, module: PythonModule, file: string): RegistrationWrapper[] {
  const wrappers: RegistrationWrapper[] = [];
  for (const statement of namedChildren(root)) {
    const definition = statement.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    if (definition?.type !== 'function_definition') continue;
    const wrapper = wrapperOfFunction(definition, module, file);
    if (wrapper) wrappers.push(wrapper);
  }
  return wrappers;
}

/** The imported wrapper a callee names (`@tool(...)`, `register(fn)`), when it is one. */
export function importedWrapper(callee: Node, module: PythonModule): RegistrationWrapper | undefined {
  if (!module.project || (callee.type !== 'identifier' && callee.type !== 'attribute')) return undefined;
  const path = module.resolvePath(callee);
  if (!path || (path === callee.text && !path.includes('.'))) return undefined;
  const symbol = module.project.pythonSymbol(path);
  return symbol?.kind === 'wrapper' ? symbol.wrapper : undefined;
}
