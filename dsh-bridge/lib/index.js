// dsh-plugin-stalegreen: the stalegreen freshness gate inside DeepSeek Harness.
//
// Listeners forward what they see to one long-lived `stalegreen hook --worker` process:
//   tools/pre-execute   bash: strict mode denies a masked verification command (dsh cannot rewrite)
//   tools/post-execute  bash results become receipts, edit/write results edit events; never altered
//   agent/turn-stopping the last assistant message is checked; a blocked claim steers one more step,
//                       at most once per turn
// Every failure of ours (no executable, a crash, a slow answer) is logged and means "allow".
import { BACKGROUND_OUTPUT_TOOLS, EDIT_TOOLS, SHELL_TOOLS, stopPayload, toolPayload } from './payload.js'
import { resolveExecutable, storeHome } from './executable.js'
import { WorkerClient } from './worker-client.js'
import { DEFAULT_TIMEOUT_MS, readOptions, steerMessage } from './options.js'

export const name = 'stalegreen'

const STEERED_TURNS_KEPT = 1000

function parseReply(text) {
  if (!text || !text.trim()) return null
  const reply = JSON.parse(text)
  return reply && typeof reply === 'object' ? reply : null
}

export function apply(ctx, config) {
  const logger = typeof ctx.logger === 'function' ? ctx.logger('stalegreen') : console
  const warn = (message) => logger.warn('stalegreen: %s', message)
  const options = readOptions(config, warn)
  // Only what the engine should override travels with each event.
  const engineOptions = {}
  if (options.policy) engineOptions.policy = options.policy
  if (options.mode) engineOptions.mode = options.mode
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  const env = { ...process.env, STALEGREEN_HOOK_DEADLINE: String(Math.max(0.1, (timeoutMs - 50) / 1000)) }
  if (options.home) env.STALEGREEN_HOME = storeHome(options.home)
  let client = null
  let missingReported = false
  const worker = () => {
    if (client) return client
    const executable = resolveExecutable(options.executable, { home: options.home })
    if (!executable) {
      if (!missingReported) {
        // dsh shows no plugin logs by default, so this one line also goes to stderr, once
        const text = `no stalegreen executable found in ${storeHome(options.home)}/bin or on PATH, so this ` +
          'session is NOT gated; install it (python3 stalegreen.pyz install --dsh) or set the executable option'
        warn(text)
        try { process.stderr.write(`stalegreen: ${text}\n`) } catch {}
      }
      missingReported = true
      return null
    }
    client = new WorkerClient({ argv: [...executable, 'hook', '--worker'], env, timeoutMs, logger: { warn } })
    return client
  }
  ctx.effect(() => () => client?.close(), 'stalegreen worker')

  /** Forward one event; the decoded reply, or null for "go on" and on every failure. */
  async function forward(event, payload) {
    try {
      const text = await worker()?.request(event, payload)
      return parseReply(text)
    } catch (error) {
      warn(`${event} failed: ${error?.message ?? error}`)
      return null
    }
  }

  ctx.on('tools/pre-execute', async function (exec, next) {
    let decision = null
    try {
      if (SHELL_TOOLS.has(exec?.name)) {
        const reply = await forward('tools/pre-execute', toolPayload(exec, undefined, engineOptions))
        // Only strict mode denies; an explicit rewrite/off option is never overruled by a config file.
        const mayDeny = options.mode === undefined || options.mode === 'strict'
        if (reply?.kind === 'deny' && mayDeny && typeof reply.reason === 'string') {
          decision = { kind: 'deny', reason: reply.reason }
        }
      }
    } catch (error) {
      warn(`tools/pre-execute failed: ${error?.message ?? error}`)
    }
    return decision ?? next()
  })

  ctx.on('tools/post-execute', async function (exec, result, next) {
    try {
      const tool = exec?.name
      if (SHELL_TOOLS.has(tool) || EDIT_TOOLS.has(tool) || BACKGROUND_OUTPUT_TOOLS.has(tool)) {
        await forward('tools/post-execute', toolPayload(exec, result, engineOptions))
      }
    } catch (error) {
      warn(`tools/post-execute failed: ${error?.message ?? error}`)
    }
    return next()
  })

  const steeredTurns = new Set()
  ctx.on('agent/turn-stopping', async function (payload) {
    try {
      const agent = payload?.agent
      if (!agent) return
      const facts = stopPayload(agent, payload.turn, engineOptions)
      const reply = await forward('agent/turn-stopping', facts)
      if (reply?.kind !== 'steer' || typeof reply.text !== 'string' || !reply.text.trim()) return
      if (options.policy === 'advisory') return
      const key = `${facts.session}#${facts.agent ?? ''}#${facts.turn}`
      if (steeredTurns.has(key)) return
      steeredTurns.add(key)
      if (steeredTurns.size > STEERED_TURNS_KEPT) steeredTurns.delete(steeredTurns.values().next().value)
      agent.steer(steerMessage(reply.text))
    } catch (error) {
      warn(`agent/turn-stopping failed: ${error?.message ?? error}`)
    }
  })
}
