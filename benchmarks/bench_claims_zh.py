# -*- coding: utf-8 -*-
"""Print how long claim extraction takes on 10 KB of dense Chinese claim text: every message a
short agent report in Chinese (markdown summaries, tables, checklists, code spans, colloquial and
formal pass words, hard negatives), back to back. A worst case for the Chinese reader, which runs
the English and the Chinese vocabulary on every CJK sentence (goal of bench_claims.py: <= 5 ms
for a 10 KB message). Every sentence is read as in a real message, but read as one message the
not-rerun disclosures among the hard negatives make every claim stale, so it reports near-misses
only. Not a test: numbers depend on the machine; compare CPU time, interleaved
with the code you compare against.

Usage: python3 benchmarks/bench_claims_zh.py [--runs 31] [--kb 10]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bench_claims import back_to_back, figures, timed     # noqa: E402  (also puts this checkout first on sys.path)

MESSAGES = (
    '## 总结\n\n修复了分页接口的 off-by-one 问题。\n\n### 验证\n- `pytest -q`：128 个测试全部通过\n- `mypy src/` 没有报错\n- `ruff check .` 干净',
    '| 检查项 | 结果 |\n|---|---|\n| 单元测试 | ✅ 通过 |\n| 类型检查 | ✅ 通过 |\n| Lint | ✅ 通过 |',
    '| 检查项 | 结果 |\n| --- | --- |\n| pytest | 通过 |\n| mypy | 通过 |\n| 构建 | 成功 |',
    '- [x] 单测通过\n- [x] lint 通过\n- [ ] 更新文档',
    '改完了，unit tests 都 pass 了，lint 也没问题。',
    '搞定！测试全绿，build 也过了。',
    '已经修好了，跑了一遍 `npm test`，42 个用例全部通过。',
    '类型检查零错误，eslint 零警告。',
    '本地跑了 `cargo test`，全都过了；`cargo clippy` 也没有任何 warning。',
    '`go build ./...` 成功，`go vet ./...` 无输出，`go test ./...` 全部 ok。',
    '测试这块没问题，都是绿的。',
    '单元测试和集成测试均已通过。',
    '编译通过，没有新增警告。',
    '前端构建成功，产物在 `dist/` 下。',
    'tsc 检查通过，0 errors。',
    '所有检查均通过：单测、类型检查、lint。',
    '测试应该能过，但我还没跑。',
    '我还没有运行测试，请你在本地跑一下 `pytest`。',
    '修改前测试是通过的，改完之后还没重新跑。',
    '如果测试通过就可以合并了。',
    '希望这次 CI 能绿。',
    'CI 那边说测试都过了，我本地没跑。',
    '不是所有测试都通过，还有 2 个失败。',
    '构建失败了，报了 3 个类型错误。',
    '`pytest` 有 3 个失败，我还在查原因。',
    '下一步：跑一遍完整测试，确认 lint 通过。',
    '测试跑完了，结果：56 passed, 0 failed。',
    '✅ 测试通过\n✅ 类型检查通过\n✅ 构建成功',
    '单测 100% 通过，覆盖率 87%。',
    '跑了 `make test`，一切正常。',
    '`make lint` 和 `make typecheck` 都过了。',
    '重新跑了 `pnpm test`，全部通过（共 214 个）。',
    '改了三个文件，测试都 ok。',
    'pytest 全部 passed，mypy 也 clean。',
    '代码风格检查通过，没有格式问题。',
    '打包成功，体积比之前小了 12%。',
    '测试用例全部跑通了。',
    '回归测试一个都没挂。',
    '`vitest run`：全部 37 个测试通过。',
    '构建和测试都已经通过，可以 review 了。',
    'flake8 检查通过，没有任何告警。',
    'lint 没报错，类型检查也没报错。',
    '单测全过，集成测试还没来得及跑。',
    '新加的 5 个测试都通过了。',
    '`test_parse_header` 这个测试现在能过了。',
    '除了一个已知的 flaky 用例，其余测试全部通过。',
    '所有测试都通过了，只有一个 skip。',
    'build 成功，test 全过，lint 也 clean。',
    '现在 CI 上应该会绿。',
    '之前测试是绿的，但重构之后我没再跑过。',
    '请确保 lint 通过后再提交。',
    '测试通过了吗？',
    'CI 流程会跑 lint 和单测。',
    '这个 PR 主要改了配置文件，没有涉及代码逻辑。',
    '验证结果：\n- 单元测试：通过\n- 静态检查：通过\n- 编译：通过',
    '**测试**：全部通过 ✅\n**Lint**：通过 ✅',
    'mypy 报了 0 个错误，pyright 也没问题。',
    '跑了下 `npm run build`，没问题。',
    '`npm run lint` 没有输出任何错误。',
    '测试全部通过啦 🎉',
    '整个测试套件都过了，耗时 3 分钟。',
    '单测 OK，lint OK，构建 OK。',
    '已验证：所有单元测试通过，类型检查无误。',
    '跑了 `pytest tests/api`，这个目录下的测试都过了。',
    'ruff、mypy、pytest 三项检查都是绿的。',
    'e2e 测试通过，截图对比也一致。',
    'lint 还有两个告警没处理，测试倒是都过了。',
    '类型检查挂了，不过单测都通过。',
    '编译没问题，测试我还没跑。',
    '`cargo build --release` 编译成功，`cargo test` 全部通过，`cargo fmt --check` 没有 diff。',
)


def main(argv):
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 31
    kb = float(argv[argv.index("--kb") + 1]) if "--kb" in argv else 10
    from stalegreen.engine import claims

    message = back_to_back(MESSAGES, kb)
    claims.extract(message)     # compiles the patterns a long message needs
    found, walls, cpus = timed(claims.extract, message, runs)
    print("extract(): %.1f KB of dense Chinese reports (%d claims, %d near-misses): %s"
          % (len(message.encode("utf-8")) / 1024.0, len(found.claims), len(found.ignored), figures(walls, cpus)))


if __name__ == "__main__":
    main(sys.argv[1:])
