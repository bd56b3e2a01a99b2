import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Problem } from '../../core/problem.js';
import { SearchBusy } from '../../data/search/thread/search-jobs.js';

/**
 * A tool's answer: the structured content, and the same as JSON in a text
 * block for clients that read only text (as the protocol asks of a tool
 * that returns structured content).
 */
export function toolAnswer(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * A tool error, made from the Problem an HTTP route would answer: its
 * detail, and what the agent can act on (the closest names, the kept
 * versions) in the text and in the structured content, with `more` fields
 * of its own (a get_icons call's misses).
 */
export function toolProblem(problem: Problem, more: Record<string, unknown> = {}): CallToolResult {
  const { status, code, detail, suggestions } = problem;
  const text = suggestions?.length ? `${detail} Did you mean: ${suggestions.join(', ')}?` : detail;
  return {
    isError: true,
    content: [{ type: 'text', text }],
    structuredContent: { status, code, detail, ...(suggestions ? { suggestions } : {}), ...more },
  };
}

/** A search refused because too many wait for the search thread: a tool error to retry, as the HTTP routes answer 503. */
export function busyOr(error: unknown): CallToolResult {
  if (error instanceof SearchBusy) {
    return toolProblem({ status: 503, code: 'search_busy', detail: 'The server has too many searches waiting; call the tool again in a second.' });
  }
  throw error;
}
