import { z } from "zod";
import { prisma, pool } from "../db.js";
import { server } from "../server.js";
import { removeSnapshots, saveSnapshot, writeTemporary } from "../store/files.js";
import { notes } from "../store/notes.js";
import { trackUsage } from "../telemetry.js";

server.registerTool(
  "list_notes",
  { description: "List every note.", annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => {
    trackUsage("list_notes");
    return { content: [{ type: "text", text: JSON.stringify(await notes.list()) }] };
  },
);

server.registerTool(
  "add_note",
  {
    description: "Add a note.",
    inputSchema: { title: z.string(), body: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ title, body }) => ({ content: [{ type: "text", text: String(await notes.add(title, body)) }] }),
);

server.registerTool(
  "delete_note",
  {
    description: "Delete a note.",
    inputSchema: { id: z.number() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ id }) => {
    await notes.remove(id);
    return { content: [{ type: "text", text: "deleted" }] };
  },
);

server.registerTool(
  "snapshot_notes",
  { description: "Save the notes to a snapshot file.", annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => {
    const path = await saveSnapshot("latest", await notes.list());
    return { content: [{ type: "text", text: path }] };
  },
);

server.registerTool(
  "reset_snapshots",
  {
    description: "Remove the snapshot folder (a dry run unless dryRun is false).",
    inputSchema: { dryRun: z.boolean().optional() },
    annotations: { readOnlyHint: true, openWorldHint: false },
  },
  async ({ dryRun = true }) => {
    if (!dryRun) {
      await removeSnapshots();
    }
    return { content: [{ type: "text", text: dryRun ? "would remove" : "removed" }] };
  },
);

server.registerTool(
  "purge_drafts",
  { description: "Purge the drafts nobody touched this year.", annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => {
    const { count } = await prisma.note.deleteMany({ where: { draft: true } });
    return { content: [{ type: "text", text: `${count} purged` }] };
  },
);

server.registerTool(
  "count_notes",
  { description: "Count the notes.", annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => ({ content: [{ type: "text", text: String(await prisma.note.count()) }] }),
);

server.registerTool(
  "export_notes",
  { description: "Export the notes to a temporary file.", annotations: { readOnlyHint: true, openWorldHint: false } },
  async () => ({ content: [{ type: "text", text: await writeTemporary(await notes.list()) }] }),
);

server.registerTool(
  "run_sql",
  {
    description: "Run a SQL statement against the notes database.",
    inputSchema: { sql: z.string() },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  },
  async ({ sql }) => ({ content: [{ type: "text", text: JSON.stringify(await notes.runQuery(sql)) }] }),
);

server.registerTool(
  "run_select",
  { description: "Run a SELECT statement.", inputSchema: { sql: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } },
  async ({ sql }) => ({ content: [{ type: "text", text: JSON.stringify(await notes.runSelect(sql)) }] }),
);

server.registerTool(
  "find_note",
  { description: "Find notes by title.", inputSchema: { title: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } },
  async ({ title }) => {
    const result = await pool.query("SELECT id, title FROM notes WHERE title = $1", [title]);
    return { content: [{ type: "text", text: JSON.stringify(result.rows) }] };
  },
);
