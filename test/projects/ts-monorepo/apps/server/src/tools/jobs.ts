import { z } from "zod";
import { destructive, readOnly } from "@repo/common";
import { server } from "../server.js";
import { cacheWrite } from "@/tools/presets";

server.registerTool(
  "list_jobs",
  { description: "List the scheduled jobs.", inputSchema: {}, annotations: readOnly },
  async () => ({ content: [{ type: "text", text: "[]" }] }),
);

server.registerTool(
  "purge_jobs",
  { description: "Delete every finished job.", inputSchema: { before: z.string().describe("An ISO date: jobs finished before it go.") }, annotations: destructive },
  async () => ({ content: [{ type: "text", text: "purged" }] }),
);

server.registerTool(
  "warm_cache",
  { description: "Fill the job cache.", inputSchema: {}, annotations: cacheWrite },
  async () => ({ content: [{ type: "text", text: "warm" }] }),
);
