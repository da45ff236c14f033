"""The measuring instrument: mpmath definitions, sampling regions, generation.

Never imported at run time by specfun itself.  See reference_data/README.md.
"""
