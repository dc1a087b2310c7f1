#!/usr/bin/env python3
"""Prints 'LABEL: N passed, N failed, N skipped' from a meson testlog.json;
exits 1 if a test failed or no test ran."""
import json
import sys

counts = {"OK": 0, "FAIL": 0, "SKIP": 0, "EXPECTEDFAIL": 0, "TIMEOUT": 0, "ERROR": 0}
with open(sys.argv[1]) as f:
    for line in f:
        if line.strip():
            result = json.loads(line).get("result", "ERROR")
            counts[result] = counts.get(result, 0) + 1
passed = counts["OK"] + counts["EXPECTEDFAIL"]
failed = sum(v for k, v in counts.items() if k not in ("OK", "EXPECTEDFAIL", "SKIP"))
print("%s: %d passed, %d failed, %d skipped" % (sys.argv[2] if len(sys.argv) > 2 else "tests",
                                              passed, failed, counts["SKIP"]))
sys.exit(1 if failed or passed == 0 else 0)
