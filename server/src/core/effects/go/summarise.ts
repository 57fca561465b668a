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
import { isSelectOnlyPrefix, isSqlGuardName, isTelemetryName } from '../classify';
import { IgnoredLines, ignoredEffectLines } from '../ignore';
import { Known, paramsOf } from '../known';
import { isGeneratedModule } from '../walk';
import { ClassRef, FunctionSummary, Gate, ModuleEffects } from '../summary';
import { calleeName, GoCalls } from './calls';
import { GoParameter, GoScope, GoValues } from './values';

const EXITS = new Set(['return_statement', 'continue_statement', 'break_statement', 'goto_statement']);
const DECLARATIONS = new Set(['short_var_declaration', 'var_declaration', 'assignment_statement']);

export class GoEffects {
  readonly values: GoValues;
  private readonly ignored: IgnoredLines;
  private readonly generated: boolean;
  private readonly calls: GoCalls;

  constructor(readonly root: Node, text: SourceText, readonly file: string) {
    this.values = new GoValues(root);
    this.ignored = ignoredEffectLines(root, text);
    this.generated = isGeneratedModule(file, namedChildren(root).slice(0, 3).filter((node) => node.type === 'comment').map((node) => node.text));
    this.calls = new GoCalls(this.values);
  }

  moduleEffects(): ModuleEffects {
    const functions = new Map<string, FunctionSummary>();
    for (const [name, node] of this.values.functions) functions.set(name, this.summariseFunction(node, name));
    const fields = new Map<string, Map<string, Known>>();
    const bases = new Map<string, ClassRef[]>();
    for (const [className, info] of this.values.classes) {
      for (const [name, node] of info.methods) functions.set(`${className}.${name}`, this.summariseFunction(node, name, className));
      if (info.attributes.size) fields.set(className, info.attributes);
      bases.set(className, info.bases);
    }
    const singletons = new Map<string, ClassRef>();
    for (const [name, value] of this.values.globals) if (value.cls) singletons.set(name, value.cls);
    const values = new Map([...this.values.globals].filter(([, value]) => value.lib));
    return { file: this.file, functions, singletons, bases, values, fields };
  }

  /** A function's, method's or func literal's summary; a func literal sees the locals of the functions around it. */
  summariseFunction(node: Node, name: string, className?: string): FunctionSummary {
    const scope: GoScope = { locals: new Map(), className };
    for (const outer of enclosingFunctions(node).reverse()) this.collectLocals(outer, scope);
    if (node.type === 'method_declaration') {
      const receiver = this.values.receiverOf(node);
      if (receiver?.name) scope.locals.set(receiver.name, { cls: { name: receiver.type } });
      className ??= receiver?.type;
    }
    const parameters = this.values.parameters(node);
    for (const parameter of parameters) scope.locals.set(parameter.name, parameter.known);
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

  private walkBlock(statements: readonly Node[], scope: GoScope, builder: SummaryBuilder): void {
    let restore: Gate[] | undefined;
    for (const statement of statements) {
      this.walkStatement(statement, scope, builder);
      if (statement.type !== 'if_statement' || statement.childForFieldName('alternative') || !exits(statement.childForFieldName('consequence'))) continue;
      // `if args.DryRun { return preview, nil }`: the rest of the block runs only when the condition is false.
      const condition = statement.childForFieldName('condition');
      this.guard(condition, scope, builder);
      const negated = negate(this.gatesOf(condition, scope));
      if (negated) restore ??= builder.addGates(negated);
    }
    if (restore) builder.restoreGates(restore);
  }

  private walkStatement(statement: Node, scope: GoScope, builder: SummaryBuilder): void {
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

  private gatesOf(condition: Node | null | undefined, scope: GoScope): Gate[] | undefined {
    if (!condition) return undefined;
    const bare = unwrapParens(condition);
    if (bare.type === 'unary_expression' && bare.childForFieldName('operator')?.text === '!') return negate(this.gatesOf(bare.childForFieldName('operand'), scope));
    if (bare.type === 'binary_expression') {
      const operator = bare.childForFieldName('operator')?.text;
      if (operator === '&&') {
        const gates = [this.gatesOf(bare.childForFieldName('left'), scope), this.gatesOf(bare.childForFieldName('right'), scope)].flatMap((side) => side ?? []);
        return gates.length ? gates : undefined;
      }
      if (operator === '==' || operator === '!=') return this.comparisonGates(bare, operator === '!=', scope);
      return undefined;
    }
    return this.valueGate(bare, scope, true);
  }

  private valueGate(node: Node, scope: GoScope, when: boolean): Gate[] | undefined {
    const value = this.values.valueOf(node, scope);
    if (value.switch) return [{ kind: 'switch', text: value.switch.text, when, config: value.switch.config }];
    if (node.type === 'identifier' && value.params?.size === 1 && value.params.has(node.text) && !value.lib && !value.cls) return [{ kind: 'parameter', parameter: node.text, when }];
    // A flag the client sets (`args.Apply`, `request.GetBool("dry_run", true)`): reached by default only when its default is `when`.
    const flagDefault = value.flagDefault ?? (node.type === 'selector_expression' && value.params ? false : undefined);
    if (flagDefault !== undefined) return [{ kind: 'switch', text: node.text, when: when !== flagDefault, config: false }];
    return undefined;
  }

  /** `os.Getenv("MODE") == "write"`, `args.Apply == true`. */
  private comparisonGates(comparison: Node, negated: boolean, scope: GoScope): Gate[] | undefined {
    const left = comparison.childForFieldName('left');
    const right = comparison.childForFieldName('right');
    if (!left || !right) return undefined;
    const literal = [left, right].find((side) => ['true', 'false', 'interpreted_string_literal', 'raw_string_literal', 'nil'].includes(unwrapParens(side).type));
    if (!literal) return undefined;
    const tested = literal === left ? right : left;
    const type = unwrapParens(literal).type;
    if (this.values.valueOf(tested, scope).switch) return this.valueGate(unwrapParens(tested), scope, type === 'interpreted_string_literal' || type === 'raw_string_literal' ? !negated : negated);
    if (type !== 'true' && type !== 'false') return undefined;
    return this.valueGate(unwrapParens(tested), scope, (type === 'true') !== negated);
  }

  /** `if !strings.HasPrefix(strings.ToUpper(q), "SELECT") { return ... }`, `if !isReadOnlyQuery(q) { ... }`, `if !allowed[table] { ... }`. */
  private guard(condition: Node | null | undefined, scope: GoScope, builder: SummaryBuilder): void {
    if (!condition || !isGuardShaped(condition)) return;
    const reads = condition.descendantsOfType(['identifier', 'selector_expression']).map((node) => (node ? this.values.valueOf(node, scope) : undefined));
    for (const parameter of paramsOf(...reads) ?? []) builder.guarded.add(parameter);
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

function negate(gates: Gate[] | undefined): Gate[] | undefined {
  if (gates?.length !== 1) return undefined;
  return [{ ...gates[0], when: !gates[0].when }];
}

/** A block's statements (inside its statement list). */
export function blockStatements(block: Node | null | undefined): Node[] {
  if (!block) return [];
  return namedChildren(block).flatMap((child) => (child.type === 'statement_list' ? namedChildren(child) : [child])).filter((child) => child.type !== 'comment');
}

function exits(block: Node | null): boolean {
  const last = blockStatements(block).at(-1);
  if (!last) return false;
  if (EXITS.has(last.type)) return true;
  const call = last.type === 'expression_statement' ? namedChildren(last)[0] : undefined;
  return call?.type === 'call_expression' && /^(panic|log\.Fatal\w*|os\.Exit)$/.test(call.childForFieldName('function')?.text ?? '');
}

/** The functions around a node, innermost first. */
export function enclosingFunctions(node: Node): Node[] {
  const found: Node[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (parent.type === 'func_literal' || parent.type === 'function_declaration' || parent.type === 'method_declaration') found.push(parent);
  }
  return found;
}
