// The extension-tests entry (`extensionTestsPath`): runs every suite of this folder with mocha (tdd) in the extension host.
import * as path from 'node:path';
import Mocha from 'mocha';

const SUITES = ['diagnostics', 'hover-completion', 'code-actions', 'settings', 'contributions', 'status-fix-all'];

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, grep: process.env.MTL_E2E_GREP });
  for (const suite of SUITES) mocha.addFile(path.join(__dirname, `${suite}.js`));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} extension test(s) failed`)) : resolve()));
  });
}
