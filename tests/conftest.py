import os

import pytest


def pytest_collection_modifyitems(config, items):
    # GPU tests run only when asked for (`pytest -m gpu`) and a real GPU is visible
    if "gpu" in (config.getoption("-m") or ""):
        return
    skip = pytest.mark.skip(reason="needs a real GPU: run `pytest -m gpu` on a machine with one")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def _no_cudasim_in_main_process():
    # the CUDA simulator runs in its own process (tests/test_cudasim.py); never here
    assert os.environ.get("NUMBA_ENABLE_CUDASIM") != "1" or os.environ.get("SPECFUN_CUDASIM_CHILD") == "1"
    yield
