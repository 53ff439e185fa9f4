"""An editor's habit: in a document where the plan finds several sentences cut or joined, a
split whose second half was reworded more freely (it draws less than ``derivation`` of its
wording from the old sentence) is found too; the same pair in a document without that habit
stays a pair and an addition, as the dev sets' gold wants it (docs/alignment.md)."""

import json
from dataclasses import replace
from pathlib import Path

import pytest

import hikaku
from hikaku import ConfigurationError
from hikaku.align import AlignmentParams, Calibration, load_calibration, plan_alignment
from hikaku.align.calibration import HABIT, Constant
from hikaku.embeddings import HashingEmbedder
from hikaku.text.normalization import match_key

KEEP = [
    "This agreement is made between the owner of the flat and the person who rents it.",
    "Both parties have read these terms and agree to be bound by them.",
    "Any notice under this agreement must be given in writing to the address shown above.",
    "This agreement is governed by the law of the place where the flat is situated.",
    "The deposit is held by the agent named in the schedule until the end of the tenancy.",
    "Pets may be kept in the flat only with the written consent of the owner.",
    "The owner may enter the flat to carry out repairs after giving reasonable notice.",
    "These terms replace every earlier agreement about the flat between the parties.",
]
# sentences cut in two as they were written (each half draws all its words from the old one)
CUTS = [
    ("The tenant shall keep the flat clean, and the tenant shall report any damage at once.",
     "The tenant shall keep the flat clean.", "The tenant shall report any damage at once."),
    ("The rent is due on the first day of each month, and it is paid by bank transfer.",
     "The rent is due on the first day of each month.", "It is paid by bank transfer."),
    ("The owner insures the building, and the tenant insures the furniture and belongings.",
     "The owner insures the building.", "The tenant insures the furniture and belongings."),
    ("Smoking is not allowed inside the flat, and candles must never be left burning unattended.",
     "Smoking is not allowed inside the flat.", "Candles must never be left burning unattended."),
    ("The tenant may end the tenancy with two months' notice, and the owner may end it with three.",
     "The tenant may end the tenancy with two months' notice.", "The owner may end it with three."),
    ("Keys are returned on the last day of the tenancy, and lost keys are replaced at the tenant's cost.",
     "Keys are returned on the last day of the tenancy.", "Lost keys are replaced at the tenant's cost."),
]
# from tests/data/edits (cc0_terms_of_service, written for this project, CC0): the second half
# reworded, drawing about 0.64 of its trigrams from the old sentence
REWORDED = (
    "We may suspend or terminate your access to the Service if you materially or repeatedly breach these Terms, "
    "if we are required to do so by law, or if we discontinue the Service, and where reasonably possible we will "
    "give you advance notice and an opportunity to export Your Content.",
    "We may suspend or terminate your access to the Service if you materially or repeatedly breach these Terms, "
    "if the law requires us to, or if we discontinue the Service.",
    "Where we reasonably can, we will warn you beforehand and let you export Your Content.",
)


# from tests/data/edits (usc5_rulemaking_adjudication, adapted from 5 U.S.C. 553, public domain): the
# halves reordered, so that the concatenation is a little less close to A than the first half alone
REORDERED = (
    "This subsection also does not apply when the agency for good cause finds, and incorporates the finding and "
    "a brief statement of reasons therefor in the rules issued, that notice and public procedure thereon are "
    "impracticable, unnecessary, or contrary to the public interest.",
    "This subsection also does not apply when the agency for good cause finds that notice and public procedure "
    "are impracticable, unnecessary, or contrary to the public interest.",
    "The agency must then incorporate the finding, with a brief statement of its reasons, in the rules issued.",
)


def build(cuts, last=REWORDED):
    """A, B: anchors between the cuts, the reworded split last."""
    a, b = [], []
    for keep, (old, first, second) in zip(KEEP, [*cuts, last]):
        a += [keep, old]
        b += [keep, first, second]
    return a, b


def plan(a, b, calibration: Calibration | None = None):
    params = AlignmentParams(calibration=calibration or load_calibration())
    return plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, params)[0]


def test_the_shipped_calibration_has_a_habit_below_derivation():
    cal = load_calibration()
    assert cal.habitual_splits is not None and cal.habitual_derivation is not None and cal.habitual_bonus is not None
    assert cal.habitual_derivation.value < cal.derivation.value
    assert len(CUTS) >= cal.habitual_splits.value  # the documents below show the habit


def test_in_a_document_of_cut_sentences_the_reworded_split_is_found():
    a, b = build(CUTS)
    p = plan(a, b)
    assert [p.group_of_a[2 * k + 1].kind for k in range(len(CUTS))] == ["split"] * len(CUTS)
    g = p.group_of_a[len(a) - 1]
    assert (g.kind, g.b) == ("split", (len(b) - 2, len(b) - 1))
    result = hikaku.compare([{"id": f"a{n}", "content": t} for n, t in enumerate(a, 1)],
                            [{"id": f"b{n}", "content": t} for n, t in enumerate(b, 1)],
                            llm="offline", embedder=HashingEmbedder())
    rows = {(tuple(c.a_ids), tuple(c.b_ids)): c.type for c in result.changes}
    assert rows[((f"a{len(a)}",), (f"b{len(b) - 1}", f"b{len(b)}"))] == "modified"
    assert not any(c.type in ("added", "deleted") for c in result.changes)


@pytest.mark.parametrize("last", [REWORDED, REORDERED], ids=["reworded", "reordered"])
def test_in_a_document_of_cut_sentences_a_split_is_found_when_its_halves_are(last):
    a, b = build(CUTS, last)
    g = plan(a, b).group_of_a[len(a) - 1]
    assert (g.kind, g.b) == ("split", (len(b) - 2, len(b) - 1))


@pytest.mark.parametrize("last", [REWORDED, REORDERED], ids=["reworded", "reordered"])
def test_a_group_found_with_the_bonus_has_the_similarity_of_its_texts(last):
    """The bonus weighs a split in the objective; the group's similarity (its probability, the
    agent's view, the row's confidence) is that of its texts."""
    a, b = build(CUTS, last)
    params = AlignmentParams(calibration=load_calibration())
    p, sim = plan_alignment([match_key(x) for x in a], [match_key(x) for x in b], a, b, params)
    groups = [g for g in p.groups if g.kind in ("split", "merge")]
    assert len(groups) == len(CUTS) + 1
    for g in groups:
        assert g.similarity == pytest.approx(sim.group(g.a, g.b), abs=1e-6)


@pytest.mark.parametrize("last", [REWORDED, REORDERED], ids=["reworded", "reordered"])
def test_without_the_habit_the_same_pair_stays_a_pair_and_an_addition(last):
    a, b = build(CUTS[:1], last)  # one sentence cut: no habit shown
    p = plan(a, b)
    g = p.group_of_a[len(a) - 1]
    assert (g.kind, g.b) == ("match", (len(b) - 2,))
    assert p.unmatched_b == [len(b) - 1]


def test_a_few_splits_in_a_long_revision_show_no_habit():
    """The same six cut sentences among 300 other edited ones: a long document has a few
    splits by its length alone; they are too small a share of what changed to show a habit."""
    a, b = build(CUTS)
    for n in range(300):
        anchor = f"Paragraph {n} of the house rules is kept exactly as it was written before."
        a += [anchor, f"Residents in flat {n} shall keep the stairs clear of bicycles and prams."]
        b += [anchor, f"Residents in flat {n} must keep the stairs clear of bicycles and prams."]
    p = plan(a, b)
    assert [p.group_of_a[2 * k + 1].kind for k in range(len(CUTS))] == ["split"] * len(CUTS)
    g = p.group_of_a[2 * len(CUTS) + 1]  # the reworded split
    assert g.kind == "match"


def test_a_calibration_without_the_habit_aligns_every_document_alike():
    a, b = build(CUTS)
    cal = replace(load_calibration(), **dict.fromkeys(HABIT))
    p = plan(a, b, cal)
    assert p.group_of_a[len(a) - 1].b == (len(b) - 2,) and p.unmatched_b == [len(b) - 1]


def test_a_sentence_that_gained_a_new_neighbour_stays_a_pair_in_a_document_with_the_habit():
    a, b = build(CUTS)
    rent = "The tenant shall pay the service charge on the first day of each quarter."
    a += [KEEP[-1], rent]
    b += [KEEP[-1], "The tenant must pay the service charge on the first day of each quarter.",
          "The owner publishes the accounts of the service charge once a year."]
    p = plan(a, b)
    assert p.group_of_a[len(a) - 1].b == (len(b) - 2,) and len(b) - 1 in p.unmatched_b


@pytest.mark.parametrize("keys", [HABIT[:1], HABIT[1:2], HABIT[2:3], HABIT[3:], HABIT[:2]])
def test_the_constants_of_the_habit_go_together(tmp_path, keys):
    data = load_calibration().to_json()
    for k in keys:
        del data["constants"][k]
    path = tmp_path / "cal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigurationError, match="go together"):
        load_calibration(path)


EDITS = Path(__file__).resolve().parents[1] / "data" / "edits"


@pytest.mark.parametrize(("pair", "a_id", "b_ids"), [
    ("usc5_rulemaking_adjudication", "a5", ("b9", "b10")),  # halves reordered
    ("federalist_51", "a34", ("b41", "b42")),  # "The second consideration is this." + the rest
])
def test_the_bonus_takes_a_split_about_as_close_as_one_half_alone(pair, a_id, b_ids):
    """Two splits of the editing set whose concatenation is a little less close to A than one half
    alone (the halves reordered; a first half of new words): in these split-prone documents the
    bonus takes them, without it they are a pair and an addition."""
    a = json.loads((EDITS / pair / "a.json").read_text(encoding="utf-8"))
    b = json.loads((EDITS / pair / "b.json").read_text(encoding="utf-8"))
    i = [c["id"] for c in a].index(a_id)
    want = tuple([c["id"] for c in b].index(j) for j in b_ids)
    texts_a, texts_b = [c["content"] for c in a], [c["content"] for c in b]
    g = plan(texts_a, texts_b).group_of_a[i]
    assert (g.kind, g.b) == ("split", want)
    no_bonus = replace(load_calibration(), habitual_bonus=Constant(0.0))
    assert plan(texts_a, texts_b, no_bonus).group_of_a[i].kind == "match"
