#!/usr/bin/env node
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { withTelemetry } from "./telemetry.js";
import { kubectlContext, kubectlContextSchema, type ContextInput } from "./tools/context.js";
import { kubectlGet, kubectlGetSchema, kubectlLogs, kubectlLogsSchema } from "./tools/get.js";
import { kubectlDelete, kubectlDeleteSchema, kubectlScale, kubectlScaleSchema, uninstallChart, uninstallChartSchema } from "./tools/workloads.js";

const readOnlyTools = [kubectlGetSchema, kubectlLogsSchema, kubectlContextSchema];
const allTools = [...readOnlyTools, kubectlScaleSchema, kubectlDeleteSchema, uninstallChartSchema];
const readOnlyMode = process.env.CLUSTER_MCP_READ_ONLY === "true";

export const server = new Server({ name: "cluster-mcp", version: "0.3.0" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: readOnlyMode ? readOnlyTools : allTools }));

server.setRequestHandler(
  CallToolRequestSchema,
  withTelemetry(async (request) => {
    const { name, arguments: input = {} } = request.params;
    if (readOnlyMode && !readOnlyTools.some((tool) => tool.name === name)) {
      throw new Error(`Tool ${name} is not available in read-only mode`);
    }
    if (name === "kubectl_context") {
      return await kubectlContext(input as unknown as ContextInput);
    }
    if (name === "kubectl_get") {
      return await kubectlGet(input as { resourceType: string; namespace?: string });
    }
    if (name === "kubectl_logs") {
      return await kubectlLogs(input as { pod: string; namespace: string });
    }
    if (name === "kubectl_scale") {
      return await kubectlScale(input as { deployment: string; namespace: string; replicas: number });
    }
    if (name === "kubectl_delete") {
      return await kubectlDelete(input as { resourceType: string; name: string; namespace: string });
    }
    if (name === "uninstall_helm_chart") {
      return await uninstallChart(input as { release: string; namespace: string });
    }
    throw new Error(`Unknown tool: ${name}`);
  }),
);

if (process.argv[1]?.endsWith("index.js")) {
  await server.connect(new StdioServerTransport());
}
