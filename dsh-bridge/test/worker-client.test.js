// The worker client against scripted workers (a small Node program speaking the same JSON-lines
// protocol) and against the real `stalegreen hook --worker`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WorkerClient } from '../lib/worker-client.js'
import { REPO } from './helpers.js'

// A worker whose behaviour is chosen per request by payload.act: reply | die | hang | garbage.
const SCRIPTED_WORKER = `
const rl = require('node:readline').createInterface({ input: process.stdin })
rl.on('line', (line) => {
  const req = JSON.parse(line)
  const act = req.payload.act
  if (act === 'die') process.exit(3)
  if (act === 'hang') return
  if (act === 'garbage') process.stdout.write('not json\\n')
  process.stdout.write(JSON.stringify({ id: req.id, stdout: JSON.stringify({ pid: process.pid, echo: req.payload.echo ?? null }), exit: 0 }) + '\\n')
})
`

function scriptedWorker() {
  const dir = mkdtempSync(join(tmpdir(), 'sg-worker-'))
  const file = join(dir, 'worker.cjs')
  writeFileSync(file, SCRIPTED_WORKER)
  return [process.execPath, file]
}

function collectingLogger() {
  const warnings = []
  return { warnings, logger: { warn: (message) => warnings.push(message) } }
}

test('one process answers many requests, in any order of arrival', async () => {
  const { logger } = collectingLogger()
  const client = new WorkerClient({ argv: scriptedWorker(), timeoutMs: 5000, logger })
  const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => client.request('e', { echo: n })))
  const parsed = replies.map((text) => JSON.parse(text))
  assert.deepEqual(parsed.map((r) => r.echo), [1, 2, 3, 4, 5])
  assert.equal(new Set(parsed.map((r) => r.pid)).size, 1)
  assert.equal(client.spawnCount, 1)
  client.close()
})

test('a worker that dies fails its request open and is restarted on the next event', async () => {
  const { logger, warnings } = collectingLogger()
  const client = new WorkerClient({ argv: scriptedWorker(), timeoutMs: 5000, logger })
  const first = JSON.parse(await client.request('e', { echo: 'a' }))
  assert.equal(await client.request('e', { act: 'die' }), null)
  const second = JSON.parse(await client.request('e', { echo: 'b' }))
  assert.notEqual(first.pid, second.pid)
  assert.equal(client.spawnCount, 2)
  assert.ok(warnings.some((w) => /exited \(3\)/.test(w)), warnings.join('\n'))
  client.close()
})

test('a slow event is allowed after the timeout and the wedged worker replaced', async () => {
  const { logger, warnings } = collectingLogger()
  const client = new WorkerClient({ argv: scriptedWorker(), timeoutMs: 10_000, logger })
  const before = JSON.parse(await client.request('e', {}))
  client.timeoutMs = 150   // only the event that never gets an answer runs on a short budget
  assert.equal(await client.request('tools/pre-execute', { act: 'hang' }), null)
  assert.ok(warnings.some((w) => /tools\/pre-execute took more than 150 ms/.test(w)), warnings.join('\n'))
  client.timeoutMs = 10_000
  const after = JSON.parse(await client.request('e', {}))
  assert.notEqual(before.pid, after.pid)
  client.close()
})

test('a line that is not JSON is logged and skipped', async () => {
  const { logger, warnings } = collectingLogger()
  const client = new WorkerClient({ argv: scriptedWorker(), timeoutMs: 5000, logger })
  const reply = JSON.parse(await client.request('e', { act: 'garbage', echo: 7 }))
  assert.equal(reply.echo, 7)
  assert.ok(warnings.some((w) => /not JSON/.test(w)))
  client.close()
})

test('a missing executable fails open and backs off instead of spawning on every event', async () => {
  const { logger, warnings } = collectingLogger()
  const client = new WorkerClient({ argv: ['/nonexistent/stalegreen', 'hook', '--worker'], timeoutMs: 1000, logger })
  for (let i = 0; i < 10; i++) assert.equal(await client.request('e', {}), null)
  assert.ok(client.spawnCount <= 3, `spawned ${client.spawnCount} times for 10 events`)
  assert.equal(warnings.length, 1, warnings.join('\n'))   // said once, not per event
  assert.match(warnings[0], /ENOENT/)
  client.close()
})

test('writing to a worker that already exited (EPIPE) neither throws nor hangs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sg-worker-'))
  const quitter = join(dir, 'quit.sh')
  writeFileSync(quitter, '#!/bin/sh\nexec 0<&-\nsleep 0.2\nexit 0\n')
  chmodSync(quitter, 0o755)
  const { logger } = collectingLogger()
  const client = new WorkerClient({ argv: [quitter], timeoutMs: 3000, logger })
  const big = { blob: 'x'.repeat(1 << 20) }
  const results = await Promise.all([client.request('e', big), client.request('e', big)])
  assert.deepEqual(results, [null, null])
  client.close()
})

test('the real stalegreen worker answers a forwarded event', async () => {
  const { logger, warnings } = collectingLogger()
  const home = mkdtempSync(join(tmpdir(), 'sg-home-'))
  const env = { ...process.env, STALEGREEN_HOME: home, PYTHONPATH: REPO }
  const client = new WorkerClient({ argv: [process.env.STALEGREEN_PYTHON || 'python3', '-m', 'stalegreen', 'hook', '--worker'], env, timeoutMs: 10000, logger })
  const payload = { session: 's-1', cwd: home, tool: 'read', arguments: { file_path: 'a.py' }, result: { isError: false, text: 'x', error: null, value: null }, options: {} }
  assert.equal(await client.request('tools/post-execute', payload), '')
  assert.equal(await client.request('tools/post-execute', payload), '')
  assert.equal(client.spawnCount, 1)
  assert.deepEqual(warnings, [])
  client.close()
})
