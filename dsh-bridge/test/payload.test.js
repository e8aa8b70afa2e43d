// What the bridge forwards, built from real dsh 0.1.0-rc.8 listener payloads. The results are the
// golden files the Python suite feeds to `stalegreen hook dsh` (tests/hosts/dsh_forwarded/);
// UPDATE_FORWARDED=1 rewrites them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { contentText, lastAssistantText, sessionFacts, stopPayload, toolPayload } from '../lib/payload.js'
import {
  FORWARDED_DIR, FORWARDED_SAMPLES, SAMPLE_CWD, assistant, fakeAgent, liveStopAgent, liveToolCall,
  loadSample, samplesPresent,
} from './helpers.js'

const OPTIONS = {}

function forwardedFor(stem) {
  const sample = loadSample(stem)
  if (sample.event === 'agent/turn-stopping') {
    return { event: 'agent/turn-stopping', payload: stopPayload(liveStopAgent(sample), sample.turn, OPTIONS) }
  }
  const agent = fakeAgent({ id: sample.agentId, cwd: SAMPLE_CWD })
  const { exec, result } = liveToolCall(sample, agent)
  return { event: sample.event, payload: toolPayload(exec, sample.event === 'tools/pre-execute' ? undefined : result, OPTIONS) }
}

test('forwarded payloads from the real samples match the golden files', { skip: !samplesPresent() && 'no shared payloads' }, () => {
  if (process.env.UPDATE_FORWARDED === '1') mkdirSync(FORWARDED_DIR, { recursive: true })
  for (const stem of FORWARDED_SAMPLES) {
    const built = forwardedFor(stem)
    const file = join(FORWARDED_DIR, `${stem}.json`)
    if (process.env.UPDATE_FORWARDED === '1') writeFileSync(file, JSON.stringify(built, null, 2) + '\n')
    assert.deepEqual(built, JSON.parse(readFileSync(file, 'utf8')), stem)
  }
})

test('a bash result keeps the exit code and the text, never stdout bodies', { skip: !samplesPresent() && 'no shared payloads' }, () => {
  const { payload } = forwardedFor('tools_post-execute.exit3')
  assert.equal(payload.tool, 'bash')
  assert.equal(payload.arguments.command, 'echo 1 failed; exit 3')
  assert.deepEqual(payload.result, {
    isError: false,
    text: '1 failed\n[exit code: 3]',
    error: null,
    value: { kind: 'foreground', exitCode: 3, signal: null, timedOut: false, aborted: false },
  })
  assert.equal(payload.session, loadSample('tools_post-execute.exit3').agentId)
  assert.equal(payload.cwd, SAMPLE_CWD)
})

test('only scalar facts of the value travel, plus a sandbox refusal', () => {
  const agent = fakeAgent()
  const exec = { callId: 'c', name: 'bash', arguments: { command: 'pytest' }, agent }
  const result = { isError: false, content: [{ type: 'text', text: 'x\n[exit code: 1]' }],
    value: { kind: 'foreground', exitCode: 1, signal: null, timedOut: false, aborted: false, timeoutMs: 60000,
      stdout: { text: 'x', truncated: false }, sandbox: { mode: 'read-only', denied: true, enforcement: 'full' } } }
  assert.deepEqual(toolPayload(exec, result, {}).result.value,
    { kind: 'foreground', exitCode: 1, signal: null, timedOut: false, aborted: false, sandboxDenied: true })
})

test('a denied call is forwarded as an error without a value', { skip: !samplesPresent() && 'no shared payloads' }, () => {
  const { payload } = forwardedFor('tools_post-execute.after-deny')
  assert.equal(payload.result.isError, true)
  assert.equal(payload.result.value, null)
  assert.equal(payload.result.error, 'probe: command contains FORBIDDEN')
})

test('the stop payload carries the last assistant text and the turn', { skip: !samplesPresent() && 'no shared payloads' }, () => {
  const { payload } = forwardedFor('agent_turn-stopping')
  assert.equal(payload.message, 'All tests pass.')
  assert.equal(payload.turn, 1)
  assert.equal(payload.agent, null)
})

test('session facts: header first, a subagent is named, cwd falls back to the process', () => {
  assert.deepEqual(sessionFacts(fakeAgent({ id: 's-1', cwd: '/w' })), { session: 's-1', agent: null, cwd: '/w' })
  const sub = fakeAgent({ id: 's-1', cwd: '/w' })
  sub.id = 'sub-7'
  assert.deepEqual(sessionFacts(sub), { session: 's-1', agent: 'sub-7', cwd: '/w' })
  assert.deepEqual(sessionFacts(undefined), { session: 'dsh-unknown', agent: null, cwd: process.cwd() })
})

test('the last assistant message with text wins; tool-call-only messages are skipped', () => {
  const agent = fakeAgent({
    messages: [assistant('First.'), { role: 'user', content: [{ type: 'text', text: 'go on' }] },
      assistant('All 3 tests pass.'), { role: 'assistant', content: [{ type: 'tool-call', name: 'bash' }] }],
  })
  assert.equal(lastAssistantText(agent), 'All 3 tests pass.')
  assert.equal(contentText([{ type: 'text', text: 'a' }, { type: 'image' }, { type: 'text', text: 'b' }]), 'a\nb')
  assert.equal(contentText('plain'), 'plain')
})
