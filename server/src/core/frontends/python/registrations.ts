/**
 * Finds the places where a Python file registers an MCP tool (rules.md, "What counts as a
 * tool"): `@app.tool`, `@tool`, `app.add_tool(fn, ...)`, `Tool.from_function(...)`,
 * `mcp.tool()(fn)`, and the low-level `types.Tool(...)`.
 */
import { Node } from 'web-tree-sitter';
import { DeclarationForm, Range } from '../../model';
import { namedChildren, rangeOf } from '../syntax';
import { Candidate } from './candidates';
import { PythonModule } from './module';
import { isParameterOfEnclosingFunction, Receiver, receiverOf } from './servers';
import { importedWrapper } from './wrappers';
import { RegistrationWrapper } from '../../project/view';
import { withFields } from '../../with-fields';

export type ToolKind = 'arcade' | 'sdk' | 'lowlevel';

export interface Registration {
  form: DeclarationForm;
  kind: ToolKind;
  /** The whole declaration: the decorated function, or the call. */
  node: Node;
  /** Where tool-level findings sit: the decorator's callee, the `add_tool` callee. */
  calleeRange: Range;
  /** The call's `argument_list`, when the registration is called (`@app.tool(...)`). */
  argumentList?: Node;
  /** The end of a bare decorator (`@app.tool`), where `(...)` would be appended. */
  bareEnd?: number;
  /** The registered function's definition, when it is in this file. */
  functionNode?: Node;
  functionName?: string;
  /** The function's name where it is defined in this file, and where the registering call passes it (`add_tool(fn)`). */
  functionNameRanges?: Range[];
  /** Positional argument that holds the function (`add_tool(fn)`), skipped when reading arguments. */
  skipPositional: number;
  /** The receiver (`app` in `@app.tool`), when there is one. */
  receiver?: Node;
  /** What the receiver is: a server of this module, of another one, or of a function's own. */
  receiverKind?: Receiver;
  /** The registered function is not known statically (a loop variable, a parameter): so is the tool's name. */
  nameUnknown?: boolean;
}

const SDK_CONSTRUCTORS = new Set(['FastMCP', 'MCPServer', 'Server']);
/** What a registering call's callee resolves to (after import aliases). */
const CALL_NAMES = new Set(['tool', 'add_tool', 'from_function', 'Tool']);

/** The registrations among one top-level statement's candidates (`findCandidates`), in document order. */
export function registrationsFrom(module: PythonModule, candidates: readonly Candidate[]): Registration[] {
  const registrations: Registration[] = [];
  /** Inner calls of `mcp.tool(...)(fn)`: the outer call, which comes first, registers the tool. */
  const registeredByOuterCall = new Set<number>();
  for (const candidate of candidates) {
    if (registeredByOuterCall.has(candidate.node.id)) continue;
    const registration = candidate.kind === 'decorator' ? fromDecorator(candidate.node, candidate.decorated, module) : fromCall(candidate.node, module);
    if (registration) registrations.push(registration);
    const callee = candidate.kind === 'call' ? candidate.node.childForFieldName('function') : null;
    if (callee?.type === 'call') registeredByOuterCall.add(callee.id);
  }
  return registrations;
}

function keywordNames(argumentList: Node | undefined): Set<string> {
  const names = new Set<string>();
  for (const argument of argumentList ? namedChildren(argumentList) : []) {
    if (argument.type === 'keyword_argument') {
      const name = argument.childForFieldName('name')?.text;
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * A registration counts in a file that imports an MCP package, when it passes metadata/annotations,
 * on a server object (made here or imported from the project), and, on a receiver of unknown type,
 * in a project whose manifest depends on an MCP SDK (rules.md, "What counts as a tool").
 */
function counts(module: PythonModule, keywords: Set<string>, receiver: Receiver | undefined): boolean {
  if (module.importsMcp() || keywords.has('annotations') || keywords.has('metadata')) return true;
  if (receiver?.kind === 'server') return true;
  return receiver?.kind === 'unknown' && module.project?.dependsOnSdk === true;
}

/** Arcade or MCP SDK, from the receiver's constructor, the keywords, then the imports. */
function kindOf(module: PythonModule, receiver: Node | undefined, keywords: Set<string>, known?: Receiver): ToolKind {
  if (known?.kind === 'server') return known.server.framework === 'arcade' ? 'arcade' : 'sdk';
  if (receiver?.type === 'identifier') {
    const value = module.constantValue(receiver.text);
    const constructor = value?.type === 'call' ? value.childForFieldName('function') : undefined;
    const name = constructor ? module.resolveName(constructor) : undefined;
    if (name === 'MCPApp') return 'arcade';
    if (name && SDK_CONSTRUCTORS.has(name)) return 'sdk';
  }
  if (keywords.has('metadata')) return 'arcade';
  if (keywords.has('annotations')) return 'sdk';
  return module.importsArcade() ? 'arcade' : 'sdk';
}

function isToolCallee(callee: Node, module: PythonModule): boolean {
  return (callee.type === 'identifier' || callee.type === 'attribute') && module.resolveName(callee) === 'tool';
}

function fromDecorator(decorator: Node, definitionHolder: Node | undefined, module: PythonModule): Registration | undefined {
  const expression = namedChildren(decorator).find((c) => c.type !== 'comment');
  if (!expression) return undefined;
  const called = expression.type === 'call';
  const callee = called ? expression.childForFieldName('function') : expression;
  if (!callee) return undefined;
  const wrapper = isToolCallee(callee, module) ? undefined : importedWrapper(callee, module);
  if (!wrapper?.decorator && !isToolCallee(callee, module)) return undefined;
  const argumentList = called ? expression.childForFieldName('arguments') ?? undefined : undefined;
  if (argumentList && argumentList.type !== 'argument_list') return undefined;
  const keywords = keywordNames(argumentList);
  const receiver = callee.type === 'attribute' && !wrapper ? callee.childForFieldName('object') ?? undefined : undefined;
  const receiverKind = wrapper ? wrapperReceiver(wrapper) : receiver && receiverOf(receiver, module);
  if (!wrapper && !counts(module, keywords, receiverKind)) return undefined;
  const kind = kindOf(module, receiver, keywords, receiverKind);
  const functionNode = definitionHolder?.childForFieldName('definition') ?? undefined;
  const functionName = functionNode?.childForFieldName('name');
  return {
    form: kind === 'arcade' ? (receiver ? 'arcade-app-tool' : 'arcade-tool') : 'python-sdk-tool',
    kind,
    node: definitionHolder ?? decorator,
    calleeRange: rangeOf(callee),
    argumentList,
    bareEnd: called ? undefined : expression.endIndex,
    functionNode: functionNode?.type === 'function_definition' ? functionNode : undefined,
    functionName: functionName?.text,
    functionNameRanges: functionName ? [rangeOf(functionName)] : undefined,
    skipPositional: 0,
    receiver,
    receiverKind,
  };
}

function fromCall(call: Node, module: PythonModule): Registration | undefined {
  const callee = call.childForFieldName('function');
  const argumentList = call.childForFieldName('arguments');
  if (!callee || argumentList?.type !== 'argument_list') return undefined;
  const name = module.resolveName(callee);
  const keywords = keywordNames(argumentList);
  const firstPositional = namedChildren(argumentList).find((a) => a.type !== 'keyword_argument' && a.type !== 'comment');
  // A wrapper that registers a function is given one (`register(fn, ...)`): other calls are not looked up.
  const wrapper = callee.type !== 'call' && (!name || !CALL_NAMES.has(name)) && firstPositional?.type === 'identifier' ? importedWrapper(callee, module) : undefined;
  if (wrapper) return fromWrapperCall(call, callee, argumentList, wrapper, module, keywords);
  if (callee.type !== 'call' && (!name || !CALL_NAMES.has(name))) return undefined;

  // `mcp.tool(...)(fn)`: the outer call registers `fn` with the inner call's arguments.
  if (callee.type === 'call') {
    const innerCallee = callee.childForFieldName('function');
    const innerArguments = callee.childForFieldName('arguments');
    if (!innerCallee || !isToolCallee(innerCallee, module) || innerArguments?.type !== 'argument_list') return undefined;
    const innerKeywords = keywordNames(innerArguments);
    const receiver = innerCallee.type === 'attribute' ? innerCallee.childForFieldName('object') ?? undefined : undefined;
    const receiverKind = receiver && receiverOf(receiver, module);
    if (!counts(module, innerKeywords, receiverKind)) return undefined;
    const kind = kindOf(module, receiver, innerKeywords, receiverKind);
    return withFunction({
      form: kind === 'arcade' ? 'arcade-app-tool' : 'python-sdk-tool',
      kind, node: call, calleeRange: rangeOf(innerCallee), argumentList: innerArguments, skipPositional: 0, receiver, receiverKind,
    }, firstPositional, module, innerKeywords);
  }
  if (!name) return undefined;

  // `app.add_tool(fn, ...)`, and FastMCP's direct call `mcp.tool(fn, name=...)`.
  const addsFunction = name === 'add_tool' || (isToolCallee(callee, module) && firstPositional?.type === 'identifier');
  if (addsFunction && callee.type === 'attribute') {
    if (firstPositional?.type === 'call') return undefined; // add_tool(Tool.from_function(...)): the inner call is the tool
    const receiver = callee.childForFieldName('object') ?? undefined;
    const receiverKind = receiver && receiverOf(receiver, module);
    if (!counts(module, keywords, receiverKind)) return undefined;
    const kind = kindOf(module, receiver, keywords, receiverKind);
    return withFunction({
      form: kind === 'arcade' ? 'arcade-add-tool' : 'python-sdk-tool',
      kind, node: call, calleeRange: rangeOf(callee), argumentList, skipPositional: 1, receiver, receiverKind,
    }, firstPositional, module, keywords);
  }
  if (name === 'from_function' && callee.type === 'attribute') {
    const owner = module.resolveName(callee.childForFieldName('object')!);
    if ((owner !== 'Tool' && owner !== 'FunctionTool') || !counts(module, keywords, undefined)) return undefined;
    return withFunction({ form: 'python-sdk-tool', kind: 'sdk', node: call, calleeRange: rangeOf(callee), argumentList, skipPositional: 1 }, firstPositional, module, keywords);
  }
  if (name === 'Tool' && module.importsAny(['mcp']) && (keywords.has('inputSchema') || keywords.has('annotations') || keywords.has('name'))) {
    const path = module.resolvePath(callee) ?? '';
    if (path === 'Tool' || path.startsWith('mcp.')) {
      return { form: 'python-lowlevel-tool', kind: 'lowlevel', node: call, calleeRange: rangeOf(callee), argumentList, skipPositional: 0 };
    }
  }
  return undefined;
}

/** `register(fn, annotations=...)` of an imported wrapper that registers the function it is given. */
function fromWrapperCall(call: Node, callee: Node, argumentList: Node, wrapper: RegistrationWrapper, module: PythonModule, keywords: Set<string>): Registration | undefined {
  if (wrapper.method !== 'add_tool') return undefined;
  const positional = namedChildren(argumentList).filter((a) => a.type !== 'keyword_argument' && a.type !== 'comment' && a.type !== 'dictionary_splat' && a.type !== 'list_splat');
  const functionArgument = positional[wrapper.argumentFromParameter[0]];
  return withFunction({
    form: 'python-sdk-tool', kind: 'sdk', node: call, calleeRange: rangeOf(callee),
    argumentList: wrapper.forwardsKeywords ? argumentList : undefined,
    skipPositional: wrapper.argumentFromParameter[0] + 1, receiverKind: wrapperReceiver(wrapper),
  }, functionArgument, module, wrapper.forwardsKeywords ? keywords : new Set());
}

/** The server a wrapper registers on, as a receiver. */
function wrapperReceiver(wrapper: RegistrationWrapper): Receiver | undefined {
  return wrapper.serverKey ? { kind: 'unknown', key: wrapper.serverKey } : undefined;
}

/**
 * The registered function: one defined in this module, or imported from another one. A function
 * already declared as a tool (decorated here, or a tool of another module) is that same tool on
 * another server: no declaration of its own unless new annotations or metadata are passed. A name
 * that is neither (a loop variable, a parameter) leaves the tool's name unknown.
 */
function withFunction(registration: Registration, positional: Node | undefined, module: PythonModule, keywords: Set<string>): Registration | undefined {
  if (positional?.type !== 'identifier') return registration;
  const redeclares = keywords.has('annotations') || keywords.has('metadata');
  const holder = module.functionNamed(positional.text);
  if (holder) {
    const definition = holder.type === 'decorated_definition' ? holder.childForFieldName('definition') ?? undefined : holder;
    if (!redeclares && registration.kind === 'sdk' && hasToolDecorator(definition, module)) return undefined;
    const definedName = definition?.childForFieldName('name');
    const functionNameRanges = [rangeOf(positional), ...(definedName ? [rangeOf(definedName)] : [])];
    return withFields(registration, { functionName: positional.text, functionNode: definition, functionNameRanges });
  }
  const value = module.constantValue(positional.text);
  if (value?.type === 'call' && !redeclares && registersTool(value, module)) return undefined;
  const path = module.resolvePath(positional);
  if (path && path !== positional.text) {
    if (!redeclares && module.project?.pythonSymbol(path)?.kind === 'tool') return undefined;
    return withFields(registration, { functionName: path.slice(path.lastIndexOf('.') + 1), functionNameRanges: [rangeOf(positional)] });
  }
  // A wrapper's own body (`def register(fn, **kw): mcp.add_tool(fn, **kw)`): its uses are the tools.
  if (isParameterOfEnclosingFunction(positional)) return undefined;
  return withFields(registration, { nameUnknown: true });
}

/** `Tool.from_function(...)`, `mcp.tool(...)(fn)`: a call that makes a tool. */
function registersTool(call: Node, module: PythonModule): boolean {
  const callee = call.childForFieldName('function');
  if (!callee) return false;
  if (callee.type === 'call') return registersTool(callee, module);
  const name = module.resolveName(callee);
  return name === 'from_function' || name === 'tool';
}

/** Whether a top-level function already carries a tool decorator (MTL215: `add_tool` then ignores new metadata). */
export function hasToolDecorator(functionNode: Node | undefined, module: PythonModule): boolean {
  const holder = functionNode?.parent;
  if (holder?.type !== 'decorated_definition') return false;
  return namedChildren(holder).some((decorator) => {
    if (decorator.type !== 'decorator') return false;
    const expression = namedChildren(decorator)[0];
    const callee = expression?.type === 'call' ? expression.childForFieldName('function') : expression;
    return !!callee && isToolCallee(callee, module);
  });
}
