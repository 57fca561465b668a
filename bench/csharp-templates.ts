/**
 * C# tool declarations for the benchmark inputs: tool types whose methods carry
 * `[McpServerTool(...)]` and `[Description]` (hints spelled out, partly, contradicting, or none) and
 * Azure MCP command classes with `[CommandMetadata(...)]`, with method bodies.
 */
import { Intent, Names, Random } from './random';

export function csharpHeader(index: number): string[] {
  return [
    `// Tools of the generated benchmark server number ${index}.`,
    'using System.ComponentModel;',
    'using ModelContextProtocol.Server;',
    '',
    `namespace Bench${index}.Tools;`,
    '',
  ];
}

type Template = (random: Random, names: Names) => string[];

function intentOf(random: Random): Intent {
  return random.pick<Intent>(['read', 'read', 'write', 'delete']);
}

function hints(intent: Intent, random: Random): string {
  if (intent === 'read') return random.chance(0.3) ? 'ReadOnly = true, Destructive = true' : 'ReadOnly = true, OpenWorld = false';
  return `ReadOnly = false, Destructive = ${intent === 'delete'}, Idempotent = false, OpenWorld = true`;
}

function body(random: Random, noun: string): string[] {
  const lines = ['    {'];
  const steps = 1 + random.int(3);
  for (let step = 0; step < steps; step++) lines.push(`        var step${step} = $"/api/${noun}/{id}/${step}";`);
  lines.push(`        return step${steps - 1};`, '    }');
  return lines;
}

const toolType: Template = (random, names) => {
  const lines = ['[McpServerToolType]', `public static class Tools${random.int(1_000_000)}`, '{'];
  const count = 1 + random.int(3);
  for (let index = 0; index < count; index++) {
    const intent = intentOf(random);
    const tool = names.tool(intent);
    const attribute = random.chance(0.15) ? '[McpServerTool]' : `[McpServerTool(Name = "${tool.snake}", ${hints(intent, random)})]`;
    lines.push(`    ${attribute}`, `    [Description("${tool.pascal} for the ${tool.noun} service.")]`, `    public static string ${tool.pascal}([Description("The ${tool.noun}")] string id)`, ...body(random, tool.noun).map((line) => `    ${line}`), '');
  }
  lines.push('}', '');
  return lines;
};

const command: Template = (random, names) => {
  const intent = intentOf(random);
  const tool = names.tool(intent);
  return [
    `[CommandMetadata(Id = "${tool.snake}", Name = "${tool.snake}", Title = "${tool.pascal}", ${hints(intent, random)}, Secret = false)]`,
    `public sealed class ${tool.pascal}Command : BaseCommand`,
    '{',
    `    public override string Description => "${tool.pascal} for the ${tool.noun} service.";`,
    '',
    '    public string Run(string id)',
    ...body(random, tool.noun).map((line) => `    ${line}`),
    '}',
    '',
  ];
};

export const CSHARP_TEMPLATES: readonly Template[] = [toolType, toolType, command];
