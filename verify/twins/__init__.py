"""The independent mpmath twins of the exact step maps, one module per family (named as in verify.methods).

A twin has its own coefficient data, written out again here, so a wrong coefficient on one path is caught
by the cross-check instead of being shared by both.
"""
