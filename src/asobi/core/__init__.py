"""Shared core: errors, table writing with provenance, claims, variant ids, config, logs."""
