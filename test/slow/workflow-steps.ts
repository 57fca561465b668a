// Runs the `run:` steps of a GitHub Actions job or composite action the way a runner does: each in
// `bash -e -o pipefail`, in order; a step without `if:` runs only while every step before it
// succeeded, `if: ${{ !cancelled() }}` / `always()` run anyway. `uses:` steps are not run: the
// caller gets whether each would have run, and checks what it would have read.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

export interface WorkflowStep {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export interface StepOutcome {
  step: WorkflowStep;
  ran: boolean;
  status?: number | null;
  stdout?: string;
  stderr?: string;
}

/** Whether a step with `condition` runs, after steps that `failed` or not; `evaluate` answers other expressions (a composite's inputs). */
function runs(condition: string | undefined, failed: boolean, evaluate: (expression: string) => boolean | undefined): boolean {
  if (condition === undefined) return !failed;
  const expression = condition.trim().replace(/^\$\{\{\s*/, '').replace(/\s*\}\}$/, '');
  if (expression === '!cancelled()' || expression === 'always()') return true;
  if (expression === 'success()') return !failed;
  if (expression === 'failure()') return failed;
  const answer = evaluate(expression);
  if (answer === undefined) throw new Error(`this test does not know the condition "${condition}"`);
  return answer && !failed;
}

/** `${{ name }}` expressions replaced by `values[name]`; an unknown one throws. */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`this test does not know the expression \${{ ${name} }}`);
    return values[name];
  });
}

export function runSteps(
  steps: readonly WorkflowStep[],
  options: { cwd: string; env: NodeJS.ProcessEnv; values?: Record<string, string>; evaluate?: (expression: string) => boolean | undefined; skip?: (step: WorkflowStep) => boolean },
): StepOutcome[] {
  const values = options.values ?? {};
  let failed = false;
  return steps.map((step) => {
    if (options.skip?.(step) || !runs(step.if, failed, options.evaluate ?? (() => undefined))) return { step, ran: false };
    if (step.run === undefined) return { step, ran: true };
    const env = { ...options.env, ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, substitute(String(value), values)])) };
    const cwd = step['working-directory'] ? substitute(step['working-directory'], values) : '.';
    const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', substitute(step.run, values)], { cwd: path.resolve(options.cwd, cwd), env, encoding: 'utf8' });
    if (result.status !== 0) failed = true;
    return { step, ran: true, status: result.status, stdout: result.stdout, stderr: result.stderr };
  });
}
