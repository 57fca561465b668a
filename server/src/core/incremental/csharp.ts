/**
 * Incremental analysis of a C# document (units.ts): a tool's attribute reads only its own type
 * (literals, its `const` fields), so a top-level declaration (a type, a block namespace) is read on
 * its own and nothing else is re-read with it. A `using` directive changes how MTL403's fix spells
 * `[Description]`: an edit of one is a full analysis.
 */
import { csharpDeclarationsIn } from '../frontends/csharp';
import { importsDescription } from '../frontends/csharp/parameters';
import { IncrementalUnitAnalyzer, UnitLanguage } from './units';

const NO_LOOKUPS: ReadonlySet<string> = new Set();

/** The file-wide fact: whether its `using` directives import `System.ComponentModel`. */
const CSHARP_UNITS: UnitLanguage<boolean> = {
  fileWide: new Set(['using_directive']),
  facts: (all) => importsDescription(all),
  bindings: () => [],
  reader: (imported) => (node) => ({ declarations: csharpDeclarationsIn(node, imported), lookups: new Set(NO_LOOKUPS) }),
};

export class IncrementalCSharpAnalyzer extends IncrementalUnitAnalyzer<boolean> {
  constructor() {
    super(CSHARP_UNITS);
  }
}
