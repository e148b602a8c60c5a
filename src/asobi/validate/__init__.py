"""``asobi validate``: check the published tables against their data package.

A package of its own only so that the CLI's sub-package discovery offers ``asobi validate``
as a top-level command; the checks live in :mod:`asobi.report.validate`.
"""
