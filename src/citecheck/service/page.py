"""The web page at ``/`` (filled in below)."""

from __future__ import annotations

from citecheck.service.config import ServiceConfig


def render_page(config: ServiceConfig) -> str:
    return "<!DOCTYPE html><title>citecheck</title>"
