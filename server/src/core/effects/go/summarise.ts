/**
 * Go effect summaries (summary.ts): each function's and method's body walked statement by
 * statement, its calls read against the tables (calls.ts) under the conditions they run in. Func
 * literals written inline (`go func() { ... }()`, a handler returned by a tool's constructor)
 * belong to the function around them.
 */
import { Node } from 'web-tree-sitter';
import { unwrapParens } from '../../frontends/go/syntax';
import { namedChildren, rangeOf } from '../../frontends/syntax';
import { Range } from '../../model';
import { SourceText } from '../../source-text';
import { SummaryBuilder } from '../builder';
import { Known, withLiteral } from '../known';
import { isSelectOnlyPrefix, isSqlGuardName, isTelemetryName } from '../classify';

import { PackageSummariser } from '../package-summariser';
import { ClassRef, FunctionSummary, Gate, ModuleEffects } from '../summary';
import { calleeName, GoCalls } from './calls';
import { binaryParts, conditionGates, liftGuarded } from '../conditions';
import { isParameterValue, negate } from '../walk';
import { GoParameter, GoScope, GoValues } from './values';

const EXITS = new Set(['return_statement', 'continue_statement', 'break_statement', 'goto_statement']);
const DECLARATIONS = new Set(['short_var_declaration', 'var_declaration', 'assignment_statement']);

export class GoEffects extends PackageSummariser<GoValues> {
  private readonly calls: GoCalls;

  constructor(root: Node, text: SourceText, file: string) {
    super(root, text, file, new GoValues(root));
    this.calls = new GoCalls(this.values);
  }

  moduleEffects(): ModuleEffects {
    const singletons = new Map<string, ClassRef>();
    for (const [name, value] of this.values.globals) if (value.cls) singletons.set(name, value.cls);
    return this.classEffects(this.values.classes, this.values.functions, singletons, new Map([...this.values.globals].filter(([, value]) => value.lib)));
  }

  /** A function's, method's or func literal's summary; a func literal sees the locals of the functions around it. */
  summariseFunction(node: Node, name: string, className?: string, literals?: ReadonlyMap<string, Known>): FunctionSummary {
    const scope: GoScope = { locals: new Map(), className };
    for (const outer of enclosingFunctions(node).reverse()) this.collectLocals(outer, scope);
    if (node.type === 'method_declaration') {
      const receiver = this.values.receiverOf(node);
      if (receiver?.name) scope.locals.set(receiver.name, { cls: { name: receiver.type } });
      className ??= receiver?.type;
    }
    const parameters = this.values.parameters(node);
    for (const parameter of parameters) scope.locals.set(parameter.name, withLiteral(parameter.known, literals?.get(parameter.name)));
    const key = className ? `${className}.${name}` : name;
    const nameNode = node.childForFieldName('name');
    const summary = this.summariseBody(key, rangeOf(nameNode ?? node), parameters, blockStatements(node.childForFieldName('body')), scope);
    if (isTelemetryName(name)) summary.telemetry = true;
    if (this.generated && className) summary.generatedClient = true;
    return summary;
  }

  summariseBody(key: string, range: Range, parameters: GoParameter[], statements: Node[], scope: GoScope): FunctionSummary {
    const builder = new SummaryBuilder(key, range, parameters.map(({ known: _known, context: _context, ...parameter }) => parameter), this.ignored);
    this.walkBlock(statements, scope, builder);
    return builder.summary;
  }

  private collectLocals(fn: Node, scope: GoScope): void {
    if (fn.type === 'method_declaration') {
      const receiver = this.values.receiverOf(fn);
      if (receiver?.name) scope.locals.set(receiver.name, { cls: { name: receiver.type } });
    }
    for (const parameter of this.values.parameters(fn)) scope.locals.set(parameter.name, parameter.known);
    for (const declaration of fn.childForFieldName('body')?.descendantsOfType([...DECLARATIONS]) ?? []) {
      if (declaration && enclosingFunctions(declaration)[0]?.id === fn.id) this.values.declare(declaration, scope);
    }
  }

  walkStatement(statement: Node, scope: GoScope, builder: SummaryBuilder): void {
    switch (statement.type) {
      case 'block':
        return this.walkBlock(blockStatements(statement), scope, builder);
      case 'short_var_declaration':
      case 'var_declaration':
      case 'assignment_statement':
        this.walkExpression(statement.childForFieldName('right') ?? statement, scope, builder);
        this.values.declare(statement, scope);
        return;
      case 'if_statement': {
        const initializer = statement.childForFieldName('initializer');
        if (initializer) this.walkStatement(initializer, scope, builder);
        const condition = statement.childForFieldName('condition');
        this.walkExpression(condition, scope, builder);
        const gates = this.gatesOf(condition, scope);
        const consequence = statement.childForFieldName('consequence');
        if (consequence) builder.under(gates ?? [], () => this.walkStatement(consequence, scope, builder));
        const alternative = statement.childForFieldName('alternative');
        if (alternative) builder.under(negate(gates) ?? [], () => this.walkStatement(alternative, scope, builder));
        return;
      }
      case 'for_statement':
        for (const child of namedChildren(statement)) {
          if (child.type === 'range_clause') this.declareRange(child, scope, builder);
          else if (child.type === 'for_clause') for (const part of namedChildren(child)) this.walkStatement(part, scope, builder);
          else this.walkStatement(child, scope, builder);
        }
        return;
      case 'expression_switch_statement':
      case 'type_switch_statement':
      case 'select_statement':
        for (const child of namedChildren(statement)) {
          if (child.type.endsWith('_case')) this.walkBlock(namedChildren(child).filter((part) => part.id !== child.childForFieldName('value')?.id && part.type !== 'expression_list'), scope, builder);
          else this.walkStatement(child, scope, builder);
        }
        return;
      case 'statement_list':
      case 'labeled_statement':
        return this.walkBlock(namedChildren(statement).filter((child) => child.type !== 'label_name'), scope, builder);
      default:
        this.walkExpression(statement, scope, builder);
    }
  }

  private declareRange(clause: Node, scope: GoScope, builder: SummaryBuilder): void {
    const right = clause.childForFieldName('right');
    this.walkExpression(right, scope, builder);
    const value = this.values.valueOf(right, scope);
    const left = clause.childForFieldName('left');
    for (const name of left ? namedChildren(left) : []) if (name.type === 'identifier') scope.locals.set(name.text, { params: value.params });
  }

  /** Reads every call in an expression in source order; a func literal's body is walked as statements of this function. */
  private walkExpression(node: Node | null | undefined, scope: GoScope, builder: SummaryBuilder): void {
    if (!node) return;
    const stack: Node[] = [node];
    const calls: Node[] = [];
    const literals: Node[] = [];
    while (stack.length) {
      const current = stack.pop()!;
      if (current.type === 'func_literal') {
        literals.push(current);
        continue;
      }
      if (current.type === 'call_expression') calls.push(current);
      const children = namedChildren(current);
      for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]);
    }
    for (const call of calls.sort((a, b) => a.startIndex - b.startIndex)) this.calls.onCall(call, scope, builder);
    for (const literal of literals) {
      const inner: GoScope = { locals: new Map(scope.locals), className: scope.className };
      for (const parameter of this.values.parameters(literal)) inner.locals.set(parameter.name, {});
      this.walkBlock(blockStatements(literal.childForFieldName('body')), inner, builder);
    }
  }

  gatesOf(condition: Node | null | undefined, scope: GoScope): Gate[] | undefined {
    return conditionGates(condition, {
      unwrap: unwrapParens,
      negated: (node) => (node.type === 'unary_expression' && node.childForFieldName('operator')?.text === '!' ? node.childForFieldName('operand') ?? undefined : undefined),
      binary: (node) => binaryParts(node),
      literal: (node) => ({ true: 'true', false: 'false', nil: 'null', interpreted_string_literal: 'string', raw_string_literal: 'string' } as const)[node.type as 'true'],
      value: (node) => this.values.valueOf(node, scope),
      ownGate: (node, value, when) => {
        if (node.type === 'identifier' && isParameterValue(value, node.text)) return [{ kind: 'parameter', parameter: node.text, when }];
        // A flag the client sets (`args.Apply`, `request.GetBool("dry_run", true)`): reached by default only when its default is `when`.
        const flagDefault = value.flagDefault ?? (node.type === 'selector_expression' && value.params ? false : undefined);
        return flagDefault === undefined ? undefined : [{ kind: 'switch', text: node.text, when: when !== flagDefault, config: false }];
      },
    });
  }

  /** `if !strings.HasPrefix(strings.ToUpper(q), "SELECT") { return ... }`, `if !isReadOnlyQuery(q) { ... }`, `if !allowed[table] { ... }`. */
  guard(condition: Node | null | undefined, scope: GoScope, builder: SummaryBuilder): void {
    if (condition && isGuardShaped(condition)) liftGuarded(condition, ['identifier', 'selector_expression'], (node) => this.values.valueOf(node, scope), builder);
  }

  exits(block: Node | null): boolean {
    const last = blockStatements(block).at(-1);
    if (!last) return false;
    if (EXITS.has(last.type)) return true;
    const call = last.type === 'expression_statement' ? namedChildren(last)[0] : undefined;
    return call?.type === 'call_expression' && /^(panic|log\.Fatal\w*|os\.Exit)$/.test(call.childForFieldName('function')?.text ?? '');
  }
}

function isGuardShaped(condition: Node): boolean {
  if (condition.descendantsOfType('index_expression').length && condition.text.trimStart().startsWith('!')) return true;
  for (const call of condition.descendantsOfType('call_expression')) {
    if (!call) continue;
    const name = calleeName(call);
    if (isSqlGuardName(name)) return true;
    if (['HasPrefix', 'MatchString', 'Contains', 'ContainsFunc'].includes(name)) {
      const texts = call.descendantsOfType(['interpreted_string_literal_content', 'raw_string_literal_content']).map((node) => node?.text ?? '');
      if (texts.some((text) => isSelectOnlyPrefix(text)) || (name === 'Contains' && call.text.startsWith('slices.'))) return true;
    }
  }
  return false;
}

/** A block's statements (inside its statement list). */
export function blockStatements(block: Node | null | undefined): Node[] {
  if (!block) return [];
  return namedChildren(block).flatMap((child) => (child.type === 'statement_list' ? namedChildren(child) : [child])).filter((child) => child.type !== 'comment');
}

/** The functions around a node, innermost first. */
export function enclosingFunctions(node: Node): Node[] {
  const found: Node[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'func_literal' || parent.type === 'function_declaration' || parent.type === 'method_declaration') found.push(parent);
  }
  return found;
}
