// The plugin row's options, and the message a steer sends.
import { randomUUID } from 'node:crypto'

export const DEFAULT_TIMEOUT_MS = 5000
const POLICIES = ['block', 'advisory']
const MODES = ['rewrite', 'strict', 'off']

/**
 * Validate the plugin row's config. Unset options stay unset so that stalegreen's own config
 * files decide; a set option wins over them. Bad values are dropped with a warning.
 */
export function readOptions(config, warn) {
  const raw = config && typeof config === 'object' ? config : {}
  const options = {}
  const pick = (key, valid) => {
    if (raw[key] === undefined || raw[key] === null) return
    if (valid(raw[key])) options[key] = raw[key]
    else warn(`ignoring option ${key}: ${JSON.stringify(raw[key])}`)
  }
  pick('policy', (v) => POLICIES.includes(v))
  pick('mode', (v) => MODES.includes(v))
  pick('home', (v) => typeof v === 'string' && v !== '')
  pick('executable', (v) => (typeof v === 'string' && v.trim() !== '') ||
    (Array.isArray(v) && v.length > 0 && v.every((part) => typeof part === 'string' && part !== '')))
  pick('timeoutMs', (v) => Number.isFinite(v) && v > 0)
  return options
}

/** The steer message: a user-role message whose source names this plugin's own kind. */
export function steerMessage(text) {
  return Object.freeze({
    id: randomUUID(),
    role: 'user',
    content: Object.freeze([Object.freeze({ type: 'text', text })]),
    source: Object.freeze({ kind: 'stalegreen' }),
  })
}
