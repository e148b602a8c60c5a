"""Publishing: the audit report (static HTML), the Frictionless data package and its check.

Everything here reads whatever tables exist under ``results/``: a game that is disabled in
the config simply has no section, figure or resource.
"""
