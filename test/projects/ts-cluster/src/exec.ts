import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from "node:child_process";

// Flags that would point kubectl at another cluster or identity: never taken from tool input.
const FORBIDDEN_FLAGS = ["--server", "--kubeconfig", "--token", "--as"];

function assertSafeArgs(args: readonly string[]): void {
  for (const arg of args) {
    if (FORBIDDEN_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`))) {
      throw new Error(`The flag ${arg} is not allowed`);
    }
  }
}

const OPTIONS: ExecFileSyncOptionsWithStringEncoding = { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 };

export function execKubectl(args: string[]): string {
  assertSafeArgs(args);
  return execFileSync("kubectl", args, OPTIONS);
}

export function execHelm(args: string[]): string {
  assertSafeArgs(args);
  return execFileSync("helm", args, OPTIONS);
}
