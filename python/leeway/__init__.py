"""Leeway, a marine-robotics simulator, from Python.

    import leeway
    sim = leeway.Simulation("worlds/otter.sdf", seed=1)
    sim.set_command("otter/left_propeller", 100.0)
    sim.step(1000)
    print(sim.body_rows())

docs/python.md describes the API, the environments (leeway.envs) and campaigns
(leeway.campaign).
"""

from ._config import VERSION as __version__
from ._leeway import Batch, Error, LoadError, Simulation, Snapshot, StepError
from . import envs  # noqa: E402

__all__ = ["Batch", "Error", "LoadError", "Simulation", "Snapshot", "StepError", "envs",
           "__version__"]
