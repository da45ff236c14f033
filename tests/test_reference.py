"""Every implemented function, every dtype, against the mpmath tables in reference_data/.

Each region must stay within its accepted figure in reference_data/baseline.json
(max ULP and wrong special values; written by `specfun accuracy --update-baseline`).
A function without data or without a baseline entry is skipped, with the reason.
"""
import numpy as np
import pytest

import specfun
from specfun._registry import REGISTRY
from specfun.reference.definitions import REFS
from specfun.testing import has_reference, load_baseline, measure

SIGS = ("d", "f", "e", "bf16")
CASES = [pytest.param(name, sig, id=f"{name}[{sig}]") for name in sorted(REGISTRY) if name in REFS for sig in SIGS]
BASE = load_baseline()


@pytest.mark.parametrize("name, sig", CASES)
def test_matches_reference(name, sig):
    if not has_reference(name, sig):
        pytest.skip(f"no reference data for {name}[{sig}] (specfun refgen {name})")
    base = BASE.get(name, {}).get(sig)
    if not base:
        pytest.skip(f"no baseline for {name}[{sig}] (specfun accuracy --update-baseline {name})")
    from specfun.testing import load_reference

    ref = load_reference(name, sig)
    if base.get("_data") not in (None, ref.meta.get("input_checksum")):
        pytest.skip(f"baseline of {name}[{sig}] was recorded on other reference data (--update-baseline {name})")
    figs, got, err, ref = measure(name, sig, getattr(specfun, name), "cpu", ref)
    bad = []
    for region, f in figs.items():
        b = base.get(region)
        if b is None or not f.points:
            continue
        if f.max_ulp > b["max_ulp"] or f.wrong_special > b["wrong_special"]:
            i = f.worst
            args = tuple(float(a[i]) for a in ref.args)
            bad.append(f"{region}: max {f.max_ulp:.3g} ULP (baseline {b['max_ulp']}), wrong specials "
                       f"{f.wrong_special} (baseline {b['wrong_special']}); worst {args}: got {float(got[i])!r}, "
                       f"want {float(ref.hi[i])!r}")
    assert not bad, f"{name}[{sig}] regressed:\n" + "\n".join(bad)


def test_every_reference_function_has_regions_and_every_kernel_a_reference():
    from specfun.reference.regions import REGIONS

    assert set(REGIONS) == set(REFS)
    not_here = {"round"}
    missing = sorted(set(REGISTRY) - set(REFS) - not_here)
    assert not missing, f"functions without an mpmath reference definition: {missing}"


def test_reference_data_is_well_formed():
    for name in sorted(REFS):
        for sig in SIGS:
            if not has_reference(name, sig):
                continue
            from specfun.testing import load_reference

            ref = load_reference(name, sig)
            n = len(ref.hi)
            assert all(len(a) == n for a in ref.args)
            assert len(ref.lo) == len(ref.region) == len(ref.scale) == len(ref.flags) == n
            assert ref.region.max() < len(ref.region_names)
            # inputs representable in the dtype
            for a, k in zip(ref.args, ref.meta["kinds"]):
                if k == "real":
                    with np.errstate(all="ignore"):
                        np.testing.assert_array_equal(a.astype(ref.dtype).astype(np.float64), a)
            # lo is below half an ULP of hi
            fin = np.isfinite(ref.hi) & (ref.hi != 0)
            assert np.all(np.abs(ref.lo[fin]) <= np.spacing(np.abs(ref.hi[fin])) / 2)


def _writer(args):
    import os

    os.environ["SPECFUN_REFERENCE_DATA"] = args[0]
    from specfun.accuracy import update_baseline
    from specfun.testing import Figures

    name = args[1]
    for k in range(20):
        figs = {"all": Figures(10, 1.0 + k, 0.5, 0.1, 0, 0), "typical": Figures(5, 0.5, 0.4, 0.1, 0, 0)}
        update_baseline({(name, "d"): figs}, {name}, allow_loosen=True)


def test_update_baseline_is_safe_with_concurrent_writers(tmp_path, monkeypatch):
    import json
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(3) as pool:
        pool.map(_writer, [(str(tmp_path), n) for n in ("fa", "fb", "fc")])
    data = json.loads((tmp_path / "baseline.json").read_text())["functions"]
    assert sorted(data) == ["fa", "fb", "fc"]
    assert data["fa"]["d"]["all"] == {"max_ulp": 20.0, "points": 10, "wrong_special": 0}


def test_update_baseline_only_tightens(tmp_path, monkeypatch):
    monkeypatch.setenv("SPECFUN_REFERENCE_DATA", str(tmp_path))
    from specfun.accuracy import regressions, update_baseline
    from specfun.testing import Figures, load_baseline

    update_baseline({("f", "d"): {"all": Figures(10, 2.0, 1, 0.1, 0, 0)}}, {"f"})
    update_baseline({("f", "d"): {"all": Figures(10, 3.0, 1, 0.1, 0, 0)}}, {"f"})  # worse: kept at 2
    assert load_baseline()["f"]["d"]["all"]["max_ulp"] == 2.0
    assert regressions("f", "d", {"all": Figures(10, 3.0, 1, 0.1, 0, 0)}, load_baseline())
    update_baseline({("f", "d"): {"all": Figures(10, 1.5, 1, 0.1, 0, 0)}}, {"f"})  # better: tightened
    assert load_baseline()["f"]["d"]["all"]["max_ulp"] == 1.5
    update_baseline({("f", "d"): {"all": Figures(10, 3.0, 1, 0.1, 1, 0)}}, {"f"}, allow_loosen=True)
    assert load_baseline()["f"]["d"]["all"] == {"max_ulp": 3.0, "points": 10, "wrong_special": 1}
    # regenerated data: the entry is replaced, not tightened
    update_baseline({("f", "d"): {"all": Figures(10, 2.5, 1, 0.1, 0, 0)}}, {"f"}, checksums={("f", "d"): "aa"})
    update_baseline({("f", "d"): {"all": Figures(10, 4.0, 1, 0.1, 0, 0)}}, {"f"}, checksums={("f", "d"): "bb"})
    assert load_baseline()["f"]["d"]["all"]["max_ulp"] == 4.0 and load_baseline()["f"]["d"]["_data"] == "bb"


def test_accuracy_command_outputs(tmp_path, capsys):
    import json

    from specfun.accuracy import main

    js, md, plots = tmp_path / "a.json", tmp_path / "a.md", tmp_path / "plots"
    rc = main(["exp2", "xlogy", "--regions", "--compare", "scipy,torch", "--json", str(js), "--markdown", str(md),
               "--plots", str(plots)])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "exp2" in out and "scipy max" in out and "torch max" in out
    data = json.loads(js.read_text())
    assert data["results"]["exp2[d]"]["all"]["points"] > 1000
    assert "scipy:exp2[d]" in data["compare"] and "torch:xlogy[f]" in data["compare"]
    assert md.read_text().startswith("# Accuracy against mpmath")
    assert (plots / "exp2.png").stat().st_size > 1000


def test_accuracy_names_by_comma_or_space(capsys):
    from specfun.accuracy import main

    assert main(["erf,expit", "sinc"]) == 0
    out = capsys.readouterr().out
    assert all(f"\n{n} " in out for n in ("erf", "expit", "sinc"))


def test_accuracy_lists_missing_kernels(monkeypatch, capsys):
    from specfun import accuracy
    from specfun.reference import definitions

    monkeypatch.setitem(definitions.REFS, "no_such_kernel", definitions.REFS["erf"])
    rows, results, missing, nodata, comp, extra = accuracy.run(["no_such_kernel", "erf"], ("d",))
    assert missing == ["no_such_kernel"]
    assert results[("erf", "d")]["all"].points > 0
