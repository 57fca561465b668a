/**
 * Incremental analysis of a Go document (units.ts): a top-level declaration is read against its
 * file's imports (an edited import or package clause means a full analysis) and the package-level
 * names it looks up (frontends/go). A name's readers are re-read when an edit changes what it is:
 * a function's being a pointer helper or a wrapper (and which parameters it reads) is compared
 * before and after; a value or a type always counts as changed (readers keep a value's positions).
 */
import { Node } from 'web-tree-sitter';
import { declarationsIn, goFileContext, sdkAliases } from '../frontends/go';
import { bindingsOf, isPointerHelper, wrapperOf } from '../frontends/go/package';
import { importsOf } from '../frontends/go/syntax';
import { IncrementalUnitAnalyzer, UnitLanguage } from './units';

let valueMarks = 0;

const GO_UNITS: UnitLanguage<ReadonlyMap<string, string>> = {
  fileWide: new Set(['import_declaration', 'package_clause']),
  facts: (all) => importsOf(all),
  bindings(node, imports) {
    const { mcpGo } = sdkAliases(imports);
    return bindingsOf(node).map(([name, binding]): [string, string] => {
      if (binding.kind !== 'function') return [name, `${binding.kind}#${++valueMarks}`];
      return [name, `function:${isPointerHelper(binding.declaration)}:${JSON.stringify(wrapperOf(binding.declaration, mcpGo) ?? null)}`];
    });
  },
  reader(imports, bound, options) {
    const context = goFileContext(imports, (name) => {
      const node = bound(name);
      return node && bindingsOf(node).find(([candidate]) => candidate === name)?.[1];
    }, options.project);
    return (node: Node) => {
      context.lookups.clear();
      const declarations = declarationsIn(node, context);
      return { declarations, lookups: new Set(context.lookups) };
    };
  },
};

export class IncrementalGoAnalyzer extends IncrementalUnitAnalyzer<ReadonlyMap<string, string>> {
  constructor() {
    super(GO_UNITS);
  }
}
