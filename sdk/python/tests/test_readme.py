"""Every Python snippet of the README runs as written (SWITCHBOARD_URL and an organization-wide key set)."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
import unittest

from .support import BASE_URL, needs_service, tenant

HERE = pathlib.Path(__file__).resolve().parent.parent
SNIPPETS = re.findall(r"```python\n(.*?)```", (HERE / "README.md").read_text(encoding="utf-8"), re.DOTALL)


@needs_service
class ReadmeTest(unittest.TestCase):
    def test_snippets_run(self) -> None:
        self.assertGreaterEqual(len(SNIPPETS), 7)
        client, _ = tenant()
        env = {**os.environ, "SWITCHBOARD_URL": BASE_URL, "SWITCHBOARD_API_KEY": client.api_key or "", "PYTHONPATH": str(HERE)}
        for i, code in enumerate(SNIPPETS):
            with self.subTest(snippet=i, first_line=code.splitlines()[0]):
                run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
                self.assertEqual(run.returncode, 0, run.stderr + run.stdout)
