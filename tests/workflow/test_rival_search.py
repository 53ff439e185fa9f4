"""Where a B chunk's rivals are sought (workflow/rival_search.py): among every A chunk in question
while they are at most POOL, else among the POOL around the B chunk's place — the agent's work per
B chunk bounded whatever the size of the comparison (issue 35)."""

from __future__ import annotations

import random

import numpy as np

import hikaku.workflow.rival_search as rival_search
from hikaku import Chunk, Document
from hikaku.align import plan_alignment
from hikaku.system.ranking import best
from hikaku.workflow.runtime import PlanView


def _view(n: int = 300, seed: int = 4) -> PlanView:
    """A long table-like pair: most rows changed (in question), each like many others."""
    rng = random.Random(seed)
    words = "保険料 月払 年払 男性 女性 入院 通院 手術 先進医療 特約 基本 充実 終身 定期".split()
    rows = [[rng.choice(words) for _ in range(5)] for _ in range(n)]
    texts_a = [" ".join(r) for r in rows]
    texts_b = [" ".join(r[:3] + [rng.choice(words), rng.choice(words)]) for r in rows]
    a = Document(id="A", chunks=[Chunk(id=f"a{k}", content=t) for k, t in enumerate(texts_a)])
    b = Document(id="B", chunks=[Chunk(id=f"b{k}", content=t) for k, t in enumerate(texts_b)])
    plan, sim = plan_alignment(texts_a, texts_b, texts_a, texts_b, normalized=True)
    return PlanView(a, b, plan, sim)


def _question(view: PlanView) -> list[int]:
    return [i for i in range(len(view.a.chunks)) if (g := view.plan.group_of_a.get(i)) is None or not g.certain]


def test_with_few_in_question_the_rivals_are_sought_among_all_of_them():
    view = _view()
    question = _question(view)
    assert 100 < len(question) <= rival_search.POOL
    view.rival_similarities(("a0",), [f"b{j}" for j in range(0, 300, 7)])
    leaders = view.similarity.cosine_leaders(question)
    for j in range(0, 300, 7):
        expect = [question[k] for k in leaders([j], [np.arange(len(question))], 4)[0].tolist()]
        assert sorted(i for i, _ in view._rival_cache[j]) == sorted(expect)


def test_with_many_in_question_the_rivals_are_the_best_of_the_window_around_the_place(monkeypatch):
    monkeypatch.setattr(rival_search, "POOL", 64)
    view = _view()
    question = np.array(_question(view))
    js = list(range(0, 300, 5))
    view.rival_similarities(("a0",), [f"b{j}" for j in js])
    search = view._rivals
    assert search is not None
    for j in js:
        start = search._window(j)
        window = question[start:start + 64]
        place = search._place[j] if search._place is not None else 0
        # the place lies in the window's middle half (or the window is at an end of the question)
        inside = int(np.searchsorted(question, place)) - start
        assert 16 <= inside < 48 or start == 0 or start + 64 >= len(question)
        cosines = view.similarity.cosine_matrix(window.tolist(), [j])[:, 0]
        expect = window[best(cosines, 4)].tolist()
        assert sorted(i for i, _ in view._rival_cache[j]) == sorted(expect)
    assert len({search._window(j) for j in js}) > 3  # several windows were searched
    assert len(search._leaders) <= 3  # and only the last few kept
