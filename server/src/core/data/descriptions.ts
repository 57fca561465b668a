/**
 * What makes a tool description vague (MTL402): too few words, a generic phrase, or the name
 * again. The rule's docs are generated from these lists.
 */

/** Fewer words than this is vague. */
export const MIN_DESCRIPTION_WORDS = 3;

/** Descriptions that say nothing a model can choose by, compared without case or the final period. */
export const GENERIC_DESCRIPTIONS: readonly string[] = [
  'process the data', 'processes the data', 'does stuff', 'do stuff', 'does something', 'do something',
  'handles the request', 'handle the request', 'a tool', 'this tool', 'the tool', 'a useful tool', 'tool description',
  'description', 'no description', 'todo', 'tbd', 'fixme', 'helper', 'helper function', 'utility', 'utility function',
  'performs an action', 'perform an action', 'performs the operation', 'runs the tool', 'calls the api', 'call the api',
  'executes the tool', 'main function', 'test', 'test tool', 'example tool', 'my tool', 'misc',
];

/** Words left out when comparing a description with the tool's name (`Get the weather.` against `get_weather`). */
export const FILLER_WORDS: readonly string[] = ['the', 'a', 'an', 'this', 'tool', 'function', 'to', 'of', 'for'];
