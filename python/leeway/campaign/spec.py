"""A campaign's specification: which world, which trials, what each varies (docs/python.md,
"Campaigns"). Read from YAML (or given as a dict) and checked before anything runs: every
problem names the spec file, the key and the value, and says what was expected."""

import hashlib
import itertools
import json
import math
import os

import numpy as np

from .._config import WORLDS

#: The parameter groups a sweep or a random draw may vary, and what each sets.
GROUPS = {
    "sea_state": "a <waves> element of the environment (Simulation.set_sea_state)",
    "wind": "a <wind> element (Simulation.set_wind)",
    "current": "velocity, process, profile or tides (Simulation.set_current)",
    "command": "an actuator's held command, command.MODEL/ACTUATOR",
    "gain": "a gain of the campaign's controller, gain.NAME",
}

KEYS = {"name", "world", "duration", "seeds", "controllers", "commands", "fixed", "sweep",
        "random", "extra", "controller", "output", "report", "worst_tracks"}


class SpecError(ValueError):
    """A campaign spec that cannot run: says where and what was expected."""


class Spec:
    """A checked campaign spec. `trials()` lists its trials in a fixed order."""

    def __init__(self, data, source="<spec>", base_dir=".", output_dir=None):
        """`base_dir`: where a relative world is sought first; `output_dir`: where a relative
        table and report go (default: the current folder)."""
        where = f"campaign spec '{source}'"
        if not isinstance(data, dict):
            raise SpecError(f"{where}: expected a mapping of keys, got {type(data).__name__}")
        unknown = set(data) - KEYS
        if unknown:
            raise SpecError(f"{where}: unknown key(s) {sorted(unknown)}; expected some of "
                            f"{sorted(KEYS)}")
        self.source = source
        self.data = data
        stem = os.path.splitext(os.path.basename(source))[0] if source != "<spec>" else "campaign"
        self.name = str(data.get("name", stem))
        self.world = self._world(data.get("world", "default"), base_dir, where)
        self.duration = data.get("duration")
        if self.duration is not None and not (_number(self.duration) and self.duration > 0):
            raise SpecError(f"{where}: duration {self.duration!r}: expected a positive number "
                            "of seconds")
        seeds = data.get("seeds", 1)
        if isinstance(seeds, int) and not isinstance(seeds, bool) and seeds > 0:
            self.seeds = list(range(seeds))
        elif isinstance(seeds, list) and seeds and all(
                isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in seeds):
            self.seeds = list(seeds)
        else:
            raise SpecError(f"{where}: seeds {seeds!r}: expected a count (> 0) or a list of "
                            "non-negative integers")
        self.controllers = bool(data.get("controllers", True))
        self.commands = self._mapping(data.get("commands", {}), "commands", where)
        self.fixed = self._mapping(data.get("fixed", {}), "fixed", where)
        for group in self.fixed:
            if group not in ("sea_state", "wind", "current"):
                raise SpecError(f"{where}: fixed.{group}: expected sea_state, wind or current")
        self.sweep = self._parameters(data.get("sweep", {}), "sweep", where)
        for key, values in self.sweep.items():
            if not isinstance(values, list) or not values:
                raise SpecError(f"{where}: sweep.{key} {values!r}: expected a non-empty list of "
                                "values")
        self.random = self._parameters(data.get("random", {}), "random", where)
        for key, law in self.random.items():
            _check_law(law, f"{where}: random.{key}")
        clash = set(self.sweep) & set(self.random)
        if clash:
            raise SpecError(f"{where}: {sorted(clash)} both swept and drawn; expected one of "
                            "them")
        self.extra = data.get("extra", [])
        if not isinstance(self.extra, list):
            raise SpecError(f"{where}: extra {self.extra!r}: expected a list of trials")
        for i, trial in enumerate(self.extra):
            missing = {"seed", *self.sweep} - set(trial) if isinstance(trial, dict) else {"seed"}
            unknown = set(trial) - {"seed", *self.sweep, *self.random} if not missing else set()
            if missing or unknown:
                raise SpecError(
                    f"{where}: extra[{i}] {trial!r}: expected a seed and a value for every swept "
                    f"parameter ({sorted(self.sweep)}), optionally for the drawn ones "
                    f"({sorted(self.random)}), and nothing else")
        self.controller = data.get("controller")
        if self.controller is not None:
            if not isinstance(self.controller, dict) or "class" not in self.controller:
                raise SpecError(f"{where}: controller: expected a mapping with 'class' "
                                "(module:Class) and optionally 'gains'")
            self.controller.setdefault("gains", {})
        elif any(k.startswith("gain.") for k in list(self.sweep) + list(self.random)):
            raise SpecError(f"{where}: gains are swept but the spec has no controller")
        output_dir = output_dir if output_dir is not None else os.getcwd()
        self.output = os.path.join(output_dir, data.get("output", f"{self.name}.csv"))
        self.report = os.path.join(output_dir, data.get("report", f"{self.name}.html"))
        if not self.output.endswith((".csv", ".parquet")):
            raise SpecError(f"{where}: output '{self.output}': expected a .csv or .parquet file")
        self.worst_tracks = int(data.get("worst_tracks", 5))
        # What the trials depend on: a resumed campaign must be the same campaign.
        keep = {k: v for k, v in data.items() if k not in ("output", "report", "worst_tracks")}
        keep["world"] = self.world
        self.fingerprint = hashlib.sha256(
            json.dumps(keep, sort_keys=True, default=str).encode()).hexdigest()[:16]

    @staticmethod
    def _world(world, base_dir, where):
        if world in (None, "default"):
            return None
        for candidate in (os.path.join(base_dir, world), os.path.join(WORLDS, world)):
            if os.path.isfile(candidate):
                return os.path.abspath(candidate)
        raise SpecError(f"{where}: world '{world}': no such file beside the spec or in "
                        f"{WORLDS}; expected a world file, or 'default'")

    @staticmethod
    def _mapping(value, key, where):
        if not isinstance(value, dict):
            raise SpecError(f"{where}: {key} {value!r}: expected a mapping")
        return value

    @classmethod
    def _parameters(cls, value, key, where):
        value = cls._mapping(value, key, where)
        for name in value:
            group = str(name).split(".", 1)[0]
            if group not in GROUPS or "." not in str(name):
                raise SpecError(
                    f"{where}: {key}.{name}: expected GROUP.NAME with GROUP one of "
                    + ", ".join(f"{g} ({d})" for g, d in GROUPS.items()))
        return value

    def parameter_names(self):
        return sorted(set(self.sweep) | set(self.random))

    def trials(self):
        """Every trial: the grid's combinations (in the sweep's order) times the seeds, then
        the extra trials, each with its random draws (those it does not give) from its seed and
        number. A trial is a dict: trial (its number), seed, and one entry per parameter."""
        keys = list(self.sweep)
        given = [dict(zip(keys, c), seed=s)
                 for c in itertools.product(*(self.sweep[k] for k in keys)) for s in self.seeds]
        out = []
        for values in given + [dict(e) for e in self.extra]:
            trial = {"trial": len(out), "seed": values.pop("seed"), **values}
            rng = np.random.default_rng([trial["seed"], trial["trial"]])
            for key in sorted(self.random):
                draw = _draw(self.random[key], rng)
                trial.setdefault(key, draw)
            out.append(trial)
        return out


def _number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _check_law(law, where):
    if not isinstance(law, dict) or len(law) != 1 or next(iter(law)) not in ("uniform", "choice"):
        raise SpecError(f"{where}: {law!r}: expected {{uniform: [low, high]}} or "
                        "{choice: [values]}")
    (kind, args), = law.items()
    if kind == "uniform":
        try:
            low, high = (np.asarray(a, dtype=float) for a in args)
            ok = len(args) == 2 and low.shape == high.shape and bool(np.all(low <= high))
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise SpecError(f"{where}: uniform {args!r}: expected [low, high] of the same shape "
                            "with low <= high")
    elif not isinstance(args, list) or not args:
        raise SpecError(f"{where}: choice {args!r}: expected a non-empty list")


def _draw(law, rng):
    (kind, args), = law.items()
    if kind == "choice":
        return args[int(rng.integers(len(args)))]
    low, high = np.asarray(args[0], dtype=float), np.asarray(args[1], dtype=float)
    value = low + (high - low) * rng.uniform(size=low.shape)
    return value.tolist() if value.shape else float(value)


def load_spec(path, output_dir=None):
    """Reads and checks a YAML spec file: the world's path in it is relative to its folder, its
    table's and report's to `output_dir` (default: the current folder), which is made if
    missing."""
    import yaml

    try:
        with open(path) as f:
            data = yaml.safe_load(f)
    except OSError as e:
        raise SpecError(f"campaign spec '{path}': {e.strerror}") from None
    except yaml.YAMLError as e:
        raise SpecError(f"campaign spec '{path}': not YAML: {e}") from None
    output_dir = os.path.abspath(output_dir if output_dir is not None else os.getcwd())
    try:
        os.makedirs(output_dir, exist_ok=True)
    except OSError as e:
        raise SpecError(f"campaign output folder '{output_dir}': {e.strerror}") from None
    return Spec(data, source=path, base_dir=os.path.dirname(os.path.abspath(path)),
                output_dir=output_dir)
