// Each rule's main severity per profile, as rules.md's tables and "Profiles" section define them.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { findRule } from '../../server/src/core/rules';
import { PROFILES } from '../../server/src/core/rules/rule';

// recommended, strict, spec, arcade, openai-apps
const EXPECTED: Record<string, [string, string, string, string, string]> = {
  MTL101: ['error', 'error', 'off', 'error', 'error'],
  MTL102: ['error', 'error', 'off', 'error', 'error'],
  MTL103: ['error', 'error', 'off', 'error', 'error'],
  MTL104: ['error', 'error', 'off', 'error', 'error'],
  MTL105: ['error', 'error', 'error', 'off', 'error'],
  MTL106: ['hint', 'hint', 'hint', 'off', 'hint'],
  MTL201: ['warning', 'error', 'off', 'off', 'error'],
  MTL202: ['info', 'error', 'info', 'off', 'error'],
  MTL203: ['warning', 'error', 'info', 'off', 'error'],
  MTL204: ['warning', 'warning', 'off', 'error', 'warning'],
  MTL205: ['error', 'error', 'off', 'error', 'error'],
  MTL206: ['error', 'error', 'error', 'error', 'error'],
  MTL207: ['error', 'error', 'error', 'error', 'error'],
  MTL208: ['error', 'error', 'off', 'error', 'error'],
  MTL209: ['error', 'error', 'off', 'error', 'error'],
  MTL210: ['error', 'error', 'off', 'error', 'error'],
  MTL211: ['warning', 'warning', 'warning', 'off', 'warning'],
  MTL212: ['info', 'info', 'off', 'off', 'info'],
  MTL213: ['warning', 'warning', 'warning', 'off', 'warning'],
  MTL214: ['info', 'info', 'info', 'off', 'info'],
  MTL215: ['warning', 'warning', 'off', 'off', 'warning'],
  MTL216: ['warning', 'warning', 'warning', 'off', 'warning'],
  MTL903: ['hint', 'hint', 'off', 'off', 'hint'],
};

for (const [code, severities] of Object.entries(EXPECTED)) {
  test(`${code} severities per profile`, () => {
    const rule = findRule(code);
    assert.ok(rule, `${code} is registered`);
    assert.deepEqual(PROFILES.map((profile) => rule.severity[profile]), severities);
    assert.equal(findRule(rule.name), rule, `${rule.name} finds the same rule`);
  });
}
