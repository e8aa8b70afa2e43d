// Test helpers: real dsh 0.1.0-rc.8 listener payloads (../shared/data/payloads/dsh) turned back
// into live-looking objects, and a fake agent that records steers.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const BRIDGE = dirname(dirname(fileURLToPath(import.meta.url)))
export const REPO = dirname(BRIDGE)
export const FORWARDED_DIR = join(REPO, 'tests', 'hosts', 'dsh_forwarded')
const SHARED = process.env.STALEGREEN_SHARED || join(dirname(REPO), 'shared')
export const SAMPLES_DIR = join(SHARED, 'data', 'payloads', 'dsh', 'e2e-0.1.0-rc.8')
export const SAMPLE_CWD = '/home/dev/project'

/** The samples forwarded as golden fixtures for the Python suite: file stem -> listener. */
export const FORWARDED_SAMPLES = [
  'tools_pre-execute',
  'tools_pre-execute.deny',
  'tools_post-execute',
  'tools_post-execute.exit3',
  'tools_post-execute.edit',
  'tools_post-execute.after-deny',
  'tools_post-execute.ask-no-approver',
  'agent_turn-stopping',
]

export function samplesPresent() {
  return existsSync(SAMPLES_DIR)
}

export function loadSample(stem) {
  return JSON.parse(readFileSync(join(SAMPLES_DIR, `${stem}.json`), 'utf8'))
}

/** An agent with the members the plugin touches: id, session.header, deriveMessages(), steer(). */
export function fakeAgent({ id = 'session-test', cwd = SAMPLE_CWD, messages = [] } = {}) {
  const agent = {
    id,
    status: 'running',
    steered: [],
    session: {
      header: { version: 0, id, createdAt: Date.now(), cwd },
      deriveMessages: () => agent.messages,
    },
    messages,
    steer(message) {
      agent.steered.push(message)
    },
  }
  return agent
}

export function assistant(text) {
  return { role: 'assistant', content: [{ type: 'text', text }], source: { kind: 'model' } }
}

/** A recorded sample as the live (exec, result) pair dsh hands to the tool listeners. */
export function liveToolCall(sample, agent) {
  const exec = { ...sample.exec, agent, signal: new AbortController().signal }
  return { exec, result: sample.result }
}

/** The agent of a recorded agent/turn-stopping sample, with its real last assistant message. */
export function liveStopAgent(sample, overrides = {}) {
  const header = sample.agent.sessionHeader
  return fakeAgent({ id: header.id, cwd: header.cwd, messages: [sample.agent.lastAssistantMessage], ...overrides })
}
