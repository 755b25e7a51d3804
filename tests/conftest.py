import pytest

from sim.testing import engine


@pytest.fixture
def eng(tmp_path):
    return engine(str(tmp_path / "t.db"))
