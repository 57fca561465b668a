/**
 * What one Go call does, read against the tables (core/data/effects/go.ts): a library call is a
 * leaf whose effect the tables give; a call of a function or method of the project (this package,
 * or an imported package of the module) is a call site, resolved when a tool's effects are
 * propagated; anything else is unknown. `Close()`, `Header().Set`, `url.Values.Add` and logging
 * change nothing.
 */
import { Node } from 'web-tree-sitter';
import { GO_EFFECTS } from '../../data/effects/go';
import { SHELL_PROGRAMS } from '../../data/effects/shared';
import { unwrapParens } from '../../frontends/go/syntax';
import { rangeOf } from '../../frontends/syntax';
import { Range } from '../../model';
import { shorten } from '../../rules/rule';
import { CommandWord, commandWord, SummaryBuilder } from '../builder';
import { Known } from '../known';
import { httpCall, KnownArgs, libraryMethod, tableLeaf } from '../library';
import { matchesPath } from '../dotted-paths';
import { argumentFlow } from '../conditions';
import { ArgumentFlow } from '../summary';
import { argumentNodes, GoScope, GoValues } from './values';

const TABLES = GO_EFFECTS;
/** Methods that never change anything on any receiver (a client's own connection). */
const NEVER = new Set(['Close', 'Ping', 'PingContext', 'Stats', 'SetMaxOpenConns', 'SetMaxIdleConns', 'SetConnMaxLifetime']);

interface CallContext {
  call: Node;
  args: Node[];
  scope: GoScope;
  builder: SummaryBuilder;
  label: string;
  range: Range;
}

function inModules(path: string, modules: readonly string[]): boolean {
  return modules.some((module) => path === module || path.startsWith(`${module}.`) || path.startsWith(`${module}/`));
}

export class GoCalls {
  constructor(private readonly values: GoValues) {}

  onCall(call: Node, scope: GoScope, builder: SummaryBuilder): void {
    const callee = call.childForFieldName('function');
    if (!callee) return;
    builder.summary.callCount++;
    const bare = unwrapParens(callee);
    const context: CallContext = { call, args: argumentNodes(call), scope, builder, label: shorten(bare.text.replace(/\s+/g, ''), 30), range: rangeOf(bare.type === 'selector_expression' ? bare.childForFieldName('field') ?? bare : bare) };
    if (bare.type === 'identifier') return this.onNameCall(bare.text, context);
    if (bare.type === 'selector_expression') return this.onSelectorCall(bare, context);
    if (bare.type === 'func_literal') return;
    builder.unknown();
  }

  private onNameCall(name: string, context: CallContext): void {
    const { scope, builder } = context;
    const local = scope.locals.get(name);
    if (local) return local.lib ? undefined : builder.unknown();
    if (TABLES.pureFunctions.includes(name)) return;
    // A function of this package: in this file, or another one (read at propagation).
    builder.call({ kind: 'function', name }, context.label, context.range, this.flows(context));
  }

  private onSelectorCall(callee: Node, context: CallContext): void {
    const { scope, builder } = context;
    const method = callee.childForFieldName('field')?.text ?? '';
    const path = this.values.pathOf(callee, scope);
    if (path !== undefined) {
      if (this.onPath(path, context)) return;
      const module = path.slice(0, path.lastIndexOf('.'));
      if (module.includes('.') && module.split('/')[0].includes('.') && !callee.childForFieldName('operand')?.type.startsWith('selector')) {
        return builder.call({ kind: 'function', module, name: method }, context.label, context.range, this.flows(context));
      }
      return builder.unknown();
    }
    if (NEVER.has(method)) return;
    const operand = callee.childForFieldName('operand');
    const value = this.values.valueOf(operand, scope);
    if (value.lib) {
      // A client or handle made to be called on (`clientset.CoreV1().Pods(ns)`): only the last call does something.
      if (value.lib === 'sdk' && context.call.parent?.type === 'selector_expression') return;
      return libraryMethod(TABLES, value, method, this.knownArgs(context, value), builder, method, context.range);
    }
    if (value.cls) return builder.call({ kind: 'method', class: value.cls, method }, context.label, context.range, this.flows(context));
    if (value.member) return builder.call({ kind: 'member', ...value.member, method }, context.label, context.range, this.flows(context), this.knownArgs(context, value));
    if (value.singleton) return builder.call({ kind: 'singleton', ...value.singleton, method }, context.label, context.range, this.flows(context), this.knownArgs(context, value));
    if (TABLES.pureMethods.includes(method) || value.text !== undefined) return;
    builder.unknown();
  }

  /** A call named by its import path: a library function from the tables. Whether the path said what the call is. */
  private onPath(path: string, context: CallContext): boolean {
    const { builder, label, range, args, scope } = context;
    const target = this.values.valueOf(args[0], scope);
    if (tableLeaf(TABLES, path, { target, code: this.values.valueOf(args.find((argument) => !this.isContext(argument, scope)), scope) }, builder, label, range)) return true;
    if (path === 'os.OpenFile') {
      if (/O_(WRONLY|RDWR|CREATE|APPEND|TRUNC)/.test(args[1]?.text ?? '') && !target.tmp) builder.change('write', 'writes a file', label, range);
      return true;
    }
    if (path in TABLES.httpFunctions) {
      // `http.NewRequest(method, url, body)`: the request's method and URL, read where it is made.
      httpCall(TABLES.httpFunctions[path], undefined, this.knownArgs(context), builder, label, range);
      return true;
    }
    if (TABLES.processFunctions.some((row) => matchesPath(path, row.functions))) {
      this.onProcess(context);
      return true;
    }
    const sdk = TABLES.sdkModules.find((module) => inModules(path, [module]));
    if (sdk) {
      const name = path.slice(path.lastIndexOf('.') + 1);
      if (!/^New/.test(name)) builder.sdk(path.slice(0, path.lastIndexOf('.')), name, label, range);
      return true;
    }
    return inModules(path, TABLES.pureModules) || !path.split('/')[0].includes('.') && TABLES.pureModules.some((module) => path.startsWith(`${module}.`));
  }

  /** `exec.Command(name, args...)`, `exec.CommandContext(ctx, name, args...)`; a shell's `-c` argument is a command line. */
  private onProcess(context: CallContext): void {
    const { scope, builder, label, range } = context;
    const args = context.args.filter((argument) => !this.isContext(argument, scope));
    const words: CommandWord[] = args.map((argument) => commandWord(this.values.valueOf(argument, scope)));
    if (words[0]?.text !== undefined && SHELL_PROGRAMS.includes(words[0].text) && (words[1]?.text === '-c' || words[1]?.text === '/c' || words[1]?.text === '-Command') && args[2]) {
      return builder.process(undefined, this.values.valueOf(args[2], scope), label, range);
    }
    builder.process(words, undefined, label, range);
  }

  /** A `context.Context` argument (a `ctx` parameter, `context.Background()`): never a statement or a URL. */
  private isContext(argument: Node, scope: GoScope): boolean {
    const bare = unwrapParens(argument);
    if (bare.type === 'identifier') return bare.text === 'ctx' || scope.locals.get(bare.text)?.params === undefined && /ctx$|Ctx$|^context$/.test(bare.text);
    if (bare.type === 'call_expression') return /^context\.(Background|TODO|WithTimeout|WithCancel)$/.test(this.values.pathOf(bare.childForFieldName('function') ?? bare, scope) ?? '');
    return false;
  }

  /** The arguments as known values, a context and a scan destination (`&dest`) left out: the statement or URL comes first. */
  private knownArgs(context: CallContext, receiver?: Known): KnownArgs {
    const method = context.call.childForFieldName('function')?.childForFieldName('field')?.text ?? '';
    let args = context.args.filter((argument) => !this.isContext(argument, context.scope));
    if (receiver?.lib === 'sql' && /^(Get|Select)(Context)?$/.test(method)) args = args.slice(1);
    return { positional: args.map((argument) => this.values.valueOf(argument, context.scope)), keywords: new Map() };
  }

  /** What the call passes to each of the callee's parameters. */
  private flows(context: CallContext): ArgumentFlow[] {
    return context.args.map((node, position) => {
      const bare = unwrapParens(node);
      return argumentFlow(this.values.valueOf(node, context.scope), context.builder.guarded, { position }, bare.type === 'true' ? true : bare.type === 'false' ? false : undefined);
    });
  }
}

/** Whether a call's callee is a method or function named `name` (a guard's shape). */
export function calleeName(call: Node): string {
  const callee = call.childForFieldName('function');
  if (!callee) return '';
  const bare = unwrapParens(callee);
  return bare.type === 'selector_expression' ? bare.childForFieldName('field')?.text ?? '' : bare.text;
}
