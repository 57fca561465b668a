import { execKubectl } from "../exec.js";

export const kubectlGetSchema = {
  name: "kubectl_get",
  description: "Get resources of a kind, in one namespace or all, as JSON.",
  annotations: {
    readOnlyHint: true,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      resourceType: { type: "string", description: "The kind of resource, e.g. pods or deployments." },
      namespace: { type: "string", description: "The namespace; all namespaces when left out." },
    },
    required: ["resourceType"],
  },
} as const;

export async function kubectlGet(input: { resourceType: string; namespace?: string }) {
  const args = ["get", input.resourceType, "-o", "json"];
  args.push(...(input.namespace ? ["-n", input.namespace] : ["--all-namespaces"]));
  return { content: [{ type: "text" as const, text: execKubectl(args) }] };
}

export const kubectlLogsSchema = {
  name: "kubectl_logs",
  description: "Read the last lines of a pod's logs.",
  annotations: {
    readOnlyHint: true,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      pod: { type: "string", description: "The pod's name." },
      namespace: { type: "string", description: "The pod's namespace." },
    },
    required: ["pod", "namespace"],
  },
} as const;

export async function kubectlLogs(input: { pod: string; namespace: string }) {
  return { content: [{ type: "text" as const, text: execKubectl(["logs", input.pod, "-n", input.namespace, "--tail", "200"]) }] };
}
