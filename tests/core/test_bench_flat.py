"""The 10M-game bench row calls memory flat when no new high comes after the first third."""

from bench.simulate_runs import flat


def test_sawtooth_without_growth_is_flat():
    # a flush-to-flush sawtooth: the middle third's samples missed the peak (a run of 23:30)
    assert flat([80.2, 71.2, 80.2])


def test_memory_that_climbs_into_the_last_third_is_not_flat():
    assert not flat([50.0, 60.0, 80.0])
    assert not flat([80.0, 80.0, 88.5])


def test_ten_percent_is_the_margin():
    assert flat([80.0, 70.0, 88.0])
