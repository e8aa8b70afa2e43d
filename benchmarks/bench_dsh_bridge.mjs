// Per-event overhead of the dsh bridge: the long-lived worker vs a new process per event.
//
//   node benchmarks/bench_dsh_bridge.mjs [--events N] [--spawns N] [--executable "python3 -m stalegreen"]
//
// Measures, for the three events every tool call or turn produces, the time from handing the
// event to the bridge until its answer is back:
//   worker   one `stalegreen hook --worker`, JSON lines (what the plugin does)
//   plugin   the same through the plugin's listeners in a real Cordis context (when
//            dsh-bridge/node_modules has @deepseek-ai/cordis), i.e. what dsh pays per listener call
//   spawn    `stalegreen hook dsh <event>` started for every event (what the worker avoids)
// Goal: worker p50 <= 3 ms. Prints numbers only; asserts nothing.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { WorkerClient } from '../dsh-bridge/lib/worker-client.js'

const REPO = dirname(dirname(fileURLToPath(import.meta.url)))
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : fallback
}
const EVENTS = Number(option('events', 300))
const SPAWNS = Number(option('spawns', 30))
// The interpreter itself, not a version-manager shim in front of it (a pyenv shim adds ~250 ms).
const python = process.env.STALEGREEN_PYTHON ||
  spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim() || 'python3'
const EXECUTABLE = option('executable', `${python} -m stalegreen`).split(' ')

const home = mkdtempSync(join(tmpdir(), 'sg-bench-'))
const cwd = mkdtempSync(join(tmpdir(), 'sg-bench-project-'))
const env = { ...process.env, STALEGREEN_HOME: home, PYTHONPATH: [REPO, process.env.PYTHONPATH].filter(Boolean).join(':') }
const session = 'session-bench'

// The project is a real git repository, so the receipt path pays for the working-tree fingerprint.
spawnSync('git', ['init', '-q'], { cwd })
spawnSync('sh', ['-c', 'printf "def f():\\n    return 1\\n" > app.py && git add -A && git -c user.name=b -c user.email=b@b commit -qm init'], { cwd })
const PYTEST_ARGS = { command: 'python -m pytest -q', description: 'run the tests' }

const SAMPLES = {
  'tools/pre-execute': { session, agent: null, cwd, tool: 'bash', callId: 'c1', arguments: { command: 'ls -la src', description: 'list' }, options: {} },
  'tools/post-execute': { session, agent: null, cwd, tool: 'bash', callId: 'c1', arguments: { command: 'ls -la src', description: 'list' },
    result: { isError: false, text: 'a.py\nb.py\n', error: null, value: { kind: 'foreground', exitCode: 0, signal: null, timedOut: false, aborted: false } }, options: {} },
  'agent/turn-stopping': { session, agent: null, cwd, turn: 1, message: 'I renamed the helper and updated the two call sites.', options: {} },
}
// A verification run: a pending record before, a receipt (output judged, fingerprint taken) after.
const RECEIPT_SAMPLES = {
  'tools/pre-execute': { session, agent: null, cwd, tool: 'bash', callId: 'c2', arguments: PYTEST_ARGS, options: {} },
  'tools/post-execute': { session, agent: null, cwd, tool: 'bash', callId: 'c2', arguments: PYTEST_ARGS,
    result: { isError: false, text: '...\n3 passed in 0.01s\n', error: null, value: { kind: 'foreground', exitCode: 0, signal: null, timedOut: false, aborted: false } }, options: {} },
  'agent/turn-stopping': { session, agent: null, cwd, turn: 2, message: 'All 3 tests pass.', options: {} },
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function report(label, times) {
  const sorted = [...times].sort((a, b) => a - b)
  console.log(`${label.padEnd(40)} n=${String(sorted.length).padStart(4)}  p50=${percentile(sorted, 50).toFixed(2).padStart(7)} ms  p95=${percentile(sorted, 95).toFixed(2).padStart(7)} ms  max=${sorted[sorted.length - 1].toFixed(2).padStart(7)} ms`)
  return percentile(sorted, 50)
}

async function timed(fn) {
  const start = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - start) / 1e6
}

function spawnOnce(event, payload) {
  return new Promise((resolve, reject) => {
    const child = spawn(EXECUTABLE[0], [...EXECUTABLE.slice(1), 'hook', 'dsh', event], { env, stdio: ['pipe', 'pipe', 'inherit'] })
    child.on('error', reject)
    child.stdout.resume()
    child.on('exit', resolve)
    child.stdin.end(JSON.stringify(payload))
  })
}

async function benchWorker() {
  const warnings = []
  const client = new WorkerClient({ argv: [...EXECUTABLE, 'hook', '--worker'], env, timeoutMs: 10_000, logger: { warn: (m) => warnings.push(m) } })
  const startup = await timed(() => client.request('tools/pre-execute', SAMPLES['tools/pre-execute']))
  console.log(`worker start + first event: ${startup.toFixed(1)} ms`)
  const p50 = {}
  for (const [event, payload] of Object.entries(SAMPLES)) {
    const times = []
    for (let i = 0; i < EVENTS; i++) times.push(await timed(() => client.request(event, payload)))
    p50[event] = report(`worker   ${event}`, times)
  }
  const rounds = Math.max(10, Math.floor(EVENTS / 10))
  for (const [event, payload] of Object.entries(RECEIPT_SAMPLES)) {
    const times = []
    for (let i = 0; i < rounds; i++) times.push(await timed(() => client.request(event, payload)))
    report(`worker   ${event} (pytest)`, times)
  }
  client.close()
  if (warnings.length) console.log('warnings:', warnings)
  return p50
}

async function benchPlugin() {
  const cordisPath = join(REPO, 'dsh-bridge', 'node_modules', '@deepseek-ai', 'cordis', 'lib', 'index.js')
  if (!existsSync(cordisPath)) {
    console.log('plugin: skipped (no dsh-bridge/node_modules/@deepseek-ai/cordis; run .ci/setup.d/50-dsh.sh)')
    return
  }
  const { Context } = await import(pathToFileURL(cordisPath).href)
  const plugin = await import(pathToFileURL(join(REPO, 'dsh-bridge', 'lib', 'index.js')).href)
  Object.assign(process.env, { PYTHONPATH: env.PYTHONPATH })
  const ctx = new Context()
  await ctx.plugin(plugin, { home, executable: EXECUTABLE, timeoutMs: 10_000 })
  const agent = { id: session, session: { header: { id: session, cwd }, deriveMessages: () => [{ role: 'assistant', content: [{ type: 'text', text: SAMPLES['agent/turn-stopping'].message }] }] }, steer() {} }
  const exec = { callId: 'c1', name: 'bash', arguments: SAMPLES['tools/pre-execute'].arguments, agent, signal: new AbortController().signal }
  const result = { isError: false, content: [{ type: 'text', text: 'a.py\nb.py\n' }], value: { kind: 'foreground', exitCode: 0, signal: null, timedOut: false, aborted: false } }
  const calls = {
    'tools/pre-execute': () => ctx.waterfall('tools/pre-execute', exec, async () => ({ kind: 'allow' })),
    'tools/post-execute': () => ctx.waterfall('tools/post-execute', exec, result, async () => ({ kind: 'accept' })),
    'agent/turn-stopping': () => ctx.serial('agent/turn-stopping', { agent, turn: 1, signal: exec.signal }),
  }
  await calls['tools/pre-execute']()   // start the worker
  for (const [event, call] of Object.entries(calls)) {
    const times = []
    for (let i = 0; i < EVENTS; i++) times.push(await timed(call))
    report(`plugin   ${event}`, times)
  }
  await ctx.fiber.dispose()
}

async function benchSpawn() {
  const p50 = {}
  for (const [event, payload] of Object.entries(SAMPLES)) {
    const times = []
    for (let i = 0; i < SPAWNS; i++) times.push(await timed(() => spawnOnce(event, payload)))
    p50[event] = report(`spawn    ${event}`, times)
  }
  return p50
}

console.log(`executable: ${EXECUTABLE.join(' ')}   node ${process.version}`)
try {
  const worker = await benchWorker()
  await benchPlugin()
  const spawned = await benchSpawn()
  for (const event of Object.keys(SAMPLES)) {
    console.log(`${event.padEnd(22)} worker p50 ${worker[event].toFixed(2)} ms vs spawn p50 ${spawned[event].toFixed(1)} ms  (goal: worker <= 3 ms: ${worker[event] <= 3 ? 'met' : 'missed'})`)
  }
} finally {
  rmSync(home, { recursive: true, force: true })
  rmSync(cwd, { recursive: true, force: true })
}
