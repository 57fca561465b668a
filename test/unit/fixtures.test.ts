// Every fixture's findings, checked exactly against its `.expected` files (one per profile).
// To write a new fixture's expectations, run with UPDATE_EXPECTED=1 and review the diff line by line.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { expectationFiles, FIXTURES, lintFixture, listFixtures } from '../helpers/fixtures';

for (const fixture of listFixtures()) {
  const name = path.relative(FIXTURES, fixture);
  if (process.env.UPDATE_EXPECTED && expectationFiles(fixture).length === 0) fs.writeFileSync(`${fixture}.expected`, '');
  const expectations = expectationFiles(fixture);
  test(`${name} has expected findings`, () => {
    assert.ok(expectations.length > 0, `${name}: add ${name}.expected (run with UPDATE_EXPECTED=1 and review it)`);
  });
  for (const { file, profile } of expectations) {
    test(`${name} [${profile}]`, async () => {
      const actual = await lintFixture(fixture, profile);
      if (process.env.UPDATE_EXPECTED) fs.writeFileSync(file, actual);
      assert.equal(actual, fs.readFileSync(file, 'utf8'));
    });
  }
}
