// The plugin hosted in the real @deepseek-ai/cordis, with events emitted by hand in dsh 0.1.0-rc.8's
// shapes, talking to the real stalegreen executable (python3 -m stalegreen) and a temporary store.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import * as StalegreenPlugin from '../lib/index.js'
import { REPO, assistant, fakeAgent } from './helpers.js'

const PYTHON = process.env.STALEGREEN_PYTHON || 'python3'
const EXECUTABLE = [PYTHON, '-m', 'stalegreen']
process.env.PYTHONPATH = [REPO, process.env.PYTHONPATH].filter(Boolean).join(':')

const CALC = 'def add(a, b):\n    return a + b\n'
const TESTS = 'from calc import add\n\n\ndef test_one():\n    assert add(1, 1) == 2\n\n\n' +
  'def test_two():\n    assert add(2, 2) == 4\n\n\ndef test_three():\n    assert add(0, 0) == 0\n'
const PYTEST = `${PYTHON} -m pytest -q -p no:cacheprovider`

function git(cwd, ...args) {
  const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' })
  assert.equal(run.status, 0, run.stderr)
}

/** A git repo with calc.py and three passing pytest tests, and an empty store beside it. */
function project() {
  const base = mkdtempSync(join(tmpdir(), 'sg-dsh-'))
  const dir = join(base, 'project')
  mkdirSync(dir)
  writeFileSync(join(dir, 'calc.py'), CALC)
  writeFileSync(join(dir, 'test_calc.py'), TESTS)
  writeFileSync(join(dir, '.gitignore'), '__pycache__/\n')
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'init')
  return { dir, home: join(base, 'store') }
}

/** Load the plugin into a fresh Cordis context; collect what it logs. */
async function host(config) {
  config = { timeoutMs: 30_000, ...config }   // a slow machine must not turn into "allow" here
  const ctx = new Context()
  const logs = []
  ctx.logger.exporter({ levels: { default: 3 }, export: (message) => logs.push(message) })
  await ctx.plugin(StalegreenPlugin, config)
  const warnings = () => logs.filter((m) => m.type === 'warn').map((m) => m.args.slice(1).join(' '))
  return { ctx, warnings, close: () => ctx.fiber.dispose() }
}

/** Run a command with bash in the project and report it the way dsh's bash tool does. */
function bashCall(agent, command, callId) {
  const run = spawnSync('bash', ['-c', command], { cwd: agent.session.header.cwd, encoding: 'utf8' })
  let text = run.stdout
  if (run.stderr) text += (text && !text.endsWith('\n') ? '\n' : '') + `[stderr]\n${run.stderr}`
  if (!text) text = '(no output)'
  if (run.status !== 0) text += (text.endsWith('\n') ? '' : '\n') + `[exit code: ${run.status}]`
  const exec = { callId, rootCallId: callId, name: 'bash', arguments: { command, description: 'run it' }, agent, signal: new AbortController().signal }
  const result = Object.freeze({
    isError: false,
    content: Object.freeze([Object.freeze({ type: 'text', text })]),
    value: { kind: 'foreground', exitCode: run.status, signal: null, timedOut: false, aborted: false, timeoutMs: 60000,
      stdout: { text: run.stdout, truncated: false }, stderr: { text: run.stderr, truncated: false } },
  })
  return { exec, result }
}

/** Change a file on disk and report it the way dsh's edit tool does. */
function editCall(agent, file, before, after, callId) {
  const path = join(agent.session.header.cwd, file)
  writeFileSync(path, readFileSync(path, 'utf8').replace(before, after))
  const exec = { callId, rootCallId: callId, name: 'edit', arguments: { file_path: file, old_string: before, new_string: after }, agent, signal: new AbortController().signal }
  const result = { isError: false, content: [{ type: 'text', text: `The file ${path} has been updated successfully.` }], value: { path } }
  return { exec, result }
}

const allow = async () => ({ kind: 'allow' })
const accept = async () => ({ kind: 'accept' })

async function preExecute(ctx, exec) {
  return ctx.waterfall('tools/pre-execute', exec, allow)
}

async function postExecute(ctx, { exec, result }) {
  return ctx.waterfall('tools/post-execute', exec, result, accept)
}

async function stop(ctx, agent, turn, text) {
  agent.messages.push(assistant(text))
  await ctx.serial('agent/turn-stopping', { agent, turn, signal: new AbortController().signal })
}

function records(home, session, kind) {
  const file = join(home, 'sessions', session, `${kind}.jsonl`)
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line))
}

test('tests pass then claim: a receipt, no steer; edit then claim: one steer citing it, once per turn', async () => {
  const { dir, home } = project()
  const { ctx, warnings, close } = await host({ home, executable: EXECUTABLE })
  const agent = fakeAgent({ id: 'session-pass', cwd: dir })
  try {
    const run = bashCall(agent, PYTEST, 'call_1')
    assert.deepEqual(await preExecute(ctx, run.exec), { kind: 'allow' })
    assert.deepEqual(await postExecute(ctx, run), { kind: 'accept' })
    const [receipt] = records(home, 'session-pass', 'receipts')
    assert.equal(receipt.verdict, 'pass')
    assert.equal(receipt.counts.passed, 3)
    assert.equal(receipt.harness, 'dsh')

    await stop(ctx, agent, 1, 'All 3 tests pass.')
    assert.equal(agent.steered.length, 0)

    assert.deepEqual(await postExecute(ctx, editCall(agent, 'calc.py', 'a + b', 'b + a', 'call_2')), { kind: 'accept' })
    const edits = records(home, 'session-pass', 'edits')
    assert.equal(edits.length, 1)
    assert.equal(edits[0].path, join(dir, 'calc.py'))

    await stop(ctx, agent, 2, 'Done. All tests pass.')
    assert.equal(agent.steered.length, 1)
    const steer = agent.steered[0]
    assert.equal(steer.role, 'user')
    assert.deepEqual(steer.source, { kind: 'stalegreen' })
    assert.ok(Object.isFrozen(steer) && Object.isFrozen(steer.content))
    assert.match(steer.content[0].text, new RegExp(`${receipt.id}\\b`))
    assert.match(steer.content[0].text, /stale/)

    await stop(ctx, agent, 2, 'All tests pass.')   // the same turn stops again: never a second steer
    assert.equal(agent.steered.length, 1)
    assert.deepEqual(warnings(), [])
  } finally {
    await close()
  }
})

test('a failing run then a claim steers once; advisory records the verdict and never steers', async () => {
  for (const policy of ['block', 'advisory']) {
    const { dir, home } = project()
    writeFileSync(join(dir, 'calc.py'), 'def add(a, b):\n    return a - b\n')
    const { ctx, close } = await host({ home, executable: EXECUTABLE, policy })
    const agent = fakeAgent({ id: `session-fail-${policy}`, cwd: dir })
    try {
      const run = bashCall(agent, PYTEST, 'call_1')
      assert.notEqual(run.result.value.exitCode, 0)
      await preExecute(ctx, run.exec)
      await postExecute(ctx, run)
      const [receipt] = records(home, agent.id, 'receipts')
      assert.equal(receipt.verdict, 'fail')
      await stop(ctx, agent, 1, 'All tests pass now.')
      const [verdict] = records(home, agent.id, 'verdicts')
      assert.equal(verdict.verdicts[0].verdict, 'FAILED')
      if (policy === 'block') {
        assert.equal(agent.steered.length, 1)
        assert.match(agent.steered[0].content[0].text, new RegExp(receipt.id))
      } else {
        assert.equal(agent.steered.length, 0)   // the verdict is recorded, the agent is never held
      }
    } finally {
      await close()
    }
  }
})

test('a masked verification command is denied only in strict mode, with the rerun instruction', async () => {
  const masked = `${PYTEST} | tail -5`
  const cases = [
    { options: { mode: 'strict' }, file: null, denied: true },
    { options: { mode: 'rewrite' }, file: null, denied: false },
    { options: { mode: 'off' }, file: null, denied: false },
    { options: {}, file: null, denied: false },
    { options: {}, file: { mode: 'strict' }, denied: true },          // unset option: the config file decides
    { options: { mode: 'rewrite' }, file: { mode: 'strict' }, denied: false },   // a set option wins
  ]
  for (const { options, file, denied } of cases) {
    const { dir, home } = project()
    if (file) {
      mkdirSync(home, { recursive: true })
      writeFileSync(join(home, 'config.json'), JSON.stringify(file))
    }
    const { ctx, close } = await host({ home, executable: EXECUTABLE, ...options })
    const agent = fakeAgent({ id: 'session-mask', cwd: dir })
    try {
      const exec = bashCall(agent, 'true', 'call_1').exec
      exec.arguments = { command: masked, description: 'run the tests' }
      const decision = await preExecute(ctx, exec)
      const label = JSON.stringify({ options, file })
      if (denied) {
        assert.equal(decision.kind, 'deny', label)
        assert.match(decision.reason, /without the pipe/, label)
      } else {
        assert.deepEqual(decision, { kind: 'allow' }, label)
      }
      const plain = bashCall(agent, 'true', 'call_2').exec
      plain.arguments = { command: PYTEST, description: 'run the tests' }
      assert.deepEqual(await preExecute(ctx, plain), { kind: 'allow' }, label)
    } finally {
      await close()
    }
  }
})

test('a dead or missing executable fails open and says so in the log', async () => {
  for (const executable of ['/nonexistent/stalegreen', undefined]) {
    const { dir, home } = project()
    const agent = fakeAgent({ id: 'session-dead', cwd: dir })
    const run = bashCall(agent, 'echo 3 passed', 'call_1')
    run.exec.arguments.command = 'pytest | tail -5'
    const savedPath = process.env.PATH
    if (executable === undefined) process.env.PATH = '/nonexistent-bin'   // no installed copy, none on PATH
    const { ctx, warnings, close } = await host({ home, executable, mode: 'strict', timeoutMs: 2000 })
    try {
      assert.deepEqual(await preExecute(ctx, run.exec), { kind: 'allow' })
      assert.deepEqual(await postExecute(ctx, run), { kind: 'accept' })
      await stop(ctx, agent, 1, 'All tests pass.')
      assert.equal(agent.steered.length, 0)
      assert.ok(warnings().some((w) => /ENOENT|no stalegreen executable/.test(w)), warnings().join('\n'))
    } finally {
      process.env.PATH = savedPath
      await close()
    }
  }
})

test('a missing executable is said once on stderr, where dsh shows it, not on every event', async () => {
  const { dir, home } = project()
  const agent = fakeAgent({ id: 'session-missing', cwd: dir })
  const savedPath = process.env.PATH
  const savedWrite = process.stderr.write
  const written = []
  process.env.PATH = '/nonexistent-bin'
  process.stderr.write = (chunk, ...rest) => { written.push(String(chunk)); return true }
  const { ctx, close } = await host({ home, timeoutMs: 2000 })
  try {
    for (const id of ['call_1', 'call_2', 'call_3']) {
      const run = bashCall(agent, 'echo 3 passed', id)
      assert.deepEqual(await preExecute(ctx, run.exec), { kind: 'allow' })
      assert.deepEqual(await postExecute(ctx, run), { kind: 'accept' })
    }
    await stop(ctx, agent, 1, 'All tests pass.')
  } finally {
    process.stderr.write = savedWrite
    process.env.PATH = savedPath
    await close()
  }
  const ours = written.filter((line) => line.startsWith('stalegreen: '))
  assert.equal(ours.length, 1, written.join(''))
  assert.match(ours[0], /NOT gated/)
  assert.match(ours[0], /install --dsh/)
})

test('bad option values are dropped with a warning and the rest still works', async () => {
  const { home } = project()
  const { warnings, close } = await host({ home, executable: EXECUTABLE, policy: 'sometimes', mode: 42 })
  try {
    assert.ok(warnings().some((w) => /ignoring option policy/.test(w)))
    assert.ok(warnings().some((w) => /ignoring option mode/.test(w)))
  } finally {
    await close()
  }
})
