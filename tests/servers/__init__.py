"""Loopback HTTP servers for source tests: a replay server for real recorded responses and a
corpus-backed simulator of the scholarly APIs with real rate limits and injectable faults."""
