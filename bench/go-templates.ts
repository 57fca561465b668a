/**
 * Go tool declarations for the benchmark inputs: go-sdk `&mcp.Tool{...}` literals (with inline
 * annotations, a preset, a local pointer helper, none at all) and mcp-go `NewTool` calls, directly
 * and through a wrapper forwarding `...mcp.ToolOption`; valid and invalid, with handler bodies.
 */
import { GeneratedTool, Intent, Names, Random } from './random';

export function goHeader(index: number): string[] {
  return [
    `// Package bench${index} holds the tools of the generated benchmark server number ${index}.`,
    `package bench${index}`,
    '',
    'import (',
    '\t"context"',
    '\t"fmt"',
    '',
    '\tmcpgo "github.com/mark3labs/mcp-go/mcp"',
    '\t"github.com/modelcontextprotocol/go-sdk/mcp"',
    ')',
    '',
    'func boolPtr(b bool) *bool { return &b }',
    '',
    'var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: boolPtr(false), IdempotentHint: true, OpenWorldHint: boolPtr(false)}',
    '',
    '// MustTool builds an mcp-go tool with its description.',
    'func MustTool(name, description string, options ...mcpgo.ToolOption) mcpgo.Tool {',
    '\treturn mcpgo.NewTool(name, append(options, mcpgo.WithDescription(description))...)',
    '}',
    '',
  ];
}

type Template = (random: Random, names: Names) => string[];

function intentOf(random: Random): Intent {
  return random.pick<Intent>(['read', 'read', 'write', 'delete']);
}

function handler(random: Random, name: string, tool: GeneratedTool): string[] {
  const noun = tool.noun;
  const tag = tool.documented ? ` jsonschema:"the ${noun}'s id"` : '';
  const lines = [`func ${name}(ctx context.Context, req *mcp.CallToolRequest, in ${name}Input) (*mcp.CallToolResult, any, error) {`];
  const steps = 1 + random.int(3);
  for (let step = 0; step < steps; step++) lines.push(`\tstep${step} := fmt.Sprintf("/api/${noun}/%s/${step}", in.ID)`);
  lines.push(`\treturn nil, step${steps - 1}, nil`, '}', '', `type ${name}Input struct {`, `\tID string \`json:"id"${tag}\``, '}', '');
  return lines;
}

function sdkHints(intent: Intent, random: Random): string {
  if (intent === 'read') return random.chance(0.3) ? 'ReadOnlyHint: true, DestructiveHint: boolPtr(true)' : 'ReadOnlyHint: true, OpenWorldHint: boolPtr(false)';
  return `ReadOnlyHint: false, DestructiveHint: boolPtr(${intent === 'delete'}), IdempotentHint: false, OpenWorldHint: boolPtr(true)`;
}

const goSdkTool: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  const annotations = random.chance(0.2) ? 'readOnly' : random.chance(0.15) ? undefined : `&mcp.ToolAnnotations{${sdkHints(intent, random)}}`;
  return [
    `func register${tool.pascal}(server *mcp.Server) {`,
    '\tmcp.AddTool(server, &mcp.Tool{',
    `\t\tName:        "${tool.snake}",`,
    `\t\tDescription: "${tool.pascal} for the ${tool.noun} service.",`,
    ...(annotations ? [`\t\tAnnotations: ${annotations},`] : []),
    `\t}, handle${tool.pascal})`,
    '}',
    '',
    ...handler(random, `handle${tool.pascal}`, tool),
  ];
};

function options(intent: Intent, random: Random): string[] {
  if (intent === 'read') return ['mcpgo.WithReadOnlyHintAnnotation(true)', ...(random.chance(0.5) ? ['mcpgo.WithDestructiveHintAnnotation(false)'] : []), 'mcpgo.WithOpenWorldHintAnnotation(false)'];
  return ['mcpgo.WithReadOnlyHintAnnotation(false)', `mcpgo.WithDestructiveHintAnnotation(${intent === 'delete'})`, 'mcpgo.WithIdempotentHintAnnotation(false)'];
}

const mcpGoTool: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  return [
    `var ${tool.camel}Tool = mcpgo.NewTool("${tool.snake}",`,
    `\tmcpgo.WithDescription("${tool.pascal} for the ${tool.noun} service."),`,
    ...options(intent, random).map((option) => `\t${option},`),
    `\tmcpgo.WithString("${tool.noun}", mcpgo.Required(), mcpgo.Description("The ${tool.noun}")),`,
    ')',
    '',
  ];
};

const wrappedTool: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  return [
    `var ${tool.camel}Wrapped = MustTool("${tool.snake}", "${tool.pascal} through the wrapper.",`,
    ...options(intent, random).map((option) => `\t${option},`),
    ')',
    '',
  ];
};

export const GO_TEMPLATES: readonly Template[] = [goSdkTool, goSdkTool, mcpGoTool, wrappedTool];
