/**
 * Incremental analysis of a C# document (units.ts): a tool's attribute reads only its own type
 * (literals, its `const` fields), so a top-level declaration (a type, a block namespace) is read on
 * its own and nothing else is re-read with it; `using` directives change nothing.
 */
import { csharpDeclarationsIn } from '../frontends/csharp';
import { IncrementalUnitAnalyzer, UnitLanguage } from './units';

const NO_LOOKUPS: ReadonlySet<string> = new Set();

const CSHARP_UNITS: UnitLanguage<undefined> = {
  fileWide: new Set(),
  facts: () => undefined,
  bindings: () => [],
  reader: () => (node) => ({ declarations: csharpDeclarationsIn(node), lookups: new Set(NO_LOOKUPS) }),
};

export class IncrementalCSharpAnalyzer extends IncrementalUnitAnalyzer<undefined> {
  constructor() {
    super(CSHARP_UNITS);
  }
}
