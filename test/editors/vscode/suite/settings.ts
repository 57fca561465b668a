// Settings take effect without a restart: the profile, and a rule turned off.
import { suite, suiteTeardown, test } from 'mocha';
import { expectedDiagnostics, PLAN, PYTHON_FIXTURE, TYPESCRIPT_FIXTURE } from '../../shared';
import { openFixture, updateSetting, waitForDiagnostics } from './vscode-helpers';

suite('settings', () => {
  suiteTeardown(async () => {
    await updateSetting('mcpToolLint', 'profile', undefined);
    await updateSetting('mcpToolLint', 'rules.customizations', undefined);
  });

  test('mcpToolLint.profile: strict, then back to recommended', async () => {
    const python = (await openFixture(PYTHON_FIXTURE)).document.uri;
    const typescript = (await openFixture(TYPESCRIPT_FIXTURE)).document.uri;
    await waitForDiagnostics(typescript, expectedDiagnostics(TYPESCRIPT_FIXTURE));
    await updateSetting('mcpToolLint', 'profile', 'strict');
    await waitForDiagnostics(typescript, expectedDiagnostics(TYPESCRIPT_FIXTURE, 'strict'));
    await waitForDiagnostics(python, expectedDiagnostics(PYTHON_FIXTURE, 'strict'));
    await updateSetting('mcpToolLint', 'profile', undefined);
    await waitForDiagnostics(typescript, expectedDiagnostics(TYPESCRIPT_FIXTURE));
  });

  test('mcpToolLint.rules.customizations: a rule turned off disappears, and comes back', async () => {
    const python = (await openFixture(PYTHON_FIXTURE)).document.uri;
    await waitForDiagnostics(python, expectedDiagnostics(PYTHON_FIXTURE));
    const rule = PLAN[PYTHON_FIXTURE].fix.rule;
    await updateSetting('mcpToolLint', 'rules.customizations', [{ rule, severity: 'off' }]);
    await waitForDiagnostics(python, expectedDiagnostics(PYTHON_FIXTURE).filter((d) => d.rule !== rule));
    await updateSetting('mcpToolLint', 'rules.customizations', undefined);
    await waitForDiagnostics(python, expectedDiagnostics(PYTHON_FIXTURE));
  });
});
