# -*- coding: utf-8 -*-
"""The development sets written for claims 2.0 by authors who had not read the grammar
(claims_dev_2026-12-01.jsonl: 429 English, 225 Chinese, 70 mixed messages in agents' styles;
claims_dev2_2026-12-01.jsonl: 328 English, 170 Chinese, 65 mixed whole end-of-turn messages, first
scored before any tuning on it at en 0.964/0.888, zh 0.982/0.911, mixed 0.915/0.896), scored as the
blind set is: precision and recall over (message, category) pairs, a qualified
claim counting as a claim (``benchmarks/score_claims.py``). The floors are the figures reached
when the set was last tuned on, less a small margin: they catch regressions, they are not the
targets (precision 0.98 and recall 0.95 per language)."""

import importlib.util
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SETS = {
    "dev": (os.path.join(HERE, "claims_dev_2026-12-01.jsonl"),
            {"en": (0.98, 0.95), "zh": (0.98, 0.95), "mixed": (0.97, 0.95), "all": (0.98, 0.95)}),
    "dev2": (os.path.join(HERE, "claims_dev2_2026-12-01.jsonl"),
             {"en": (0.98, 0.95), "zh": (0.98, 0.95), "mixed": (0.97, 0.95), "all": (0.98, 0.95)}),
    # written blind on 2026-12-02 by another author with the same guide (LABELS5: 200 English end-of-turn
    # summaries in markdown sections, checklists, tables, one-liners and idioms, 15 Chinese, 15 mixed);
    # first scored before any tuning on it (extractor 0265cc0) at en 0.994/0.782, zh 1.000/0.857,
    # mixed 1.000/1.000, all 0.994/0.799; floors are the figures after the English round (claims-en9a,
    # merged with claims-en9: en 1.000/0.975, zh 1.000/1.000, mixed 1.000/1.000, all 1.000/0.978) less 0.01
    "dev9a": (os.path.join(HERE, "claims_dev9a_2026-12-02.jsonl"),
              {"en": (0.99, 0.96), "zh": (0.99, 0.99), "mixed": (0.99, 0.99), "all": (0.99, 0.96)}),
    # written blind on 2026-12-02 by two more authors with a labelling guide that differs from the
    # project's rules in three places (tests/engine/claims_blind/README.md); first scored before
    # any tuning at all 0.932/0.624 (dev3a) and 0.972/0.616 (dev3b)
    "dev3a": (os.path.join(HERE, "claims_dev3a_2026-12-02.jsonl"),
              {"en": (0.97, 0.81), "zh": (1.0, 0.82), "mixed": (1.0, 0.94), "all": (0.98, 0.83)}),
    "dev3b": (os.path.join(HERE, "claims_dev3b_2026-12-02.jsonl"),
              {"en": (0.98, 0.80), "zh": (1.0, 0.90), "mixed": (1.0, 0.80), "all": (0.99, 0.83)}),
    # written blind on 2026-12-02 by another author with a guide that follows the project's rules
    # (LABELS4.md, kept outside the repository); first scored before any tuning on it at all
    # 0.975/0.898 (extractor 631f3f5) and 0.976/0.926 (1acbc18, after the first dev3 round)
    "dev4a": (os.path.join(HERE, "claims_dev4a_2026-12-02.jsonl"),
              {"en": (0.99, 0.99), "zh": (1.0, 0.99), "mixed": (1.0, 0.99), "all": (0.99, 0.99)}),
    # written blind on 2026-12-02 by a fifth author with the same spec-following guide; first
    # scored before any tuning on it at en 0.944/0.887, zh 0.942/0.903, mixed 1.000/0.963,
    # all 0.950/0.901 (extractor ae385ac); floors from the rounds tuned on it (claims5)
    "dev5": (os.path.join(HERE, "claims_dev5_2026-12-02.jsonl"),
             {"en": (0.99, 0.96), "zh": (0.98, 0.99), "mixed": (1.0, 1.0), "all": (0.99, 0.98)}),
    # written blind on 2026-12-02 by two more authors with the same guide: dev6a long markdown agent
    # summaries across many ecosystems, dev6b short conversational messages (linguistic structure);
    # first scored before any tuning on them (extractor 2f5523a) at en 1.000/0.916, zh 1.000/0.946,
    # mixed 1.000/1.000 (dev6a) and en 0.901/0.867, zh 1.000/0.923, mixed 0.800/0.889 (dev6b)
    "dev6a": (os.path.join(HERE, "claims_dev6a_2026-12-02.jsonl"),
              {"en": (1.0, 0.96), "zh": (1.0, 0.94), "mixed": (1.0, 1.0), "all": (1.0, 0.96)}),
    "dev6b": (os.path.join(HERE, "claims_dev6b_2026-12-02.jsonl"),
              {"en": (1.0, 1.0), "zh": (1.0, 0.92), "mixed": (1.0, 0.94), "all": (1.0, 0.97)}),
    # written blind on 2026-12-02 by two more authors with the same guide: dev7a mostly English in
    # mixed styles, dev7b mostly Chinese and mixed; first scored before any tuning on them (extractor
    # 9eb04f6) at en 1.000/0.917, zh 1.000/1.000, mixed 1.000/0.917, all 1.000/0.928 (dev7a) and
    # en 1.000/1.000, zh 0.983/0.958, mixed 1.000/0.825, all 0.990/0.942 (dev7b); floors are the
    # figures after the rounds tuned on them (dev7b: zh 0.992/1.000, mixed 1.000/1.000)
    "dev7a": (os.path.join(HERE, "claims_dev7a_2026-12-02.jsonl"),
              {"en": (1.0, 1.0), "zh": (1.0, 1.0), "mixed": (1.0, 1.0), "all": (1.0, 1.0)}),
    "dev7b": (os.path.join(HERE, "claims_dev7b_2026-12-02.jsonl"),
              {"en": (1.0, 1.0), "zh": (0.99, 1.0), "mixed": (1.0, 1.0), "all": (0.99, 1.0)}),
    # written blind on 2026-12-02 by another author with the same guide (170 English, 30 Chinese, 20 mixed);
    # first scored before any tuning on it (extractor 3404b6f) at en 0.966/0.820, zh 1.000/0.955,
    # mixed 0.944/0.944, all 0.968/0.849; floors are the figures after the English round (claims-en3)
    "dev8": (os.path.join(HERE, "claims_dev8_2026-12-02.jsonl"),
             {"en": (1.0, 0.99), "zh": (1.0, 0.95), "mixed": (0.94, 0.94), "all": (0.99, 0.98)}),
    # written blind on 2026-12-02 by another author with the same guide (LABELS5: 190 English, mostly
    # structural forms: inversion, fragments, question-answer, absence of failure); first scored before any
    # tuning on it (extractor 0265cc0) at en 0.945/0.660, zh 1.000/1.000, mixed 1.000/0.842, all
    # 0.956/0.697; floors are the figures after the round tuned on it (claims-en9) less about 0.01
    "dev9b": (os.path.join(HERE, "claims_dev9b_2026-12-02.jsonl"),
              {"en": (0.99, 0.97), "zh": (0.99, 0.99), "mixed": (0.99, 0.99), "all": (0.99, 0.97)}),
    # written blind on 2026-12-02 by another author with the same guide (LABELS5: 30 English, 150 Chinese,
    # 40 mixed); first scored before any tuning on it (extractor 0265cc0) at en 1.000/0.931, zh 0.983/0.884,
    # mixed 1.000/0.833, all 0.988/0.881; floors are the figures after the Chinese round (claims-zh9)
    "dev9c": (os.path.join(HERE, "claims_dev9c_2026-12-02.jsonl"),
              {"en": (0.99, 0.95), "zh": (0.99, 0.97), "mixed": (0.99, 0.99), "all": (0.99, 0.97)}),
    # written blind on 2026-12-02 by another author with the same guide (LABELS5: 190 English, 40 Chinese, 20 mixed);
    # first scored on arrival at en 0.980/0.842, zh 1.000/0.939, mixed 0.944/0.850, all 0.980/0.857 (extractor
    # 5e15103) and en 0.980/0.854, zh 1.000/0.970, mixed 0.944/0.850, all 0.980/0.871 (after the dev9b round);
    # floors are the figures after the English round tuned on it (claims-en10) less about 0.01
    "dev10": (os.path.join(HERE, "claims_dev10_2026-12-02.jsonl"),
              {"en": (0.99, 0.89), "zh": (0.99, 0.96), "mixed": (0.94, 0.84), "all": (0.98, 0.90)}),
    # written blind on 2026-12-02 (evening) by three more authors with the guide LABELS6: dev11a 250 English in
    # ecosystems beyond JS/Python, dev11b 250 English on agents' voice, dev11c 180 Chinese and 50 mixed, at least
    # half hard negatives. On arrival (extractor 704bdce): dev11a en 0.978/0.848, dev11b en 0.956/0.869, dev11c
    # zh 0.932/0.965, mixed 0.933/0.933, all 0.932/0.958; held out during the others' rounds, dev11a went to
    # 0.984/0.857 after the dev11b round. Floors: the figures after the rounds tuned on them less about 0.01
    "dev11a": (os.path.join(HERE, "claims_dev11a_2026-12-02.jsonl"),
               {"en": (0.99, 0.97), "zh": (1.0, 1.0), "mixed": (1.0, 1.0), "all": (0.99, 0.97)}),
    "dev11b": (os.path.join(HERE, "claims_dev11b_2026-12-02.jsonl"),
               {"en": (0.99, 0.98), "zh": (1.0, 1.0), "mixed": (1.0, 1.0), "all": (0.99, 0.98)}),
    "dev11c": (os.path.join(HERE, "claims_dev11c_2026-12-02.jsonl"),
               {"en": (1.0, 1.0), "zh": (0.99, 0.99), "mixed": (0.99, 0.99), "all": (0.99, 0.99)}),
    # written blind at the end of the eighth session by two more authors (LABELS6): dev12a 260 English in
    # every style, dev12b 100 Chinese, 40 mixed, 100 English. Not tuned on yet: scored on arrival after the
    # dev11 rounds (extractor 9dd7d19) at dev12a en 0.986/0.907, dev12b en 1.000/0.987, zh 1.000/0.937,
    # mixed 1.000/0.968, all 1.000/0.963; the session's starting extractor (704bdce) on the same text:
    # dev12a en 0.971/0.903, dev12b en 0.986/0.948, zh 1.000/0.924, mixed 1.000/0.968, all 0.994/0.941.
    # dev12a's misses were then read for one cause (a disclosure about a thing that is no check: en
    # 0.986/0.920). Floors: the figures less about 0.01
    "dev12a": (os.path.join(HERE, "claims_dev12a_2026-12-02.jsonl"),
               {"en": (0.985, 0.93), "zh": (1.0, 1.0), "mixed": (1.0, 1.0), "all": (0.985, 0.93)}),
    "dev12b": (os.path.join(HERE, "claims_dev12b_2026-12-02.jsonl"),
               {"en": (0.99, 0.97), "zh": (0.99, 0.92), "mixed": (0.99, 0.95), "all": (0.99, 0.95)}),
    # written blind at the start of the ninth session by three more authors (LABELS7): dev13a 200 English
    # reports in many ecosystems, dev13b 160 terse/chatty English and 40 mixed, dev13c 140 Chinese and 30
    # mixed. On arrival (extractor 7c7295f, after one dev12a round): dev13a en 0.969/0.901, dev13b en
    # 0.976/0.789, mixed 0.968/0.938, dev13c zh 0.984/0.960, mixed 1.000/0.966. Floors: the figures after the
    # rounds tuned on them less about 0.01
    "dev13a": (os.path.join(HERE, "claims_dev13a_2026-12-03.jsonl"),
               {"en": (0.978, 0.955), "zh": (1.0, 1.0), "mixed": (1.0, 1.0), "all": (0.978, 0.955)}),
    "dev13b": (os.path.join(HERE, "claims_dev13b_2026-12-03.jsonl"),
               {"en": (0.976, 0.885), "zh": (1.0, 1.0), "mixed": (0.99, 0.96), "all": (0.978, 0.90)}),
    "dev13c": (os.path.join(HERE, "claims_dev13c_2026-12-03.jsonl"),
               {"en": (1.0, 1.0), "zh": (0.98, 0.97), "mixed": (0.99, 0.96), "all": (0.98, 0.97)}),
    # written blind in the ninth session, after the dev13 rounds, imitating named agents' styles (Claude Code,
    # Codex, Cursor, Aider, Devin step logs, Chinese agents): on arrival (0e728c4's parent) en 0.970/0.860, zh
    # 1.000/0.976; Devin-style step logs were the largest single cause
    "dev14": (os.path.join(HERE, "claims_dev14_2026-12-03.jsonl"),
              {"en": (0.985, 0.945), "zh": (0.99, 0.99), "mixed": (1.0, 1.0), "all": (0.985, 0.95)}),
    # written blind at the end of the ninth session (200 en, 60 zh, 20 mixed, day-to-day tasks), scored on
    # arrival after every round of the session (fe563e2): en 0.980/0.869, zh 0.979/0.939, mixed 0.944/0.944,
    # all 0.977/0.889; the session's starting code (104b03c) on the same text: en 0.980/0.863, zh 0.958/0.939,
    # all 0.972/0.885. Then read for one round of causes
    "dev15": (os.path.join(HERE, "claims_dev15_2026-12-03.jsonl"),
              {"en": (0.975, 0.90), "zh": (0.97, 0.93), "mixed": (0.94, 0.94), "all": (0.975, 0.91)}),
    # written blind in the tenth session by two authors (230 English; 140 Chinese and 40 mixed, some in
    # traditional characters), scored on arrival against the session's starting code (6290a5c): en
    # 0.983/0.896, zh 0.992/0.954, mixed 1.000/0.943; then read for one round of causes each
    "dev16en": (os.path.join(HERE, "claims_dev16en_2026-12-03.jsonl"),
                {"en": (0.98, 0.94), "all": (0.98, 0.94)}),
    "dev16zh": (os.path.join(HERE, "claims_dev16zh_2026-12-03.jsonl"),
                {"zh": (0.99, 0.98), "mixed": (0.99, 0.99), "all": (0.99, 0.98)}),
    # written blind late in the tenth session (ordinary working days on many kinds of project) and scored
    # on arrival after the dev16 rounds (d51125e): en 0.971/0.884, zh 0.984/0.984, mixed 1.000/0.762, all
    # 0.976/0.897, the same as the session's starting code on it; then one round of causes
    "dev17": (os.path.join(HERE, "claims_dev17_2026-12-03.jsonl"),
              {"en": (0.98, 0.935), "zh": (0.975, 0.99), "mixed": (0.99, 0.94), "all": (0.98, 0.95)}),
    # written blind in the eleventh session (dev18en: 250 English; dev18zh: 110 Chinese, 12 of them in
    # traditional characters, 40 mixed) and scored on arrival (bb34109): en 0.985/0.800; zh 0.962/0.781,
    # mixed 1.000/0.853, all 0.972/0.800; then one round of causes
    "dev18en": (os.path.join(HERE, "claims_dev18en_2026-12-03.jsonl"),
                {"en": (0.985, 0.825), "all": (0.985, 0.825)}),
    "dev18zh": (os.path.join(HERE, "claims_dev18zh_2026-12-03.jsonl"),
                {"zh": (0.955, 0.875), "mixed": (0.99, 0.90), "all": (0.965, 0.88)}),
    # written blind in the twelfth session (dev20en: 300 English in ten agent styles; dev20zh: 150
    # Chinese, 18 in traditional characters, 30 mixed) and scored on arrival (40bb9ff): en 0.958/0.832;
    # zh 0.977/0.915, mixed 0.963/0.867, all 0.975/0.906; then one round of causes
    # (tests/engine/test_claims_dev20_causes.py)
    "dev20en": (os.path.join(HERE, "claims_dev20en_2026-12-03.jsonl"),
                {"en": (0.98, 0.895), "all": (0.98, 0.895)}),
    "dev20zh": (os.path.join(HERE, "claims_dev20zh_2026-12-03.jsonl"),
                {"zh": (0.975, 0.94), "mixed": (0.99, 0.89), "all": (0.98, 0.93)}),
    # written blind late in the twelfth session (220 English, 110 Chinese, 30 mixed, ten situations), scored on
    # arrival after the dev20 round (c3b8616) and on the session's starting code (40bb9ff): the same,
    # en 0.944/0.857, zh 0.937/0.908, mixed 0.964/0.931, all 0.944/0.878; then one round of causes
    "dev21": (os.path.join(HERE, "claims_dev21_2026-12-03.jsonl"),
              {"en": (0.98, 0.90), "zh": (0.99, 0.95), "mixed": (0.95, 0.95), "all": (0.98, 0.92)}),
    # written blind in the thirteenth session (dev22en: 260 English imitating named agents' habits;
    # dev22zh: 130 Chinese, 30 mixed) and scored on arrival (1865614): en 0.970/0.918; zh 0.990/0.909,
    # mixed 1.000/0.960; then one round of causes (tests/engine/test_claims_dev22_causes.py)
    "dev22en": (os.path.join(HERE, "claims_dev22en_2026-12-03.jsonl"),
                {"en": (0.98, 0.96), "all": (0.98, 0.96)}),
    "dev22zh": (os.path.join(HERE, "claims_dev22zh_2026-12-03.jsonl"),
                {"zh": (0.985, 0.94), "mixed": (0.99, 0.99), "all": (0.99, 0.95)}),
    # written blind after the dev22 round (200 English, 100 Chinese, 25 mixed end-of-session recaps told in
    # order) and scored on arrival: en 0.965/0.897, zh 0.972/0.936, mixed 0.957/0.880, all 0.966/0.908, the
    # same message for message as the session's starting code (1865614); then one round of causes
    # (tests/engine/test_claims_dev23_causes.py)
    "dev23": (os.path.join(HERE, "claims_dev23_2026-12-03.jsonl"),
              {"en": (0.98, 0.90), "zh": (0.975, 0.93), "mixed": (0.99, 0.99), "all": (0.98, 0.92)}),
    # written blind in the fourteenth session (dev24en: 260 English; dev24zh: 140 Chinese, 30 mixed, from a
    # guide rewritten that session, LABELS8.md) and scored on arrival (e34774e, the session's starting
    # code): en 0.985/0.845; zh 0.964/0.939, mixed 1.000/0.923; then one round of causes
    # (tests/engine/test_claims_dev24_causes.py)
    "dev24en": (os.path.join(HERE, "claims_dev24en_2026-12-04.jsonl"),
                {"en": (0.99, 0.94), "all": (0.99, 0.94)}),
    "dev24zh": (os.path.join(HERE, "claims_dev24zh_2026-12-04.jsonl"),
                {"zh": (0.985, 0.97), "mixed": (0.99, 0.99), "all": (0.99, 0.98)}),
    # written blind after the dev24 round (long recaps, check tables, footers), scored on arrival: en
    # 0.991/0.878 (0.991/0.871 with the session's starting code), zh 0.971/0.931, mixed 1.000/1.000 (the same
    # with the starting code); then one round of causes (tests/engine/test_claims_dev25_causes.py)
    "dev25en": (os.path.join(HERE, "claims_dev25en_2026-12-04.jsonl"),
                {"en": (0.99, 0.91), "all": (0.99, 0.91)}),
    "dev25zh": (os.path.join(HERE, "claims_dev25zh_2026-12-04.jsonl"),
                {"zh": (0.98, 0.96), "mixed": (0.99, 0.99), "all": (0.985, 0.965)}),
    # written blind after the dev25 round (everyday messages by different personalities, irony, double negatives,
    # non-native English; the guide said text in fences is no claim by itself), scored on arrival: en 0.984/0.930
    # (0.984/0.923 with the session's starting code), zh 0.940/0.866, mixed 1.000/0.931 (the same with the starting
    # code); then one round of causes (tests/engine/test_claims_dev26_causes.py)
    "dev26en": (os.path.join(HERE, "claims_dev26en_2026-12-04.jsonl"),
                {"en": (0.985, 0.95), "all": (0.985, 0.95)}),
    "dev26zh": (os.path.join(HERE, "claims_dev26zh_2026-12-04.jsonl"),
                {"zh": (0.98, 0.95), "mixed": (0.99, 0.93), "all": (0.98, 0.95)}),
    # written blind after the dev26 round (fourteen kinds of task), scored on arrival: en 0.984/0.914 (0.984/0.911
    # with the session's starting code), zh 0.993/0.919, mixed 0.966/0.933 (the same with the starting code);
    # then runners the catalog lacked and an artifact made, in Chinese (tests/engine/test_claims_dev27_causes.py)
    "dev27en": (os.path.join(HERE, "claims_dev27en_2026-12-04.jsonl"),
                {"en": (0.98, 0.94), "all": (0.98, 0.94)}),
    "dev27zh": (os.path.join(HERE, "claims_dev27zh_2026-12-04.jsonl"),
                {"zh": (0.99, 0.91), "mixed": (0.96, 0.93), "all": (0.985, 0.92)}),
    # the fifteenth session's first pair, written blind to lean on long reports, terse status lines, indirect
    # results and subtle negatives; their guide (then) counted a bare block of output and CI results the agent
    # looked at as claims, which the product does not (the spec: text in fences is never a claim; CI's word
    # is relayed; the frozen blind sets agree), so their recall stops short of 1. Scored on arrival (with the
    # dev27 round in): en 0.957/0.808, zh 0.975/0.849, mixed 0.963/0.812; then one round of causes
    # (tests/engine/test_claims_dev28_causes.py)
    "dev28en": (os.path.join(HERE, "claims_dev28en_2026-12-04.jsonl"),
                {"en": (0.99, 0.87), "all": (0.99, 0.87)}),
    "dev28zh": (os.path.join(HERE, "claims_dev28zh_2026-12-04.jsonl"),
                {"zh": (0.99, 0.89), "mixed": (0.99, 0.87), "all": (0.99, 0.89)}),
    # the second pair, written blind midway through that round (everyday sessions, no emphasis), scored on
    # arrival: en 0.976/0.846 (0.976/0.838 with the session's starting code), zh 0.993/0.944, mixed
    # 1.000/1.000 (the same with the starting code); the same guide as dev28
    "dev29en": (os.path.join(HERE, "claims_dev29en_2026-12-04.jsonl"),
                {"en": (0.98, 0.87), "all": (0.98, 0.87)}),
    "dev29zh": (os.path.join(HERE, "claims_dev29zh_2026-12-04.jsonl"),
                {"zh": (0.99, 0.94), "mixed": (0.99, 0.99), "all": (0.99, 0.95)}),
    # two English sets written blind late in that round, the guide then agreeing with the product on fenced blocks
    # and CI: dev30a (claims woven into prose, in many products' voices), scored on arrival 0.983/0.840 (the same
    # with the session's starting code); dev30b (teams' real checks by name: data, mobile, embedded, infra, game,
    # JVM, .NET), scored on arrival, after part of the dev30a round, 0.983/0.926 (0.983/0.921 with the starting code);
    # their authors wrote no notes (the field is empty)
    "dev30a": (os.path.join(HERE, "claims_dev30a_2026-12-04.jsonl"),
               {"en": (0.98, 0.88), "all": (0.98, 0.88)}),
    "dev30b": (os.path.join(HERE, "claims_dev30b_2026-12-04.jsonl"),
               {"en": (0.99, 0.94), "all": (0.99, 0.94)}),
    # the sixteenth session's pair, written blind from the corrected guide (dev31en: many ecosystems, pronouns across
    # lists, a part failing beside the whole; dev31zh: Chinese and mixed, the same), scored on arrival: en
    # 0.980/0.857, zh 0.957/0.846, mixed 1.000/0.907; then one round of causes (tests/engine/test_claims_dev31_causes.py)
    "dev31en": (os.path.join(HERE, "claims_dev31en_2026-12-04.jsonl"),
                {"en": (0.99, 0.965), "all": (0.99, 0.965)}),
    "dev31zh": (os.path.join(HERE, "claims_dev31zh_2026-12-04.jsonl"),
                {"zh": (0.96, 0.94), "mixed": (0.99, 0.96), "all": (0.975, 0.95)}),
    # two English sets written blind midway through that round: dev32a (results in plain prose, many of them builds
    # said in everyday words), scored on arrival 1.000/0.764; dev32b (sessions of every length and shape), 0.959/0.927
    # (both the same with the session's starting code); then one round of causes (test_claims_dev32_causes.py)
    "dev32a": (os.path.join(HERE, "claims_dev32a_2026-12-04.jsonl"),
               {"en": (0.99, 0.90), "all": (0.99, 0.90)}),
    "dev32b": (os.path.join(HERE, "claims_dev32b_2026-12-04.jsonl"),
               {"en": (0.99, 0.99), "all": (0.99, 0.99)}),
    # written blind after the dev32 round (test, lint and typecheck results in plain prose), scored on arrival:
    # 0.967/0.817 (the same with the session's starting code); then one round (test_claims_dev33_causes.py)
    "dev33": (os.path.join(HERE, "claims_dev33_2026-12-04.jsonl"),
              {"en": (0.965, 0.91), "all": (0.965, 0.91)}),
    # the last pair of the sixteenth session, written blind as a representative mix to measure the round on text it
    # was not tuned on; scored on arrival (after the dev31-dev33 rounds): en 0.986/0.965, zh 0.952/1.000, mixed
    # 1.000/0.920 -- exactly the figures of the session's starting code; then a few causes (test_claims_dev33_causes.py)
    "dev34en": (os.path.join(HERE, "claims_dev34en_2026-12-04.jsonl"),
                {"en": (0.99, 0.98), "all": (0.99, 0.98)}),
    "dev34zh": (os.path.join(HERE, "claims_dev34zh_2026-12-04.jsonl"),
                {"zh": (0.98, 0.99), "mixed": (0.99, 0.92), "all": (0.985, 0.98)}),
    # written blind last (plain prose only, many writers' idioms), scored on arrival 0.971/0.863 -- the same as with the
    # session's starting code; then one round of causes (test_claims_dev33_causes.py)
    "dev35": (os.path.join(HERE, "claims_dev35_2026-12-04.jsonl"),
              {"en": (0.975, 0.93), "all": (0.975, 0.93)}),
    # the seventeenth session's three, written blind at its start by three authors (LABELS8, personas rotated),
    # scored on arrival: dev36a (plain prose, twelve writers) 0.984/0.837, dev36b (summaries, tables, output
    # blocks) 0.976/0.943, dev36zh zh 0.993/0.978 and mixed 0.971/1.000; then one round (test_claims_dev36_causes.py)
    "dev36a": (os.path.join(HERE, "claims_dev36a_2026-12-05.jsonl"),
               {"en": (0.985, 0.88), "all": (0.985, 0.88)}),
    "dev36b": (os.path.join(HERE, "claims_dev36b_2026-12-05.jsonl"),
               {"en": (0.99, 0.97), "all": (0.99, 0.97)}),
    "dev36zh": (os.path.join(HERE, "claims_dev36zh_2026-12-05.jsonl"),
                {"zh": (0.99, 0.975), "mixed": (0.97, 0.99), "all": (0.985, 0.98)}),
    # written blind after the dev36 round (240 English by fifteen invented writers, mostly plain prose), scored on
    # arrival: 0.978/0.820, the recall of the session's starting code; then one round (test_claims_dev37_causes.py)
    "dev37en": (os.path.join(HERE, "claims_dev37en_2026-12-05.jsonl"),
                {"en": (0.99, 0.90), "all": (0.99, 0.90)}),
    # written blind after the dev37 round as a representative mix, to measure the session on text it was not tuned
    # on; scored on arrival: en 0.995/0.907 (the starting code 0.995/0.902), zh 1.000/0.967, mixed 1.000/1.000;
    # then its misses read (test_claims_dev37_causes.py)
    "dev38en": (os.path.join(HERE, "claims_dev38en_2026-12-05.jsonl"),
                {"en": (0.99, 0.935), "all": (0.99, 0.935)}),
    "dev38zh": (os.path.join(HERE, "claims_dev38zh_2026-12-05.jsonl"),
                {"zh": (0.99, 0.96), "mixed": (0.99, 0.99), "all": (0.99, 0.97)}),
    # the eighteenth session's pair, written blind (eight personas each: dev39a terse, apologetic, non-native,
    # markdown-heavy, mobile, data, infra, frontend writers; dev39b cheerful, formal passive, regional English,
    # changelog, game, JVM/.NET, Ruby/PHP/Elixir, systems writers), scored on arrival: dev39a 0.983/0.941,
    # dev39b 0.949/0.880; then their causes (test_claims_dev39_causes.py): 0.983/0.952 and 0.956/0.916
    "dev39a": (os.path.join(HERE, "claims_dev39a_2026-12-05.jsonl"),
               {"en": (0.98, 0.95), "all": (0.98, 0.95)}),
    "dev39b": (os.path.join(HERE, "claims_dev39b_2026-12-05.jsonl"),
               {"en": (0.98, 0.92), "all": (0.98, 0.92)}),
    # written blind after the dev39 round as a representative mix (eight writers, 40% short prose, 30% medium
    # markdown, 15% long reports, 15% one-liners), scored on arrival: 0.990/0.942, the same as the session's
    # starting code (the dev39 round moved it by no message); then its causes (test_claims_dev40_causes.py): 0.990/0.971
    "dev40en": (os.path.join(HERE, "claims_dev40en_2026-12-05.jsonl"),
                {"en": (0.985, 0.965), "all": (0.985, 0.965)}),
    # written blind after the dev40 round (eight kinds of task wrapped up after a long session), scored on arrival:
    # 0.973/0.923, the same as the session's starting code again; then its causes (test_claims_dev40_causes.py):
    # 0.982/0.944
    "dev41en": (os.path.join(HERE, "claims_dev41en_2026-12-05.jsonl"),
                {"en": (0.975, 0.94), "all": (0.975, 0.94)}),
    # written blind last: dev42en imitating eight named agent products, dev42zh Chinese-speaking developers' agents;
    # scored on arrival: en 0.990/0.971, zh 0.990/0.970, mixed 0.964/0.900, all the same as the session's starting
    # code; then their causes (test_claims_dev42_causes.py): en 0.990/0.985, zh 0.990/0.980, mixed 0.966/0.933
    "dev42en": (os.path.join(HERE, "claims_dev42en_2026-12-05.jsonl"),
                {"en": (0.985, 0.98), "all": (0.985, 0.98)}),
    "dev42zh": (os.path.join(HERE, "claims_dev42zh_2026-12-05.jsonl"),
                {"zh": (0.985, 0.975), "mixed": (0.96, 0.93), "all": (0.98, 0.965)}),
    # a red team's 120 messages against the eighteenth session's own rules, ten a rule, seven of them honest negatives
    # written to make it misfire (the rule in each note); on arrival en 0.667/0.824 (the session's starting code:
    # 0.550/0.324), then its cases (test_claims_dev42_causes.py): en 0.829/0.853. Left: "tests passing is the bar",
    # a CI run's "All projects passed there", a result label under the user's run, "before the lockfile update"
    "redteam18": (os.path.join(HERE, "claims_redteam18_2026-12-05.jsonl"),
                  {"en": (0.82, 0.85), "zh": (0.99, 0.99), "all": (0.83, 0.86)}),
}
# messages per language each set was written to hold at least
SIZES = {"dev": (300, 150, 30), "dev2": (300, 150, 30), "dev3a": (150, 80, 20), "dev3b": (150, 80, 20),
         "dev9a": (200, 15, 15),
         "dev4a": (150, 80, 25), "dev5": (150, 80, 25), "dev6a": (150, 80, 25), "dev6b": (150, 80, 25),
         "dev7a": (200, 40, 25), "dev7b": (60, 160, 45),
         "dev8": (170, 30, 20), "dev9b": (190, 10, 20),
         "dev9c": (30, 150, 40), "dev10": (190, 40, 20),
         "dev11a": (250, 0, 0), "dev11b": (250, 0, 0), "dev11c": (0, 180, 50),
         "dev12a": (260, 0, 0), "dev12b": (100, 100, 40),
         "dev13a": (200, 0, 0), "dev13b": (160, 0, 40), "dev13c": (0, 140, 30), "dev14": (220, 40, 0),
         "dev15": (200, 60, 20), "dev16en": (230, 0, 0), "dev16zh": (0, 140, 40), "dev17": (200, 70, 20),
         "dev18en": (250, 0, 0), "dev18zh": (0, 110, 40), "dev20en": (300, 0, 0), "dev20zh": (0, 150, 30),
         "dev21": (220, 110, 30), "dev22en": (260, 0, 0), "dev22zh": (0, 130, 30),
         "dev23": (200, 100, 25), "dev24en": (260, 0, 0), "dev24zh": (0, 140, 30),
         "dev25en": (260, 0, 0), "dev25zh": (0, 140, 30), "dev26en": (260, 0, 0), "dev26zh": (0, 140, 30),
         "dev27en": (260, 0, 0), "dev27zh": (0, 140, 30), "dev28en": (260, 0, 0), "dev28zh": (0, 140, 30),
         "dev29en": (260, 0, 0), "dev29zh": (0, 140, 30), "dev30a": (200, 0, 0), "dev30b": (200, 0, 0),
         "dev31en": (200, 0, 0), "dev31zh": (0, 125, 35),
         "dev32a": (200, 0, 0), "dev32b": (200, 0, 0), "dev33": (200, 0, 0),
         "dev34en": (200, 0, 0), "dev34zh": (0, 100, 30), "dev35": (200, 0, 0),
         "dev36a": (220, 0, 0), "dev36b": (200, 0, 0), "dev36zh": (0, 150, 40), "dev37en": (240, 0, 0),
         "dev38en": (220, 0, 0), "dev38zh": (0, 100, 30), "dev39a": (240, 0, 0), "dev39b": (240, 0, 0),
         "dev40en": (240, 0, 0), "dev41en": (240, 0, 0), "dev42en": (240, 0, 0), "dev42zh": (0, 120, 30),
         "redteam18": (110, 3, 0)}


def _scorer():
    spec = importlib.util.spec_from_file_location("score_claims", os.path.join(ROOT, "benchmarks", "score_claims.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_TALLIES = {}


def _tally(name):
    if name not in _TALLIES:
        scorer = _scorer()
        result, misses = scorer.score(scorer.load(SETS[name][0]))
        print("\n[claims %s set]\n" % name + scorer.report(result))
        _TALLIES[name] = result
    return _TALLIES[name]


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_dev_set_is_the_agreed_shape(name):
    rows = _scorer().load(SETS[name][0])
    langs = [r["lang"] for r in rows]
    en, zh, mixed = SIZES[name]
    assert langs.count("en") >= en and langs.count("zh") >= zh and langs.count("mixed") >= mixed
    for row in rows:
        assert set(row) == {"id", "lang", "text", "claims", "note"}
        for claim in row["claims"]:
            assert claim["category"] in ("test", "typecheck", "lint", "build")
            assert claim["scope"] in ("all", "subset") and isinstance(claim["qualified"], bool)


@pytest.mark.parametrize("name", sorted(SETS))
@pytest.mark.parametrize("lang", ["en", "zh", "mixed", "all"])
def test_dev_set_precision_and_recall(name, lang):
    tally = _tally(name)
    if lang not in tally:       # a set written without that language
        assert SIZES[name][("en", "zh", "mixed").index(lang)] == 0
        return
    precision, recall = SETS[name][1][lang]
    assert tally[lang]["precision"] >= precision and tally[lang]["recall"] >= recall, tally[lang]


def test_the_scorer_counts_pairs_and_qualified_claims():
    scorer = _scorer()
    rows = [
        {"id": "a", "lang": "en", "text": "All 12 tests pass and lint is clean.", "note": "",
         "claims": [{"category": "test", "scope": "all", "qualified": False},
                    {"category": "lint", "scope": "all", "qualified": False}]},
        {"id": "b", "lang": "zh", "text": u"除了一个不稳定的用例，其余测试都通过了。", "note": "",
         "claims": [{"category": "test", "scope": "subset", "qualified": True}]},
        {"id": "c", "lang": "en", "text": "The tests should pass now.", "note": "", "claims": []},
        {"id": "d", "lang": "en", "text": "Lint is clean.", "note": "",
         "claims": [{"category": "build", "scope": "all", "qualified": False}]},
    ]
    result, misses = scorer.score(rows)
    assert (result["en"]["tp"], result["en"]["fp"], result["en"]["fn"]) == (2, 1, 1)
    assert (result["zh"]["tp"], result["zh"]["fp"], result["zh"]["fn"]) == (1, 0, 0)
    assert result["all"]["messages"] == 4 and [m[0]["id"] for m in misses] == ["d"]
