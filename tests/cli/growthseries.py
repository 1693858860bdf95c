# SPDX-License-Identifier: GPL-3.0-or-later
"""The series of dumps the growth tests read (test_growth.py,
test_growth_objects.py, test_report_growing.py): growthdump.py's scenario
at steps 0, 1, ... written into a test's folder as series0.hprof,
series1.hprof, ..., and the instances a step's dump made, with the
addresses the generator gave them."""

import growthdump


def write_series(path_of, count, java_version=None):
    """Steps 0 .. count - 1 written to path_of('seriesS.hprof'); their
    paths. java_version None is growthdump.dump's own default."""
    paths = []
    for s in range(count):
        p = path_of('series%d.hprof' % s)
        if java_version is None:
            growthdump.dump(s).write(p)
        else:
            growthdump.dump(s, java_version=java_version).write(p)
        paths.append(p)
    return paths


def recorded_dump(step, java_version=None):
    """growthdump.dump(step) and every instance it made: (class, values,
    address)."""
    made = []
    orig = growthdump.Gen.inst

    def inst(self, cls, values=None):
        a = orig(self, cls, values)
        made.append((cls, dict(values or {}), a))
        return a

    growthdump.Gen.inst = inst
    try:
        h = growthdump.dump(step) if java_version is None else growthdump.dump(step, java_version=java_version)
    finally:
        growthdump.Gen.inst = orig
    return h, made
