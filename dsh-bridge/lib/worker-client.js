// One long-lived `stalegreen hook --worker` process, JSON lines over its stdin/stdout.
//
// Started on the first event, restarted on the next event after it dies, killed when an event
// overruns its timeout (a wedged worker would make every later event wait too). Every failure
// resolves the request with null, which the plugin reads as "allow": the agent is never held up.
import { spawn } from 'node:child_process'
import { homedir } from 'node:os'

const STDERR_KEEP = 2000
const MAX_BACKOFF_MS = 30_000

export class WorkerClient {
  /**
   * @param {object} options
   * @param {string[]} options.argv   the worker command, e.g. ['stalegreen', 'hook', '--worker']
   * @param {object} [options.env]    its environment
   * @param {number} options.timeoutMs  per-event limit; past it the event is allowed
   * @param {object} options.logger   { warn, debug } (the Cordis context logger)
   */
  constructor({ argv, env = process.env, timeoutMs, logger, spawnImpl = spawn }) {
    this.argv = argv
    this.env = env
    this.timeoutMs = timeoutMs
    this.logger = logger
    this.spawnImpl = spawnImpl
    this.child = null
    this.pending = new Map()
    this.nextId = 1
    this.buffer = ''
    this.failures = 0        // consecutive worker deaths/overruns without a single answer
    this.retryAt = 0
    this.spawnCount = 0
    this.lastWarning = ''
  }

  /** Send one event; resolves to the reply's stdout text, or null on any failure. */
  request(event, payload) {
    const child = this.ensureChild()
    if (!child) return Promise.resolve(null)
    const id = this.nextId++
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.overrun(id, event), this.timeoutMs)
      this.pending.set(id, { resolve, timer, child })
      try {
        child.stdin.write(JSON.stringify({ id, host: 'dsh', event, payload }) + '\n')
      } catch (error) {
        this.settle(id, null)
        this.warn(`could not write to the stalegreen worker: ${error.message}`)
      }
    })
  }

  /** Stop the worker (plugin unload). Pending events are allowed. */
  close() {
    const child = this.child
    this.child = null
    this.failAll(null)
    if (child) {
      try {
        child.stdin.end()
      } catch {}
      child.kill()
    }
  }

  ensureChild() {
    if (this.child) return this.child
    if (Date.now() < this.retryAt) return null
    let child
    try {
      // Not the project's cwd: with `python -m stalegreen` that directory would come first on
      // sys.path, and a json.py in the agent's repo must not shadow the standard library.
      child = this.spawnImpl(this.argv[0], this.argv.slice(1), { cwd: homedir(), env: this.env, stdio: ['pipe', 'pipe', 'pipe'] })
    } catch (error) {
      this.died(null, `could not start ${this.argv.join(' ')}: ${error.message}`)
      return null
    }
    this.spawnCount++
    this.child = child
    this.buffer = ''
    let stderr = ''
    child.on('error', (error) => {
      this.died(child, `stalegreen worker (${this.argv.join(' ')}): ${error.message}`)
    })
    child.on('exit', (code, signal) => {
      const tail = stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''
      this.died(child, `stalegreen worker exited (${signal ?? code})${tail}`)
    })
    child.stdin.on('error', () => {})   // EPIPE when the worker is gone; 'exit' reports it
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => this.receive(chunk))
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP)
    })
    // The worker must never keep dsh alive; a pending request's timer does while it waits.
    child.unref()
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.unref?.()
    return child
  }

  receive(chunk) {
    this.buffer += chunk
    let newline
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline)
      this.buffer = this.buffer.slice(newline + 1)
      if (!line.trim()) continue
      let reply
      try {
        reply = JSON.parse(line)
      } catch {
        this.warn(`stalegreen worker printed a line that is not JSON: ${line.slice(0, 200)}`)
        continue
      }
      if (this.pending.has(reply?.id)) {
        this.failures = 0
        this.settle(reply.id, typeof reply.stdout === 'string' ? reply.stdout : '')
      }
    }
  }

  overrun(id, event) {
    const entry = this.pending.get(id)
    if (!entry) return
    this.settle(id, null)
    this.warn(`${event} took more than ${this.timeoutMs} ms; allowed, restarting the stalegreen worker`)
    if (this.child === entry.child) {
      this.child = null
      this.noteFailure()
      entry.child.kill('SIGKILL')
    }
  }

  died(child, message) {
    if (child !== null && child !== this.child) return   // an old worker we already replaced
    this.child = null
    this.failAll(null)
    this.noteFailure()
    this.warn(message)
  }

  noteFailure() {
    this.failures++
    // The first death restarts at once; repeated deaths back off so a broken install costs nothing.
    const delay = this.failures < 2 ? 0 : Math.min(MAX_BACKOFF_MS, 250 * 2 ** (this.failures - 2))
    this.retryAt = Date.now() + delay
  }

  settle(id, value) {
    const entry = this.pending.get(id)
    if (!entry) return
    this.pending.delete(id)
    clearTimeout(entry.timer)
    entry.resolve(value)
  }

  failAll(value) {
    for (const id of [...this.pending.keys()]) this.settle(id, value)
  }

  warn(message) {
    // The same failure on every event would flood the log: say it once until something changes.
    if (message === this.lastWarning) return
    this.lastWarning = message
    try {
      this.logger.warn(message)
    } catch {}
  }
}
