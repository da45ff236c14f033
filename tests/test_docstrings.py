"""Every public function has a docstring whose examples run (doctest)."""
import doctest

import pytest

import specfun
from specfun._registry import REDUCTIONS, REGISTRY


@pytest.mark.parametrize("name", sorted([*REGISTRY, *REDUCTIONS]))
def test_docstring_example_runs(name):
    fn = getattr(specfun, name)
    doc = fn.__doc__ or ""
    assert "Examples" in doc, f"{name}: no Examples section"
    parser = doctest.DocTestParser()
    test = parser.get_doctest(doc, {"specfun": specfun}, name, None, 0)
    assert test.examples, f"{name}: no doctest examples"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{name}: {runner.failures} doctest failure(s)"


def test_module_examples():
    import specfun.scalar

    res = doctest.testmod(specfun.scalar, optionflags=doctest.ELLIPSIS)
    if "erf" not in REGISTRY or "gammaln" not in REGISTRY:
        pytest.skip("the example uses erf and gammaln")
    assert res.failed == 0
