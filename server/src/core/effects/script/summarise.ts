/**
 * TS/JS effect summaries (summary.ts): each function's and method's body walked statement by
 * statement, its calls read against the tables (calls.ts), under the conditions they run in.
 * Callbacks written inline (`ids.map((id) => db.delete(id))`) belong to the function around them.
 */
import { Node } from 'web-tree-sitter';
import { namedChildrenOf, rangeOf } from '../../frontends/typescript/syntax';
import { Range } from '../../model';
import { SourceText } from '../../source-text';
import { SummaryBuilder } from '../builder';
import { isSelectOnlyPrefix, isSqlGuardName, isTelemetryName } from '../classify';
import { IgnoredLines, ignoredEffectLines } from '../ignore';
import { Known, paramsOf, withLiteral } from '../known';
import { branchSummary, namesOfKey } from './dispatch';
import { FunctionSummary, Gate, ModuleEffects, ParameterInfo } from '../summary';
import { ScriptCalls } from './calls';
import { isFunctionNode, unwrap } from './syntax';
import { ScriptScope, ScriptValues } from './values';
import { isGeneratedModule, isParameterValue, lazyFunctions, negate, StatementWalker, walkBlock } from '../walk';
import { withFields } from '../../with-fields';

const NESTED_DEFINITIONS = new Set(['function_declaration', 'generator_function_declaration', 'class_declaration', 'abstract_class_declaration', 'method_definition']);
const EXITS = new Set(['return_statement', 'throw_statement', 'continue_statement', 'break_statement']);

export class ScriptEffects {
  readonly values: ScriptValues;
  private readonly ignored: IgnoredLines;
  readonly generated: boolean;
  private readonly calls: ScriptCalls;

  constructor(readonly root: Node, text: SourceText, readonly file: string) {
    this.values = new ScriptValues(root);
    this.ignored = ignoredEffectLines(root, text);
    this.generated = isGeneratedModule(file, namedChildrenOf(root).slice(0, 3).filter((node) => node.type === 'comment').map((node) => node.text));
    this.calls = new ScriptCalls(this.values);
  }

  /** The module's summaries (each function's read when first asked for, while the tree lives), its singletons, its classes' bases. */
  moduleEffects(): ModuleEffects {
    const read = (key: string, literals?: ReadonlyMap<string, Known>) => {
      const names = namesOfKey(key);
      if (names) return branchSummary(this, names);
      const dot = key.indexOf('.');
      if (dot < 0) {
        const node = this.values.functions.get(key);
        return node && this.summariseFunction(node, key, undefined, literals);
      }
      const className = key.slice(0, dot);
      const name = key.slice(dot + 1);
      const node = this.values.classes.get(className)?.methods.get(name);
      return node && this.summariseFunction(node, name, className, literals);
    };
    const functions = lazyFunctions(read);
    const singletons = new Map<string, { module?: string; name: string }>();
    for (const [name, value] of this.values.globals) if (value.cls) singletons.set(name, value.cls);
    const bases = new Map([...this.values.classes].map(([name, info]) => [name, info.bases]));
    const values = new Map([...this.values.globals].filter(([, value]) => value.lib));
    return { file: this.file, functions, singletons, bases, values };
  }

  /**
   * A function's summary (a declaration, a function or arrow expression, a method); a function
   * nested in another sees the locals of the functions around it. `literals`: what callers pass some
   * parameters, read as their values (walk.ts lazyFunctions).
   */
  summariseFunction(node: Node, name: string, className = enclosingClass(node), literals?: ReadonlyMap<string, Known>): FunctionSummary {
    const scope: ScriptScope = { locals: new Map(), className };
    for (const outer of enclosingFunctions(node).reverse()) this.collectLocals(outer, scope);
    const parameters = this.values.parameterNodes(node);
    for (const parameter of parameters) scope.locals.set(parameter.name, withLiteral(parameter.known, literals?.get(parameter.name)));
    const body = node.childForFieldName('body');
    const key = className ? `${className}.${name}` : name;
    const nameNode = node.childForFieldName('name') ?? node.parent?.childForFieldName('name');
    const range = rangeOf(nameNode && nameNode.startIndex <= node.startIndex + 80 ? nameNode : node);
    const statements = body?.type === 'statement_block' ? namedChildrenOf(body) : body ? [body] : [];
    const summary = this.summariseBody(key, range, parameters, statements, scope);
    if (isTelemetryName(name)) summary.telemetry = true;
    if (this.generated && className) summary.generatedClient = true;
    return summary;
  }

  /** The summary of statements run with `parameters` (a body, or the branch of a `tools/call` handler for one tool). */
  summariseBody(key: string, range: Range, parameters: ParameterInfo[], statements: Node[], scope: ScriptScope): FunctionSummary {
    const builder = new SummaryBuilder(key, range, parameters, this.ignored);
    builder.readOnlySql = statements.some((statement) => /READ ONLY|query_only|readonly:\s*true|mode=ro/i.test(statement.text));
    this.walkBlock(statements, scope, builder);
    return builder.summary;
  }

  private collectLocals(fn: Node, scope: ScriptScope): void {
    for (const parameter of this.values.parameterNodes(fn)) scope.locals.set(parameter.name, parameter.known);
    const body = fn.childForFieldName('body');
    for (const declaration of body?.descendantsOfType(['lexical_declaration', 'variable_declaration']) ?? []) {
      if (declaration && enclosingFunctions(declaration)[0]?.id === fn.id) this.values.declare(declaration, scope);
    }
  }

  private walkBlock(statements: readonly Node[], scope: ScriptScope, builder: SummaryBuilder): void {
    walkBlock(this.walker, statements, scope, builder);
  }

  private readonly walker: StatementWalker<ScriptScope> = {
    walkStatement: (statement, scope, builder) => this.walkStatement(statement, scope, builder),
    exits,
    gatesOf: (condition, scope) => this.gatesOf(condition, scope),
    guard: (condition, scope, builder) => this.guard(condition, scope, builder),
  };

  private walkStatement(statement: Node, scope: ScriptScope, builder: SummaryBuilder): void {
    switch (statement.type) {
      case 'statement_block':
        this.walkBlock(namedChildrenOf(statement), scope, builder);
        return;
      case 'lexical_declaration':
      case 'variable_declaration':
        this.walkExpression(statement, scope, builder);
        this.values.declare(statement, scope);
        return;
      case 'expression_statement': {
        const expression = namedChildrenOf(statement)[0];
        this.walkExpression(expression, scope, builder);
        const bare = expression && unwrap(expression);
        if (bare?.type === 'assignment_expression') this.values.assign(bare, scope);
        if (bare?.type === 'call_expression') this.guardCall(bare, scope, builder);
        return;
      }
      case 'if_statement': {
        const condition = statement.childForFieldName('condition');
        this.walkExpression(condition, scope, builder);
        const gates = this.gatesOf(condition, scope);
        builder.under(gates ?? [], () => this.walkStatement(statement.childForFieldName('consequence') ?? statement, scope, builder));
        const alternative = statement.childForFieldName('alternative');
        const otherwise = alternative && namedChildrenOf(alternative)[0];
        if (otherwise) builder.under(negate(gates) ?? [], () => this.walkStatement(otherwise, scope, builder));
        return;
      }
      case 'for_statement':
      case 'for_in_statement':
      case 'while_statement':
      case 'do_statement':
      case 'try_statement':
      case 'labeled_statement':
        for (const child of namedChildrenOf(statement)) {
          if (['statement_block', 'catch_clause', 'finally_clause', 'expression_statement', 'if_statement'].includes(child.type)) this.walkStatement(child.type === 'catch_clause' || child.type === 'finally_clause' ? child.childForFieldName('body') ?? child : child, scope, builder);
          else this.walkExpression(child, scope, builder);
        }
        return;
      case 'switch_statement':
        this.walkExpression(statement.childForFieldName('value'), scope, builder);
        for (const clause of namedChildrenOf(statement.childForFieldName('body') ?? statement)) {
          this.walkBlock(namedChildrenOf(clause).filter((child) => child.id !== clause.childForFieldName('value')?.id), scope, builder);
        }
        return;
      default:
        if (NESTED_DEFINITIONS.has(statement.type)) return;
        this.walkExpression(statement, scope, builder);
    }
  }

  /** Reads every call and `new` in an expression in source order, those of inline callbacks too. */
  private walkExpression(node: Node | null | undefined, scope: ScriptScope, builder: SummaryBuilder): void {
    if (!node) return;
    const stack: Node[] = [node];
    const calls: Node[] = [];
    while (stack.length) {
      const current = stack.pop()!;
      if (NESTED_DEFINITIONS.has(current.type)) continue;
      if (current.type === 'call_expression' || current.type === 'new_expression') calls.push(current);
      const children = namedChildrenOf(current);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    }
    for (const call of calls.sort((a, b) => a.startIndex - b.startIndex)) this.calls.onCall(call, scope, builder);
  }

  private gatesOf(condition: Node | null | undefined, scope: ScriptScope): Gate[] | undefined {
    if (!condition) return undefined;
    const bare = unwrap(condition);
    if (bare.type === 'unary_expression' && bare.childForFieldName('operator')?.text === '!') return negate(this.gatesOf(bare.childForFieldName('argument'), scope));
    if (bare.type === 'binary_expression') {
      const operator = bare.childForFieldName('operator')?.text;
      if (operator === '&&') {
        const gates = [this.gatesOf(bare.childForFieldName('left'), scope), this.gatesOf(bare.childForFieldName('right'), scope)].flatMap((side) => side ?? []);
        return gates.length ? gates : undefined;
      }
      if (operator === '===' || operator === '==' || operator === '!==' || operator === '!=') return this.comparisonGates(bare, operator.startsWith('!'), scope);
      return undefined;
    }
    return this.valueGate(bare, scope, true);
  }

  private valueGate(node: Node, scope: ScriptScope, when: boolean): Gate[] | undefined {
    const value = this.values.valueOf(node, scope);
    if (value.switch) return [{ kind: 'switch', text: value.switch.text, when, config: value.switch.config }];
    const name = node.type === 'identifier' ? node.text : node.type === 'member_expression' ? node.childForFieldName('property')?.text : undefined;
    // `dryRun`, or `args.dryRun` of a parameter object.
    const direct = node.type === 'identifier' || node.childForFieldName('object')?.type === 'identifier';
    if (name && direct && isParameterValue(value, name)) return [{ kind: 'parameter', parameter: name, when }];
    return undefined;
  }

  /** `dryRun === true`, `args.apply === false`, `process.env.MODE === "write"`. */
  private comparisonGates(comparison: Node, negated: boolean, scope: ScriptScope): Gate[] | undefined {
    const left = comparison.childForFieldName('left');
    const right = comparison.childForFieldName('right');
    if (!left || !right) return undefined;
    const literal = [left, right].find((side) => ['true', 'false', 'null', 'undefined', 'string', 'number'].includes(unwrap(side).type));
    const tested = literal === left ? right : left;
    if (!literal) return undefined;
    const type = unwrap(literal).type;
    const value = this.values.valueOf(tested, scope);
    if (value.switch) return this.valueGate(unwrap(tested), scope, type === 'null' || type === 'undefined' ? negated : !negated);
    const truth = type === 'true' ? true : type === 'false' || type === 'null' || type === 'undefined' ? false : undefined;
    const gates = truth === undefined ? undefined : this.valueGate(unwrap(tested), scope, true);
    return gates?.[0]?.kind === 'parameter' ? [withFields(gates[0], { when: negated ? !truth : truth! })] : undefined;
  }

  /** `if (!sql.trim().toLowerCase().startsWith("select")) throw ...`, `if (!isReadOnly(sql)) throw ...`, `if (!ALLOWED.has(table)) throw ...`. */
  private guard(condition: Node | null | undefined, scope: ScriptScope, builder: SummaryBuilder): void {
    if (!condition || !isGuardShaped(condition)) return;
    const reads = condition.descendantsOfType(['identifier', 'member_expression', 'shorthand_property_identifier']).map((node) => (node ? this.values.valueOf(node, scope) : undefined));
    for (const parameter of paramsOf(...reads) ?? []) builder.guarded.add(parameter);
  }

  private guardCall(call: Node, scope: ScriptScope, builder: SummaryBuilder): void {
    const callee = call.childForFieldName('function');
    const name = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text : callee?.text;
    if (name && isSqlGuardName(name)) this.guard(call, scope, builder);
  }
}

function isGuardShaped(condition: Node): boolean {
  for (const call of [condition, ...condition.descendantsOfType('call_expression')]) {
    if (call?.type !== 'call_expression') continue;
    const callee = call.childForFieldName('function');
    const name = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text ?? '' : callee?.text ?? '';
    if (isSqlGuardName(name)) return true;
    if (['startsWith', 'test', 'match', 'has', 'includes'].includes(name)) {
      const texts = [...call.descendantsOfType(['string_fragment', 'regex_pattern'])].map((node) => node?.text ?? '');
      if (name === 'has' || name === 'includes' || texts.some((text) => isSelectOnlyPrefix(text))) return true;
    }
  }
  return false;
}

/** Whether a statement (or a block's last statement) leaves the function or loop. */
function exits(statement: Node | null): boolean {
  if (!statement) return false;
  if (statement.type === 'statement_block') return exits(namedChildrenOf(statement).filter((child) => child.type !== 'comment').at(-1) ?? null);
  return EXITS.has(statement.type);
}

/** The functions around a node, innermost first (not counting the node itself). */
export function enclosingFunctions(node: Node): Node[] {
  const found: Node[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (isFunctionNode(parent) || parent.type === 'function_declaration' || parent.type === 'method_definition' || parent.type === 'generator_function_declaration') found.push(parent);
  }
  return found;
}

/** The class a method is defined in. */
export function enclosingClass(node: Node): string | undefined {
  const member = node.type === 'method_definition' ? node : node.parent?.type === 'public_field_definition' ? node.parent : undefined;
  const body = member?.parent;
  if (body?.type !== 'class_body') return undefined;
  return body.parent?.childForFieldName('name')?.text;
}

