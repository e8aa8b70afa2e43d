// What the bridge forwards: small, plain JSON read from dsh's live objects.
// The format is documented in the Python side's host module (stalegreen/hosts/dsh/__init__.py).

export const SHELL_TOOLS = new Set(['bash', 'Bash', 'pwsh', 'shell'])
export const EDIT_TOOLS = new Set(['edit', 'write', 'str_replace_editor', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit'])
export const BACKGROUND_OUTPUT_TOOLS = new Set(['job_output'])

// Scalar fields of a tool result's `value` worth forwarding (never stdout/stderr bodies or file contents).
const VALUE_FIELDS = ['kind', 'exitCode', 'signal', 'timedOut', 'aborted', 'jobId', 'job_id', 'id', 'status']

/** Session id, subagent id and cwd of the agent behind an event. */
export function sessionFacts(agent) {
  const header = agent?.session?.header
  const session = stringOr(header?.id, stringOr(agent?.id, 'dsh-unknown'))
  const agentId = typeof agent?.id === 'string' && typeof header?.id === 'string' && agent.id !== header.id ? agent.id : null
  return { session, agent: agentId, cwd: stringOr(header?.cwd, process.cwd()) }
}

/** The forwarded payload for `tools/pre-execute` (result undefined) and `tools/post-execute`. */
export function toolPayload(exec, result, options) {
  const payload = {
    ...sessionFacts(exec?.agent),
    tool: stringOr(exec?.name, ''),
    callId: stringOr(exec?.callId, null),
    arguments: plainCopy(exec?.arguments) ?? {},
    options,
  }
  if (result !== undefined) payload.result = resultFacts(result)
  return payload
}

/** The forwarded payload for `agent/turn-stopping`. */
export function stopPayload(agent, turn, options) {
  return {
    ...sessionFacts(agent),
    turn: typeof turn === 'number' || typeof turn === 'string' ? turn : null,
    message: lastAssistantText(agent),
    options,
  }
}

export function resultFacts(result) {
  return {
    isError: result?.isError === true,
    text: contentText(result?.content),
    error: stringOr(result?.error?.message, null),
    value: valueFacts(result?.value),
  }
}

function valueFacts(value) {
  if (value === null || typeof value !== 'object') return null
  const facts = {}
  for (const key of VALUE_FIELDS) {
    const field = value[key]
    if (field === null || ['string', 'number', 'boolean'].includes(typeof field)) facts[key] = field
  }
  // The sandbox refused a file operation: the run says nothing about the code.
  if (value.sandbox?.denied === true) facts.sandboxDenied = true
  return facts
}

/** The text blocks of a message or tool result, joined by newlines. */
export function contentText(content) {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .filter((block) => block && block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text)
    .join('\n')
}

/** The text of the last assistant message that has any, from the session's derived messages. */
export function lastAssistantText(agent) {
  const messages = agent?.session?.deriveMessages?.() ?? []
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role !== 'assistant') continue
    const text = contentText(message.content)
    if (text.trim()) return text
  }
  return ''
}

function stringOr(value, fallback) {
  return typeof value === 'string' && value !== '' ? value : fallback
}

function plainCopy(value) {
  if (value === undefined || value === null) return null
  try {
    return JSON.parse(JSON.stringify(value))
  } catch {
    return null
  }
}
