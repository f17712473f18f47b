"""Plain constants the scanner shares with its settings (no pydantic on the scan path)."""
from __future__ import annotations

MAX_FILE_BYTES = 5_000_000  # larger files get FIL003 and are not scanned
