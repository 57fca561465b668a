import { execHelm, execKubectl } from "../exec.js";

export const kubectlScaleSchema = {
  name: "kubectl_scale",
  description: "Set the number of replicas of a deployment.",
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      deployment: { type: "string", description: "The deployment's name." },
      namespace: { type: "string", description: "The deployment's namespace." },
      replicas: { type: "number", description: "How many replicas to run." },
    },
    required: ["deployment", "namespace", "replicas"],
  },
} as const;

export async function kubectlScale(input: { deployment: string; namespace: string; replicas: number }) {
  const output = execKubectl(["scale", `deployment/${input.deployment}`, "-n", input.namespace, `--replicas=${input.replicas}`]);
  return { content: [{ type: "text" as const, text: output }] };
}

export const kubectlDeleteSchema = {
  name: "kubectl_delete",
  description: "Delete a resource by kind and name.",
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      resourceType: { type: "string", description: "The kind of resource." },
      name: { type: "string", description: "The resource's name." },
      namespace: { type: "string", description: "The resource's namespace." },
    },
    required: ["resourceType", "name", "namespace"],
  },
} as const;

export async function kubectlDelete(input: { resourceType: string; name: string; namespace: string }) {
  return { content: [{ type: "text" as const, text: execKubectl(["delete", input.resourceType, input.name, "-n", input.namespace]) }] };
}

export const uninstallChartSchema = {
  name: "uninstall_helm_chart",
  description: "Uninstall a helm release from a namespace.",
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    openWorldHint: false,
  },
  inputSchema: {
    type: "object",
    properties: {
      release: { type: "string", description: "The release's name." },
      namespace: { type: "string", description: "The release's namespace." },
    },
    required: ["release", "namespace"],
  },
} as const;

export async function uninstallChart(input: { release: string; namespace: string }) {
  const uninstallArgs = ["uninstall", input.release, "--namespace", input.namespace];
  return { content: [{ type: "text" as const, text: execHelm(uninstallArgs) }] };
}
