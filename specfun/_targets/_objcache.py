"""The compiled ufunc loops as machine code on disk, loaded without importing Numba.

Numba's disk cache keeps a kernel's compiled code, but loading it costs a process most of
a first call: importing Numba (~0.15 s), filling its typing and target registries on the
first cache load (~0.1 s), and rebuilding every ufunc loop around the cached kernel, which
LLVM optimizes and compiles again on every load (the inlining that vectorizes a loop happens
there).  A first call from a warm cache measured 0.38 s.

When :mod:`specfun._targets.cpu` builds a function's loops it also writes each loop's
finished object code here (LLVM's own, emitted from the module Numba finalized).  A later
process loads those objects into one llvmlite MCJIT engine (milliseconds) and assembles the
NumPy ufunc from their addresses (``_quiet.make``): Numba is not imported at all.

A loop is loaded only where every external symbol it needs is an LLVM intrinsic, found in
the process (libm, CPython), or one of Numba's C helpers that the exception path of some
kernels calls (bound from Numba's ``_helperlib`` extension, loaded on its own without the numba
package: see ``_resolve``): otherwise, or on any mismatch or damaged file, the loader answers
None and the caller builds through Numba as before.  The file name carries a hash of everything the
code depends on: the kernels' fingerprints (code, constants and callees, as in Numba's
cache key), the signatures and build options, the sources of the CPU target, the host CPU
and its features, and the versions of Numba and llvmlite.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import threading
from pathlib import Path

from specfun._targets import cache

_lock = threading.Lock()
_engine = None
_capture = threading.local()
_loaded: dict = {}  # file -> what load() answered
_FORMAT = 1


def engine():
    """The process's llvmlite MCJIT engine for specfun's own machine code."""
    global _engine
    if _engine is None:
        import llvmlite.binding as llvm

        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        tm = llvm.Target.from_default_triple().create_target_machine(
            cpu=llvm.get_host_cpu_name(), features=llvm.get_host_cpu_features().flatten(), opt=3)
        _engine = (llvm, llvm.create_mcjit_compiler(llvm.parse_assembly(""), tm))
    return _engine


def directory() -> Path:
    cache.configure()
    base = os.environ.get("NUMBA_CACHE_DIR")
    return Path(base) / "specfun_loops" if base else cache.PACKAGE_DIR / "_targets" / "__pycache__" / "loops"


_host: bytes | None = None


def _host_key() -> bytes:
    """What every loop's code depends on besides its kernels: the target sources, the host
    CPU and its features, the Numba and llvmlite versions (computed once per process)."""
    global _host
    if _host is None:
        from importlib.metadata import version

        import llvmlite.binding as llvm

        h = hashlib.sha256(repr((_FORMAT, llvm.get_host_cpu_name(), llvm.get_host_cpu_features().flatten(),
                                 version("numba"), version("llvmlite"))).encode())
        here = Path(__file__).resolve().parent
        for src in ("cpu.py", "_quiet.py", "_retarget.py", "_objcache.py"):
            h.update((here / src).read_bytes())
        _host = h.digest()
    return _host


def _key(spec, part: str) -> str:
    from specfun._targets._retarget import fingerprint

    found = spec.loop_set(part)
    kernels = found[:2] if found else (None, None)
    h = hashlib.sha256(_host_key())
    for k in kernels:
        h.update((fingerprint(k) if k is not None else "-").encode())
    h.update(repr((part, spec.sigs, spec.nin, bool(spec.extra.get("inline")), spec.extra.get("vector_width"),
                   os.environ.get("SPECFUN_NO_FMA", ""))).encode())
    return h.hexdigest()[:24]


_paths: dict = {}


def _path(spec, part: str) -> Path:
    """The cache file of a function's loops (computed once per process: before its build)."""
    p = _paths.get((spec.name, part))
    if p is None:
        p = _paths[(spec.name, part)] = directory() / f"{spec.name}-{part}-{_key(spec, part)}.pkl"
    return p


# --- writing: the loops Numba builds are captured while a function is built -----------

def prepare(spec, part: str) -> None:
    try:
        _path(spec, part)
    except Exception:
        pass

def start_capture() -> None:
    _capture.infos = []


def captured() -> list:
    infos = getattr(_capture, "infos", None) or []
    _capture.infos = None
    return infos


def install_capture() -> None:
    """Record (on the building thread) each ufunc loop wrapper Numba builds."""
    from numba.np.ufunc import ufuncbuilder

    real = ufuncbuilder.build_ufunc_wrapper
    if getattr(real, "_specfun_capture", False):
        return

    def build_ufunc_wrapper(*args, **kwargs):
        info = real(*args, **kwargs)
        infos = getattr(_capture, "infos", None)
        if infos is not None:
            infos.append(info)
        return info

    build_ufunc_wrapper._specfun_capture = True
    ufuncbuilder.build_ufunc_wrapper = build_ufunc_wrapper


def _row(key, library, symbol: str) -> tuple:
    """(key, symbol, external symbols, object code) of the function ``symbol`` in a finalized
    Numba code library: LLVM's object code emitted from the module Numba finalized."""
    mod = library._final_module
    externals = sorted({f.name for f in mod.functions if f.is_declaration}
                       | {g.name for g in mod.global_variables if g.is_declaration})
    return key, symbol, [e for e in externals if not e.startswith("llvm.")], library._codegen._tm.emit_object(mod)


def _write(path: Path, payload: dict, stem: str) -> None:
    """Write ``payload`` to ``path`` atomically and remove the files of earlier versions
    (``stem-*.pkl``); nothing where the cache cannot be written (a slower next start)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(pickle.dumps(payload))
        os.replace(tmp, path)
        for old in path.parent.glob(f"{stem}-*.pkl"):
            if old != path:
                old.unlink(missing_ok=True)
    except Exception:
        return


def store(spec, part: str, loops: dict, infos: list, ufunc_name: str) -> None:
    """Write the object code of ``loops`` ({type codes: (address, data)}) found among the
    captured wrapper ``infos``; nothing where any loop is missing or not self-contained."""
    try:
        by_address = {}
        for info in infos:
            lib = info.library
            by_address[lib.get_pointer_to_function(info.name)] = info
        rows = []
        for codes, (addr, _data) in loops.items():
            info = by_address.get(addr)
            if info is None:
                return
            rows.append(_row(codes, info.library, info.name))
        payload = {"name": ufunc_name, "nin": len(spec.loop_set(part)[3]), "rows": rows}
        _write(_path(spec, part), payload, f"{spec.name}-{part}")
    except Exception:  # a cache that cannot be written is only a slower next start
        return


# --- loading --------------------------------------------------------------------------

_process = None
_helpers: dict = {}


def _numba_helpers(module: str = "_helperlib") -> dict:
    """The C helpers by name of one of Numba's extension modules (``_helperlib``: ``numba_<name>``,
    the GIL, raising, unpickling an exception's arguments; ``core.runtime._nrt_python``:
    ``NRT_<name>``), from its ``c_helpers``.  Where Numba is not imported, the extension is loaded
    on its own (~0.5 ms, without the numba package): the same shared object Numba loads later,
    so the same addresses it registers then.  Where Numba is imported, its own module (loading
    the extension a second time would run its init again)."""
    found = _helpers.get(module)
    if found is None:
        import importlib
        import sys

        name = "numba." + module
        if "numba" in sys.modules:
            mod = importlib.import_module(name)
        else:
            import importlib.machinery
            import importlib.util

            pkg = importlib.util.find_spec("numba")  # locates the package without importing it
            *parents, leaf = module.split(".")
            paths = [Path(d, *parents) / f"{leaf}{suffix}" for d in pkg.submodule_search_locations
                     for suffix in importlib.machinery.EXTENSION_SUFFIXES]
            spec = importlib.util.spec_from_file_location(leaf, next(p for p in paths if p.is_file()))
            mod = importlib.util.module_from_spec(spec)  # not put in sys.modules
            spec.loader.exec_module(mod)
        found = _helpers[module] = dict(mod.c_helpers)
    return found


def _resolve(llvm, symbol: str) -> bool:
    """Make ``symbol`` known to MCJIT: already known (Numba registers its C helpers when it
    compiles); one of Numba's C helpers (``numba_*``: the exception path of kernels Numba could
    not prove free of one, never taken by a kernel that does not raise); a built-in exception
    class (``PyExc_*``, bound as Numba binds it: to the class object itself); or found in the
    process (libm, CPython).  Of Numba's runtime (``NRT_*``, which needs Numba's set-up) only
    ``NRT_Free``: an exception path frees a dynamic exception's arguments with it (our kernels
    raise none), and Numba's runtime frees with CPython's raw allocator, so it is
    ``PyMem_RawFree``.  Loops needing more of the runtime load only once Numba is imported."""
    global _process
    if symbol.startswith("PyExc_"):
        # before the general look-up: the process has a symbol of this name too, CPython's
        # pointer variable, which is not what Numba's code means by it
        import builtins

        exc = getattr(builtins, symbol[len("PyExc_"):], None)
        if not (isinstance(exc, type) and issubclass(exc, BaseException)):
            return False
        if llvm.address_of_symbol(symbol) != id(exc):
            llvm.add_symbol(symbol, id(exc))
        return True
    if llvm.address_of_symbol(symbol):
        return True
    if symbol == "NRT_Free":
        import ctypes

        llvm.add_symbol(symbol, ctypes.cast(ctypes.pythonapi.PyMem_RawFree, ctypes.c_void_p).value)
        return True
    # NRT_MemInfo_call_dtor: the end of an array's decref in Numba's code; loops whose arrays
    # are views of memory they do not own (numba.carray: no meminfo) never reach it.  Numba's
    # own, from its runtime extension (loaded on its own where Numba is not imported)
    helper = (("core.runtime._nrt_python", "MemInfo_call_dtor") if symbol == "NRT_MemInfo_call_dtor" else
              ("_helperlib", symbol[len("numba_"):]) if symbol.startswith("numba_") else None)
    if helper is not None:
        try:
            addr = _numba_helpers(helper[0]).get(helper[1])
        except Exception:
            return False
        if not addr:
            return False
        llvm.add_symbol(symbol, addr)
        return True
    if symbol.startswith("NRT_"):
        return False
    import ctypes

    if _process is None:
        _process = ctypes.CDLL(None)
    try:
        addr = ctypes.addressof(ctypes.c_char.in_dll(_process, symbol))
    except ValueError:
        return False
    llvm.add_symbol(symbol, addr)
    return True


def load(spec, part: str):
    """``(ufunc name, nin, {type codes: loop address})`` from the disk, or None."""
    try:
        path = _path(spec, part)
        if path in _loaded:
            return _loaded[path]  # MCJIT refuses a second definition of the same symbols
        if not path.is_file():
            return None
        data = pickle.loads(path.read_bytes())
        return _link(path, data["rows"], lambda loops: (data["name"], data["nin"], loops))
    except Exception:
        return None


def _link(path: Path, rows: list, result):
    """Load ``rows`` (key, symbol, externals, object code) into the engine once per file:
    ``result({key: address})``, or None where a symbol is not found in this process (the
    caller builds through Numba) or an address is missing."""
    with _lock:
        if path in _loaded:
            return _loaded[path]  # MCJIT refuses a second definition of the same symbols
        llvm, eng = engine()
        for _key, _sym, externals, _obj in rows:
            if not all(_resolve(llvm, s) for s in externals):
                return None
        for _key, _sym, _ext, obj in rows:
            eng.add_object_file(llvm.ObjectFileRef.from_data(obj))
        eng.finalize_object()
        found = {key: eng.get_function_address(sym) for key, sym, _e, _o in rows}
        _loaded[path] = result(found) if all(found.values()) else None
    return _loaded[path]


def native(name: str, sources: tuple, build) -> dict:
    """``{function name: address}`` of C functions written with Numba: ``build()`` answers
    ``{name: numba cfunc}``.  From the loop cache where a process stored their machine code
    before (loaded into this process's MCJIT engine: Numba is not imported), else built now
    and stored.  ``sources``: the files the code comes from, relative to the package (in the
    key, with everything :func:`_host_key` covers)."""
    here = cache.PACKAGE_DIR
    path = None
    try:
        h = hashlib.sha256(_host_key() + name.encode())
        for src in sources:
            h.update((here / src).read_bytes())
        path = directory() / f"native-{name}-{h.hexdigest()[:24]}.pkl"
        found = _load_native(path)
        if found is not None:
            return found
    except Exception:
        pass
    functions = build()
    addresses = {k: f.address for k, f in functions.items()}
    if path is not None:
        try:
            rows = [_row(k, f._library, f.native_name) for k, f in functions.items()]
        except Exception:
            rows = None
        if rows is not None:
            _write(path, {"rows": rows}, f"native-{name}")
    return addresses


def _load_native(path: Path):
    """``{name: address}`` from a file :func:`native` wrote, or None."""
    if path in _loaded:
        return _loaded[path]
    if not path.is_file():
        return None
    return _link(path, pickle.loads(path.read_bytes())["rows"], lambda found: found)


def ufunc(spec, part: str = "main"):
    """The function's assembled ufunc from the loop cache (``part`` as ``FunctionSpec.loop_set``), or None."""
    found = load(spec, part)
    if found is None:
        return None
    from specfun import _ufuncs as home
    from specfun._targets import _quiet

    name, nin, loops = found
    doc = f"specfun.{spec.name} " + {"main": "(the raw NumPy ufunc)", "default": "at its keyword defaults"}.get(
        part, f"at {part[0]} = {part[1:]}")
    uf = _quiet.make({codes: (addr, 0) for codes, addr in loops.items()}, nin, 1, name, doc)
    if _quiet.SUPPORTED:
        _quiet.QUIET.add(spec.name if part == "main" else f"{spec.name}#{part}")
    if part == "main":
        setattr(home, name, uf)  # pickled by reference from there
    return uf
