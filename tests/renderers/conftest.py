import pytest

from .taisho_pair import policy_result


@pytest.fixture(scope="session")
def policy(hashing_embedder):
    """The 約款 pair of taisho_pair.py, compared once for every export test."""
    return policy_result(hashing_embedder)
