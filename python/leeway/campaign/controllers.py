"""Controllers a campaign can sweep the gains of (spec key `controller`): Python classes made as
Class(sim, **gains), called every `period` seconds as controller(sim) to set the commands, and
asked at the end for score() (lower is better), which becomes the trial's score when the world
has no VRX task."""

import math

from ..envs import wrap


class HeadingHold:
    """A twin-propeller boat holding a heading at a cruise speed: both propellers at `cruise`,
    plus and minus a PD on the heading error, kp e - kd r (e = heading - yaw [rad], ENU; r the
    yaw rate [rad/s]), in the propellers' unit and clipped into their range. Its score is the
    mean absolute heading error [deg] over the run after `settle` seconds."""

    def __init__(self, sim, *, heading=math.pi / 2, cruise=80.0, kp=40.0, kd=20.0, period=0.1,
                 settle=60.0, left="otter/left_propeller", right="otter/right_propeller"):
        self.heading, self.cruise, self.kp, self.kd = heading, cruise, kp, kd
        self.period, self.settle = period, settle
        self.actuators = [left, right]
        ranges = sim.actuator_ranges[[sim.actuator_index(a) for a in self.actuators]]
        self.low, self.high = ranges[:, 0], ranges[:, 1]
        self.body = sim.body_index(left.split("/")[0])
        self.error_sum, self.samples = 0.0, 0

    def __call__(self, sim):
        row = sim.body_rows()[self.body]
        error = wrap(self.heading - row[5])
        u = self.kp * error - self.kd * row[11]
        # Left faster turns to starboard (yaw falls): a positive error wants the right faster.
        sim.set_commands([min(max(self.cruise - u, self.low[0]), self.high[0]),
                          min(max(self.cruise + u, self.low[1]), self.high[1])], self.actuators)
        if sim.t >= self.settle:
            self.error_sum += abs(error)
            self.samples += 1

    def score(self):
        return math.degrees(self.error_sum / self.samples) if self.samples else math.nan
