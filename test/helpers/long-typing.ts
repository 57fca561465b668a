/**
 * The long typing checks of incremental analysis, one per language and profile: a generated file
 * edited by a long random sequence (or typed into as the server parses it), every state compared
 * with a fresh full analysis. `npm test` runs each language's recommended profile (test/unit/), and
 * `npm run test:slow` the strict ones (test/slow/long-typing.test.ts): the same code, more rules.
 */
import assert from 'node:assert/strict';
import { generateCSharp, generateGo, generatePython, generateScript } from '../../bench/generate';
import { Random } from '../../bench/random';
import { AnalysisOptions, analyzeText } from '../../server/src/core/analyze';
import { EFFECTS_NOT_READ } from '../../server/src/core/effects/tool-effects';
import { IncrementalAnalyzer } from '../../server/src/core/incremental/analyzer';
import { IncrementalCSharpAnalyzer } from '../../server/src/core/incremental/csharp';
import { IncrementalGoAnalyzer } from '../../server/src/core/incremental/go';
import { IncrementalScriptAnalyzer } from '../../server/src/core/incremental/typescript';
import { GrammarId } from '../../server/src/core/parse/parser';
import { ProfileName } from '../../server/src/core/rules/rule';
import { checkTyping, RegionOutcome } from './broken-regions';
import { assertSameSnapshot, EditedDocument, randomEdit, RandomEditOptions, snapshot, undoEdit } from './document-edits';
import { runSeed, scaledMinimum } from './run-length';

// TypeScript and JavaScript (core/incremental/typescript.ts).

/** Statements pasted whole: a tool, a preset, a const tool object and the call that registers it, a rival binding. */
export const SCRIPT_PASTES = [
  'server.registerTool("pasted_tool", { description: "Pasted.", annotations: { readOnlyHint: true } }, handler);\n',
  'const PASTED_TOOL = { name: "pasted_object", description: "Pasted.", annotations: { readOnlyHint: true, destructiveHint: true } };\n',
  'fast.addTool(PASTED_TOOL);\n',
  'const READ_ONLY = { readOnlyHint: false };\n',
  'import { McpServer as Other } from "@modelcontextprotocol/sdk/server/mcp.js";\n',
  'export const tools = [{ name: "listed", description: "Listed.", inputSchema: { type: "object" }, annotations: PASTED_TOOL.annotations }];\n',
  'function helper(READ_ONLY) { return READ_ONLY; }\n',
];

export const SCRIPT_EDITS: RandomEditOptions = {
  pastes: SCRIPT_PASTES,
  characters: 'abcxyz_ ()[]{},"\'`=:;.',
  pasteWeight: 2,
  // One edit in six lands in the header (imports, the server, the presets), whose names the rest reads.
  line: (random, count) => (random.chance(1 / 6) ? random.int(Math.min(16, count)) : random.int(count)),
};

export interface ScriptCase {
  grammar: GrammarId;
  file: string;
  profile: ProfileName;
  seed: number;
}

/** 200 random edits (or `steps`) of a generated TS/JS file; the imports, a preset and a const tool object among them. */
export function scriptRandomEdits({ grammar, file, profile, seed }: ScriptCase, steps = 200): void {
  const random = new Random(runSeed(seed));
  const options = { profile };
  const edited = new EditedDocument(grammar, generateScript(250, seed, grammar !== 'javascript'), `file:///${file}`);
  const incremental = new IncrementalScriptAnalyzer();
  let reused = 0;
  // Edits to a file whose tree is a program before and after (not a broken file with an ERROR root, read in full).
  let eligible = 0;
  let previousText = edited.text;
  try {
    const first = incremental.analyze(grammar, edited.tree, edited.text, options);
    assertSameSnapshot(snapshot(first), snapshot(analyzeText(edited.text, file, { ...options, effects: EFFECTS_NOT_READ })), 'first analysis');
    assert.ok(first.declarations.length >= 10, 'the generated file declares tools');
    for (let step = 0; step < steps; step++) {
      // Half the edits are undone right away (a typo and its fix), the others stay and pile up.
      const edit = step % 2 === 1 && random.chance(0.5) ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, SCRIPT_EDITS);
      previousText = edited.text;
      const wasProgram = edited.tree.rootNode.type !== 'ERROR';
      edited.apply(edit);
      if (wasProgram && edited.tree.rootNode.type !== 'ERROR') eligible++;
      const result = incremental.analyze(grammar, edited.tree, edited.text, options);
      if (incremental.lastMode === 'incremental') reused++;
      const expected = analyzeText(edited.text, file, { ...options, effects: EFFECTS_NOT_READ });
      assertSameSnapshot(snapshot(result), snapshot(expected), `after edit ${step} (${JSON.stringify(edit)}), ${incremental.lastMode}`);
    }
  } finally {
    edited.delete();
  }
  // Nearly every edit of a file that parses as a program must take the incremental path, or this test would prove little.
  assert.ok(eligible >= scaledMinimum(60, steps, 200), `only ${eligible} of ${steps} edits left a file that parses as a program`);
  assert.ok(reused >= eligible * 0.9, `only ${reused} of ${eligible} edits were analysed incrementally`);
}

// Python (core/incremental/analyzer.ts).

/** Edits as an author makes them, with a decorated tool pasted whole. */
export const PYTHON_EDITS = {
  pastes: ['@mcp.tool(annotations={"readOnlyHint": True})\ndef pasted_tool() -> None:\n    """Pasted."""\n\n\n'],
  characters: 'abcxyz_ ()[],"=:#.',
};

/** 200 random edits (or `steps`) of a generated Python file, every twentieth kept. */
export function pythonRandomEdits(profile: ProfileName, steps = 200): void {
  const random = new Random(runSeed(profile === 'strict' ? 11 : 5));
  const options = { profile };
  const edited = new EditedDocument('python', generatePython(250, profile === 'strict' ? 3 : 2));
  const incremental = new IncrementalAnalyzer();
  let reused = 0;
  let previousText = edited.text;
  try {
    incremental.analyze('python', edited.tree, edited.text, options);
    for (let step = 0; step < steps; step++) {
      // Edits are undone right away (a typo and its fix), but every twentieth stays and they pile up slowly.
      // With broken code outside the edited statements the analysis is a full one (the fixture test below covers those).
      const edit = step % 2 === 1 && step % 40 !== 39 ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, PYTHON_EDITS);
      previousText = edited.text;
      edited.apply(edit);
      const result = incremental.analyze('python', edited.tree, edited.text, options);
      if (incremental.lastMode !== 'full') reused++;
      // The keystroke path reads no effects (the server's second publish does): the full analysis it equals reads none either.
      const expected = analyzeText(edited.text, 'bench.py', { ...options, effects: EFFECTS_NOT_READ });
      assert.equal(snapshot(result), snapshot(expected), `after edit ${step} (${JSON.stringify(edit)})`);
    }
  } finally {
    edited.delete();
  }
  // Many edits must take the incremental path, or this test would prove nothing.
  assert.ok(reused >= scaledMinimum(30, steps, 200), `only ${reused} of ${steps} edits were analysed incrementally`);
}

/** A 2,000-line file's first analysis in steps, then 60 edits (or `edits`) analysed as usual (core/incremental/analyzer.ts firstAnalysisInSteps). */
export function firstAnalysisThenEdits(profile: ProfileName, edits = 60): void {
  const options: AnalysisOptions = { profile };
  const edited = new EditedDocument('python', generatePython(2_000, profile === 'strict' ? 6 : 5));
  const incremental = new IncrementalAnalyzer();
  try {
    const steps = incremental.firstAnalysisInSteps('python', edited.tree, edited.text, options);
    assert.ok(steps, 'a clean tree is analysed in steps');
    let count = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) count++;
    assert.ok(count >= 5, `only ${count} steps`);
    assertSameSnapshot(snapshot(step.value), snapshot(analyzeText(edited.text, 'bench.py', { ...options, effects: EFFECTS_NOT_READ })), 'the result of the steps');
    // Analysed once with these options, the document is not analysed in steps again.
    assert.equal(incremental.firstAnalysisInSteps('python', edited.tree, edited.text, options), undefined);
    const random = new Random(runSeed(profile === 'strict' ? 9 : 8));
    let previousText = edited.text;
    let incrementally = 0;
    for (let index = 0; index < edits; index++) {
      const edit = index % 2 === 1 ? undoEdit(edited.document, previousText) : randomEdit(random, edited.document, PYTHON_EDITS);
      previousText = edited.text;
      edited.apply(edit);
      const result = incremental.analyze('python', edited.tree, edited.text, options);
      if (incremental.lastMode !== 'full') incrementally++;
      assertSameSnapshot(snapshot(result), snapshot(analyzeText(edited.text, 'bench.py', { ...options, effects: EFFECTS_NOT_READ })), `after edit ${index} (${JSON.stringify(edit)})`);
    }
    assert.ok(incrementally >= scaledMinimum(20, edits, 60), `only ${incrementally} of ${edits} edits were analysed incrementally`);
  } finally {
    edited.delete();
  }
}

// C# (core/incremental/csharp.ts).

export const CSHARP_EDITS: RandomEditOptions = {
  pastes: [
    '[McpServerToolType]\npublic static class Pasted\n{\n    [McpServerTool(Name = "pasted", ReadOnly = true, Destructive = true)]\n    public static string Pasted() => "";\n}\n',
    '[CommandMetadata(Name = "pasted_command", ReadOnly = true)]\npublic sealed class PastedCommand : BaseCommand { }\n',
    'using ModelContextProtocol.Server;\n',
  ],
  characters: 'abcxyz_ ()[]{},"=;.\n',
  pasteWeight: 2,
};

/** 200 typed edits (or `steps`) of a generated C# file, as the server parses it. */
export function csharpTyping(profile: ProfileName, seed: number, steps = 200): void {
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0 };
  const text = generateCSharp(300, seed);
  assert.ok(analyzeText(text, 'Bench.cs')!.declarations.length >= 15, 'the generated file declares tools');
  checkTyping({ name: `generated C# (${profile})`, grammar: 'csharp', file: 'Bench.cs', text, random: new Random(runSeed(seed)), steps, undo: 0.5, edits: CSHARP_EDITS, options: { profile }, analyzer: () => new IncrementalCSharpAnalyzer() }, outcome);
  assert.ok(outcome.regions + (outcome.cleanRegions ?? 0) + (outcome.undone ?? 0) >= 3, `only ${JSON.stringify(outcome)}: the typing made no regions and undid nothing`);
}

// Go (core/incremental/go.ts).

export const GO_EDITS: RandomEditOptions = {
  pastes: [
    'var pastedTool = mcpgo.NewTool("pasted_tool", mcpgo.WithReadOnlyHintAnnotation(true))\n',
    'var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: boolPtr(true)}\n',
    'func boolPtr(b bool) *bool { return nil }\n',
    'func MustTool(name string, options ...mcpgo.ToolOption) mcpgo.Tool { return mcpgo.NewTool(name, options...) }\n',
    'import other "github.com/mark3labs/mcp-go/mcp"\n',
    'var listed = &mcp.Tool{Name: "listed", Annotations: readOnly}\n',
  ],
  characters: 'abcxyz_ ()[]{},"`=:;.&*\n',
  pasteWeight: 2,
  // One edit in six lands in the header (imports, the helper, the preset, the wrapper), whose names the rest reads.
  line: (random, count) => (random.chance(1 / 6) ? random.int(Math.min(20, count)) : random.int(count)),
};

/** 200 typed edits (or `steps`) of a generated Go file, as the server parses it; the imports, a preset, a pointer helper and the wrapper among them. */
export function goTyping(profile: ProfileName, seed: number, steps = 200): void {
  const outcome: RegionOutcome = { regions: 0, regionAnalyses: 0 };
  const text = generateGo(300, seed);
  assert.ok(analyzeText(text, 'bench.go')!.declarations.length >= 15, 'the generated file declares tools');
  checkTyping({ name: `generated go (${profile})`, grammar: 'go', file: 'bench.go', text, random: new Random(runSeed(seed)), steps, undo: 0.5, edits: GO_EDITS, options: { profile }, analyzer: () => new IncrementalGoAnalyzer() }, outcome);
  assert.ok(outcome.regions + (outcome.cleanRegions ?? 0) >= 3, `only ${JSON.stringify(outcome)}: the typing made no regions to read`);
}
