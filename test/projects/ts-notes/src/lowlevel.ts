import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import Redis from "ioredis";
import { readFileSync, writeFileSync } from "node:fs";

const CONFIG = "./config.json";
const s3 = new S3Client({ region: "eu-west-1" });
const redis = new Redis();

const server = new Server({ name: "config", version: "1.0.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: "read_config", description: "Read the configuration.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, openWorldHint: false } },
    { name: "write_config", description: "Replace the configuration.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, openWorldHint: false } },
    { name: "reset_cache", description: "Empty the cache.", inputSchema: { type: "object" }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },
    { name: "upload_report", description: "Upload the usage report.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, openWorldHint: false } },
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  switch (name) {
    case "read_config":
      return { content: [{ type: "text", text: readFileSync(CONFIG, "utf8") }] };
    case "write_config":
      writeFileSync(CONFIG, JSON.stringify(args));
      return { content: [{ type: "text", text: "written" }] };
    case "reset_cache": {
      await redis.flushall();
      return { content: [{ type: "text", text: "reset" }] };
    }
    case "upload_report":
      await s3.send(new PutObjectCommand({ Bucket: "reports", Key: "usage.json", Body: readFileSync("usage.jsonl") }));
      return { content: [{ type: "text", text: "uploaded" }] };
    default:
      throw new Error(`unknown tool ${name}`);
  }
});
