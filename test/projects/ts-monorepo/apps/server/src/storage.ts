import { promises as fs } from "node:fs";

export async function readText(path: string): Promise<string> {
  return fs.readFile(path, "utf8");
}

export async function remove(path: string): Promise<void> {
  await fs.rm(path, { force: true });
}
