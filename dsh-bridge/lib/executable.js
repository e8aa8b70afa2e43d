// Which stalegreen to run: the `executable` option, else the installed one, else `stalegreen` on PATH.
import { accessSync, constants, readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { delimiter, join } from 'node:path'

// `stalegreen install` writes <home>/bin/command.json, {"argv": [python, "-I", "-S", ".../stalegreen.pyz"]}:
// the exact command its own hooks run. Without it, look for these names in <home>/bin.
const COMMAND_FILE = 'command.json'
const INSTALLED_NAMES = ['stalegreen', 'stalegreen.pyz']

export function expandHome(path) {
  if (path === '~') return homedir()
  if (path.startsWith('~/')) return join(homedir(), path.slice(2))
  return path
}

/** The store directory: the `home` option, else $STALEGREEN_HOME, else ~/.stalegreen. */
export function storeHome(home, env = process.env) {
  if (typeof home === 'string' && home) return expandHome(home)
  return env.STALEGREEN_HOME || join(homedir(), '.stalegreen')
}

function isFile(path) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK)
    return isFile(path)
  } catch {
    return false
  }
}

/** The argv in the installer's command file, when it is there and its program exists. */
function installedCommand(path) {
  let argv
  try {
    argv = JSON.parse(readFileSync(path, 'utf8')).argv
  } catch {
    return null
  }
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((part) => typeof part === 'string' && part)) return null
  return isExecutable(argv[0]) ? argv : null
}

/**
 * The argv prefix that runs stalegreen, or null when none is found.
 * `option` is a path or command name (string) or a full argv prefix (array of strings),
 * e.g. ['python3', '-m', 'stalegreen'].
 */
export function resolveExecutable(option, { home, env = process.env } = {}) {
  if (Array.isArray(option) && option.length > 0 && option.every((part) => typeof part === 'string' && part)) {
    return [expandHome(option[0]), ...option.slice(1)]
  }
  if (typeof option === 'string' && option.trim()) return [expandHome(option.trim())]
  const bin = join(storeHome(home, env), 'bin')
  const installed = installedCommand(join(bin, COMMAND_FILE))
  if (installed) return installed
  for (const name of INSTALLED_NAMES) {
    const path = join(bin, name)
    if (isExecutable(path)) return [path]
    if (name.endsWith('.pyz') && isFile(path)) return ['python3', path]
  }
  for (const dir of (env.PATH || '').split(delimiter)) {
    if (dir && isExecutable(join(dir, 'stalegreen'))) return [join(dir, 'stalegreen')]
  }
  return null
}
