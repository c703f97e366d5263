import time

from boardsight.vision.stage_clock import StageClock


def test_laps_time_each_stage_from_the_one_before() -> None:
    clock = StageClock()
    time.sleep(0.02)  # waiting: wall time passes, hardly any CPU time
    clock.lap("wait")
    deadline = time.process_time() + 0.02
    while time.process_time() < deadline:  # working: CPU time passes
        pass
    clock.lap("work")
    assert list(clock.wall) == ["wait", "work"] == list(clock.cpu)
    assert clock.wall["wait"] >= 0.02 > clock.cpu["wait"]
    assert clock.cpu["work"] >= 0.02
    wall, cpu = clock.total()
    assert wall >= clock.wall["wait"] + clock.wall["work"]
    assert cpu >= clock.cpu["work"]
