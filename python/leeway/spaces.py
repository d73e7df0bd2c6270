"""The spaces the environments describe their observations and actions with: Gymnasium's Box when
Gymnasium is installed, else a Box of the same shape and meaning that needs nothing but numpy."""

import numpy as np

try:  # pragma: no cover - depends on what the user installed
    from gymnasium.spaces import Box
except ImportError:

    class Box:
        """A box in R^n: low <= x <= high, element-wise (Gymnasium's Box, minus its extras)."""

        def __init__(self, low, high, shape=None, dtype=np.float64, seed=None):
            self.dtype = np.dtype(dtype)
            shape = tuple(shape) if shape is not None else np.shape(low)
            self.low = np.broadcast_to(np.asarray(low, self.dtype), shape).copy()
            self.high = np.broadcast_to(np.asarray(high, self.dtype), shape).copy()
            self.shape = shape
            self.np_random = np.random.default_rng(seed)

        def seed(self, seed=None):
            self.np_random = np.random.default_rng(seed)
            return [seed]

        def sample(self):
            """Uniform in the box where it is bounded; normal where it is not."""
            bounded = np.isfinite(self.low) & np.isfinite(self.high)
            x = self.np_random.normal(size=self.shape)
            u = self.np_random.uniform(size=self.shape)
            x = np.where(bounded, self.low + u * (self.high - self.low), x)
            return x.astype(self.dtype)

        def contains(self, x):
            x = np.asarray(x)
            return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

        def __contains__(self, x):
            return self.contains(x)

        def __repr__(self):
            """Each dimension's bounds, as Gymnasium's Box says them (one number when all
            dimensions share it)."""

            def bound(b):
                return f"{b.flat[0]}" if b.size and np.all(b == b.flat[0]) else np.array2string(b)

            return f"Box({bound(self.low)}, {bound(self.high)}, {self.shape}, {self.dtype})"
