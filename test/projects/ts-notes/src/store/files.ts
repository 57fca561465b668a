import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SNAPSHOTS = process.env.NOTES_SNAPSHOTS ?? "./snapshots";

export async function saveSnapshot(name: string, data: unknown): Promise<string> {
  const target = join(SNAPSHOTS, `${name}.json`);
  await writeFile(target, JSON.stringify(data));
  return target;
}

export async function removeSnapshots(): Promise<void> {
  await rm(SNAPSHOTS, { recursive: true, force: true });
}

export async function writeTemporary(data: unknown): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "notes-"));
  const target = join(folder, "export.json");
  await writeFile(target, JSON.stringify(data));
  return target;
}
