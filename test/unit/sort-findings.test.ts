// Findings are ordered by position, then code, ties kept in the order the rules reported them:
// sortFindings (keyed by one number per position) gives what sorting with compareFindings gives.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareFindings, sortFindings } from '../../server/src/core/analyze';
import { Finding } from '../../server/src/core/model';

function finding(line: number, character: number, code: string, id: number): Finding {
  const start = { line, character };
  return { code, rule: `rule-${id}`, severity: 'warning', message: `finding ${id}`, range: { start, end: start }, related: [], fixes: [] } as unknown as Finding;
}

test('sortFindings orders as compareFindings does, ties in their order', () => {
  let seed = 42;
  const next = (limit: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % limit);
  for (let round = 0; round < 50; round++) {
    const findings = Array.from({ length: 1 + next(300) }, (_, id) =>
      finding(next(20), next(4) === 0 ? 99_999 : next(6), `MTL${100 + next(4)}`, id));
    const expected = [...findings].sort(compareFindings).map((f) => f.message);
    assert.deepEqual(sortFindings(findings).map((f) => f.message), expected);
  }
});
