// Which stalegreen the plugin runs: the option, the installer's command file, <home>/bin, PATH.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { resolveExecutable, storeHome } from '../lib/executable.js'

function executableFile(path) {
  writeFileSync(path, '#!/bin/sh\nexit 0\n')
  chmodSync(path, 0o755)
  return path
}

test('the option wins: a path, or an argv list, with ~ expanded', () => {
  assert.deepEqual(resolveExecutable('/opt/sg/stalegreen', { env: {} }), ['/opt/sg/stalegreen'])
  assert.deepEqual(resolveExecutable(['python3', '-m', 'stalegreen'], { env: {} }), ['python3', '-m', 'stalegreen'])
  assert.deepEqual(resolveExecutable('~/bin/stalegreen', { env: {} }), [join(homedir(), 'bin', 'stalegreen')])
})

test('without the option: command.json, then <home>/bin names, then PATH, else null', () => {
  const home = mkdtempSync(join(tmpdir(), 'sg-exe-'))
  const bin = join(home, 'bin')
  const pathDir = join(home, 'path')
  mkdirSync(bin)
  mkdirSync(pathDir)
  const env = { PATH: pathDir }
  assert.equal(resolveExecutable(undefined, { home, env }), null)

  const onPath = executableFile(join(pathDir, 'stalegreen'))
  assert.deepEqual(resolveExecutable(undefined, { home, env }), [onPath])

  writeFileSync(join(bin, 'stalegreen.pyz'), 'PK')
  assert.deepEqual(resolveExecutable(undefined, { home, env }), ['python3', join(bin, 'stalegreen.pyz')])

  const python = executableFile(join(home, 'python3'))
  writeFileSync(join(bin, 'command.json'), JSON.stringify({ argv: [python, '-I', '-S', join(bin, 'stalegreen.pyz')] }))
  assert.deepEqual(resolveExecutable(undefined, { home, env }), [python, '-I', '-S', join(bin, 'stalegreen.pyz')])

  // a command file whose interpreter is gone is passed over
  writeFileSync(join(bin, 'command.json'), JSON.stringify({ argv: [join(home, 'gone'), 'x'] }))
  assert.deepEqual(resolveExecutable(undefined, { home, env }), ['python3', join(bin, 'stalegreen.pyz')])

  // the home comes from $STALEGREEN_HOME when the option is unset
  assert.equal(storeHome(undefined, { STALEGREEN_HOME: home }), home)
  assert.deepEqual(resolveExecutable(undefined, { env: { STALEGREEN_HOME: home, PATH: '' } }), ['python3', join(bin, 'stalegreen.pyz')])
})
