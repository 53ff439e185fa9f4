"""The decisions file hikaku.decisions/v1: keys, validation with clear errors, a set that
stays consistent, and an atomic round trip."""

import hashlib
import json
import unicodedata

import pytest

from hikaku import InputError
from hikaku.review import DecisionSet, ReviewerDecision, contradicts, load_decisions, text_sha256

H1, H2, H3 = (hashlib.sha256(x.encode()).hexdigest() for x in ("one", "two", "three"))


def test_the_key_is_the_sha256_of_the_nfkc_text():
    full_width = "第１条（目的）ＡＢＣ"
    assert text_sha256(full_width) == hashlib.sha256(unicodedata.normalize("NFKC", full_width).encode()).hexdigest()
    assert text_sha256(full_width) == text_sha256("第1条（目的）ABC")
    assert text_sha256("第1条") != text_sha256("第2条")


def test_round_trip_through_a_file(tmp_path):
    ds = DecisionSet([
        ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="no_match", note="別の条項", by="yamada",
                         at="2026-01-05T09:00:00+00:00", a_excerpt="第7条", b_excerpt="第11条"),
        ReviewerDecision(a_sha256=H3.upper(), b_sha256=None, verdict="no_match"),
    ])
    path = tmp_path / "d.json"
    ds.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema"] == "hikaku.decisions/v1"
    assert data["decisions"][0] == {"a_sha256": H1, "b_sha256": H2, "verdict": "no_match", "note": "別の条項",
                                    "by": "yamada", "at": "2026-01-05T09:00:00+00:00", "a_excerpt": "第7条",
                                    "b_excerpt": "第11条"}
    assert data["decisions"][1]["a_sha256"] == H3 and data["decisions"][1]["b_sha256"] is None  # lower case
    back = DecisionSet.load(path)
    assert list(back) == list(DecisionSet.load(path)) and len(back) == 2
    assert [d.key for d in back] == [(H1, H2), (H3, None)]
    assert not list(tmp_path.glob(".*.tmp"))
    assert load_decisions(data["decisions"]).decisions == back.decisions  # a bare list too


@pytest.mark.parametrize("content, message", [
    ("not json", "not JSON"),
    ('{"schema": "hikaku.comparison/v1", "decisions": []}', "not a decisions file"),
    ('{"schema": "hikaku.decisions/v1", "decisions": {}}', "'decisions' must be a list"),
    ('[{"a_sha256": "abc", "b_sha256": null, "verdict": "no_match"}]', "decision 1: a_sha256: Value error, expected the SHA-256"),
    (f'[{{"a_sha256": "{H1}", "b_sha256": null, "verdict": "maybe"}}]', "decision 1: verdict"),
    (f'[{{"a_sha256": "{H1}", "b_sha256": null, "verdict": "match"}}]', "a match names both chunks"),
    ('[{"a_sha256": null, "b_sha256": null, "verdict": "no_match"}]', "cannot both be null"),
    (f'[{{"a_sha256": "{H1}", "b_sha256": null, "verdict": "no_match", "colour": "red"}}]', "colour"),
])
def test_a_bad_file_is_one_clear_error(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as e:
        DecisionSet.load(path)
    assert str(e.value).startswith(f"{path}: ") and message in str(e.value)


def test_a_missing_file(tmp_path):
    with pytest.raises(InputError, match="no such decisions file"):
        DecisionSet.load(tmp_path / "nope.json")


def test_a_new_decision_replaces_the_one_on_the_same_pair_and_those_it_contradicts():
    ds = DecisionSet()
    first = ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="match")
    ds.add(first)
    ds.add(ReviewerDecision(a_sha256=H1, b_sha256=H3, verdict="match"))  # a split: both stand
    assert len(ds) == 2
    rejected = ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="no_match")
    assert ds.add(rejected) == [first]
    deleted = ReviewerDecision(a_sha256=H1, b_sha256=None, verdict="no_match")
    gone = ds.add(deleted)  # "no counterpart" contradicts the remaining match
    assert [d.key for d in gone] == [(H1, H3)] and [d.key for d in ds] == [(H1, H2), (H1, None)]
    ignored = ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="ignore")
    assert ds.add(ignored) == [] and len(ds) == 3  # out of scope says nothing of the pairing
    assert contradicts(first, rejected) and not contradicts(first, ignored)


def test_the_digest_is_of_what_the_decisions_say():
    a = DecisionSet([ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="match", by="x", at="1")])
    b = DecisionSet([ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="match", by="y", at="2")])
    c = DecisionSet([ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="no_match")])
    assert a.digest() == b.digest() != c.digest()


def test_the_answers_of_a_run_are_left_out_when_it_resumes():
    ds = DecisionSet([ReviewerDecision(a_sha256=H1, b_sha256=H2, verdict="match"),
                      ReviewerDecision(a_sha256=H3, b_sha256=None, verdict="no_match", run="r1")])
    assert len(ds.without_run("r1")) == 1 and len(ds.without_run("r2")) == 2
