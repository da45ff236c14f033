"""Sphinx configuration; the per-function pages are generated from the registry at build time."""
import os
import sys

sys.path.insert(0, os.path.abspath(".."))
sys.path.insert(0, os.path.abspath("_ext"))

project = "specfun"
author = "the specfun developers"
release = __import__("specfun").__version__
extensions = ["sphinx.ext.autodoc", "sphinx.ext.mathjax", "numpydoc", "specfun_pages"]
numpydoc_show_class_members = False
numpydoc_validation_checks = set()
html_theme = "alabaster"
exclude_patterns = ["_build"]
suppress_warnings = ["toc.not_included"]
