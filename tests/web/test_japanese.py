"""The page in Japanese says no English: every error case of the web tests, asked as the page
asks (``Accept-Language: ja``; the event stream ``?lang=ja``), answers in Japanese — what the
page shows is its heading for the status (the catalogue's ``web.http.*``, served with the page)
and the server's explanation (``detail``, a job's ``error``), and neither holds a sentence
without Japanese in it. The same requests without the header answer in English, as before.

A sentence: text between 。, a line break, "; " or ". " (a file name's dot is no end); one
without any Japanese character and with two or more words of Latin letters is English. A
Japanese sentence may quote a library's words in brackets (「Expecting value」 of Python's JSON
parser): hikaku has no words of its own for those."""

from __future__ import annotations

import json
import os
import re
import signal

import pytest

from hikaku.web.supervisor import MAX_ATTEMPTS
from hikaku.wording import wording
from tests.web.test_security import TOKEN

from .conftest import TERMINAL, V1, V2, interrupted_too_often, serving, upload, wait
from .test_api import BIG
from .test_review_api import AMBIGUOUS

JA = {"accept-language": "ja"}
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff5e]")
_WORD = re.compile(r"[A-Za-z]+")


def english_sentences(text: str) -> list[str]:
    """The sentences of *text* without a Japanese character and with two or more words (a
    word: letters alone, between spaces; a file name or an id is none)."""
    parts = re.split(r"。|\n|; |\. ", text)

    def words(part: str) -> int:
        return sum(bool(_WORD.fullmatch(token.strip(",:;()[]'\"!?"))) for token in part.split())

    return [p.strip() for p in parts if not _JAPANESE.search(p) and words(p) >= 2]


def test_english_sentences():
    assert english_sentences("the comparison is failed, not done") == ["the comparison is failed, not done"]
    assert english_sentences("a.json: JSON として正しくありません（Expecting value）") == []
    assert english_sentences("比較できませんでした。internal error: boom happened") == ["internal error: boom happened"]
    assert english_sentences("shugyo_kisoku_v1.md: 0.003 MB") == []


def shown(r, lang: str = "ja") -> str:
    """What the page shows for a refused request: its heading for the status, then the detail."""
    w = wording(lang)
    heading = w(f"web.http.{r.status_code}") if f"web.http.{r.status_code}" in w else w("web.http.other")
    detail = r.json().get("detail")
    assert isinstance(detail, str) and detail, r.text
    return f"{heading}: {detail}"


def japanese(text: str) -> str:
    assert _JAPANESE.search(text) and english_sentences(text) == [], text
    return text


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with serving(tmp_path_factory.mktemp("japanese"), cancel_grace_s=60.0) as c:
        yield c


def refused(r, status: int) -> str:
    assert r.status_code == status, r.text
    return japanese(shown(r))


def test_forms_uploads_and_requests_refused_in_japanese(client, hashing):
    pdf = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n"

    def send(a=None, b=None, **fields):
        a = a or (V1.name, V1.read_bytes())
        b = b or (V2.name, V2.read_bytes())
        return client.post("/api/comparisons", files={"a": a, "b": b}, data=fields, headers=JA)

    said = [
        refused(send(lang="fr"), 400),
        refused(send(strict="maybe"), 400),
        refused(send(llm="true"), 400),
        refused(send(project="x" * 101), 400),
        refused(send(project="a/b"), 400),
        refused(send(colour="blue"), 400),
        refused(client.post("/api/comparisons", files={"a": (V1.name, V1.read_bytes())}, headers=JA), 400),
        refused(client.post("/api/comparisons", json={"a": "x"}, headers=JA), 400),
        refused(client.post("/api/comparisons", headers=JA, files={"a": ("a.md", b"x"), "b": ("b.md", b"y"),
                                                                  "c": ("c.md", b"z")}), 400),
        refused(send(("policy.md", pdf)), 415),
        refused(send(("policy.pdf", V1.read_bytes())), 415),
        refused(send(("image.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)))), 415),
        refused(send(("odd.txt", bytes(range(0x80, 0x100)) * 4)), 415),
        refused(send(("chunks.json", b'{"x":')), 422),
        refused(send(("chunks.jsonl", b'{"id": "c1", "content": "x"}\n[1]\n')), 422),
        refused(send(("chunks.json", pdf)), 415),
        refused(client.get("/api/comparisons/20260101-000000-000000000000", headers=JA), 404),
        refused(client.get("/api/comparisons/20260101-000000-000000000000/events?lang=ja"), 404),
        refused(client.get("/api/projects/nobody/decisions", headers=JA), 404),
        refused(client.post("/api/projects", json={"name": " padded "}, headers=JA), 400),
        refused(client.post("/api/projects", json={}, headers=JA), 422),
        refused(client.post("/api/projects/default/decisions", content=b'{"schema": "x"}',
                            headers={**JA, "content-type": "application/json"}), 400),
        refused(client.post("/api/projects/default/decisions", content=b"not json",
                            headers={**JA, "content-type": "application/json"}), 400),
    ]
    assert said[0] == "送信内容に誤りがあります: lang: ja, en のいずれかを指定してください"
    assert said[9] == "読み込めない形式のファイルです: policy.md: 名前はMarkdownを示していますが、中身はPDFです"
    assert said[13] == ("内容を読み取れません: chunks.json: 1 行 6 列目が JSON として正しくありません"
                        "（Expecting value）")
    assert said[14] == "内容を読み取れません: chunks.jsonl: 2 行目が list です。オブジェクトであるべきところです"
    # the same requests, as a program sends them: English, as before
    assert client.post("/api/comparisons", files={"a": (V1.name, V1.read_bytes()), "b": ("chunks.json", b'{"x":')},
                       ).json() == {"detail": "chunks.json: invalid JSON at line 1, column 6: Expecting value"}


def test_a_comparison_and_its_review_refused_in_japanese(client, hashing):
    job = wait(client, upload(client).json()["id"])
    base = f"/api/comparisons/{job['id']}"
    said = [
        refused(client.get(f"{base}/report.xyz", headers=JA), 404),
        refused(client.get(f"{base}/view/nothing.js", headers=JA), 404),
        refused(client.post(f"{base}/cancel", headers=JA), 409),
        refused(client.post(f"{base}/answer", json={"verdict": "skip"}, headers=JA), 409),
        refused(client.get(f"{base}/candidates", params={"a": "nope"}, headers=JA), 404),
        refused(client.post(f"{base}/decisions", json={"verdict": "match", "a_ids": ["zz"], "b_ids": ["b1"]},
                            headers=JA), 400),
        refused(client.post(f"{base}/decisions", json={"verdict": "match", "a_ids": ["a1"]}, headers=JA), 400),
        refused(client.post(f"{base}/decisions", json={"verdict": "ignore"}, headers=JA), 400),
        refused(client.post(f"{base}/decisions", json={"verdict": "maybe"}, headers=JA), 422),
        refused(client.post(f"{base}/decisions", json={"verdict": "match", "a_ids": "a1"}, headers=JA), 422),
        refused(client.post(f"{base}/decisions", content=b"not json",
                            headers={**JA, "content-type": "application/json"}), 422),
        refused(client.get(f"{base}/candidates", headers=JA), 422),
    ]
    assert said[2] == "この比較は現在その操作ができません: この比較はすでに終わっています（完了）"
    assert said[8] == "内容を読み取れません: verdict: 'match', 'no_match' or 'ignore' のいずれかを指定してください"
    assert said[11] == "内容を読み取れません: クエリパラメータ a: 指定されていません"


def test_jobs_that_fail_or_are_cancelled_say_why_in_japanese(client, hashing):
    failed = wait(client, upload(client, ("shape.json", b'{"x": 1}'), ("b.json", b'[{"id": "b1", "content": "x"}]'))
                  .json()["id"])
    assert failed["status"] == "failed"
    ja = client.get(f"/api/comparisons/{failed['id']}", headers=JA).json()
    assert japanese(ja["error"]) == ("比較できませんでした: shape.json: チャンクの JSON リスト、または 'chunks' リストを"
                                     "持つオブジェクトであるべきところです")
    assert failed["error"] == "shape.json: expected a JSON list of chunks or an object with a 'chunks' list"
    history = client.get("/api/comparisons", headers=JA).json()["comparisons"]
    assert japanese(next(j for j in history if j["id"] == failed["id"])["error"]) == ja["error"]
    review = client.get(f"/api/comparisons/{failed['id']}/review", headers=JA)
    assert refused(review, 409) == "この比較は現在その操作ができません: この比較は「失敗」の状態で、完了していません"
    refused(client.post(f"/api/comparisons/{failed['id']}/decisions", json={"verdict": "ignore", "a_ids": ["a1"]},
                        headers=JA), 409)

    # cancelled by the user: the job, its event stream and the history say so in Japanese
    job_id = upload(client, *BIG).json()["id"]
    assert wait(client, job_id, until=("running",) + TERMINAL)["status"] == "running"
    assert client.post(f"/api/comparisons/{job_id}/cancel", headers=JA).status_code == 202
    assert wait(client, job_id, timeout=60)["status"] == "cancelled"
    job = client.get(f"/api/comparisons/{job_id}", headers=JA).json()
    assert japanese(job["error"]) == "ユーザーが中止しました"
    stream = client.get(f"/api/comparisons/{job_id}/events?lang=ja").text
    last = json.loads([line for line in stream.splitlines() if line.startswith("data: ")][-1][6:])
    assert last["error"] == "ユーザーが中止しました"
    assert client.get(f"/api/comparisons/{job_id}").json()["error"] == "cancelled by the user"

    # a worker process that dies: its job failed, said in Japanese
    pool = client.app.state.hikaku.pool
    job_id = upload(client, *BIG).json()["id"]
    assert wait(client, job_id, until=("running",) + TERMINAL)["status"] == "running"
    [pid] = pool.worker_pids()
    os.kill(pid, signal.SIGKILL)
    assert wait(client, job_id)["status"] == "failed"
    error = client.get(f"/api/comparisons/{job_id}", headers=JA).json()["error"]
    assert japanese(error).startswith("比較がワーカープロセスを停止させました（終了コード -9）")


def test_a_comparison_interrupted_too_often_says_so_in_japanese(tmp_path, hashing):
    data = tmp_path / "data"
    job_id = interrupted_too_often(data)
    with serving(data) as c:
        error = c.get(f"/api/comparisons/{job_id}", headers=JA).json()["error"]
        assert japanese(error) == f"{MAX_ATTEMPTS} 回中断されました（比較の途中でサーバーが停止しました）。これ以上は再開しません"
        assert c.get(f"/api/comparisons/{job_id}").json()["error"].startswith(f"interrupted {MAX_ATTEMPTS} times")


def test_a_file_over_the_limit_in_japanese(tmp_path, hashing):
    with serving(tmp_path / "data", max_upload_bytes=3000) as c:
        r = c.post("/api/comparisons", files={"a": (V1.name, V1.read_bytes()), "b": (V2.name, V2.read_bytes())},
                   headers=JA)
        assert refused(r, 413) == ("ファイルが大きすぎます: shugyo_kisoku_v1.md: ファイルがアップロードの上限 0.003 MB "
                                   "を超えています")


def test_an_answer_that_is_not_a_candidate_in_japanese(tmp_path, hashing, monkeypatch):
    from tests.review import ambiguous

    monkeypatch.setenv("HIKAKU_CALIBRATION", ambiguous.calibration(tmp_path))
    with serving(tmp_path / "data") as c:
        job = wait(c, upload(c, a=AMBIGUOUS[0], b=AMBIGUOUS[1], ask="true").json()["id"],
                   until=("waiting", "done", "failed", "cancelled"))
        assert job["status"] == "waiting"
        bad = c.post(f"/api/comparisons/{job['id']}/answer", json={"verdict": "match", "b_ids": ["b999"]}, headers=JA)
        assert refused(bad, 400) == "送信内容に誤りがあります: b999 は質問の候補にありません"
        rerun = c.post(f"/api/comparisons/{job['id']}/cancel", headers=JA)
        assert rerun.status_code == 202


def test_the_guard_refuses_in_japanese(tmp_path):
    from fastapi.testclient import TestClient

    from hikaku.web import ServerConfig, create_app

    app = create_app(ServerConfig(data_dir=tmp_path / "public", host="0.0.0.0", token=TOKEN))
    with TestClient(app, base_url="http://192.0.2.10:8000") as public:
        assert refused(public.get("/api/health", headers=JA), 401).startswith("トークンが必要です")
        assert "token" in public.get("/api/health").json()["detail"]  # a program: English
    local = create_app(ServerConfig(data_dir=tmp_path / "local"))
    with TestClient(local, base_url="http://127.0.0.1:8000") as c:
        r = c.post("/api/comparisons", headers={**JA, "origin": "http://evil.example"})
        assert refused(r, 403) == ("アクセスが拒否されました: 別のオリジンからの要求は受け付けません: Origin "
                                   "'http://evil.example' はこのサーバーではありません")
        r = c.post("/api/comparisons", headers={**JA, "origin": "null"})
        assert refused(r, 403).startswith("アクセスが拒否されました: 別のオリジンからの要求は受け付けません: Origin: null（")
        r = c.post("/api/comparisons", headers={**JA, "origin": "http://[::1"})
        refused(r, 403)
        r = c.post("/api/projects", headers={**JA, "sec-fetch-site": "cross-site"}, json={"name": "x"})
        assert refused(r, 403).endswith("別のオリジンのページから送られています（Sec-Fetch-Site: cross-site）")
        r = c.post("/api/projects/default/decisions", headers={**JA, "content-type": "text/plain"}, content=b"{}")
        assert refused(r, 415) == ("読み込めない形式のファイルです: 要求の本文の種類が 'text/plain' です。"
                                   "JSON（application/json）かアップロード（multipart/form-data）で送ってください")
        r = c.get("/api/health", headers={**JA, "host": "evil.example"})
        assert refused(r, 403).startswith("アクセスが拒否されました: このサーバーは 127.0.0.1 または localhost")


def test_the_page_is_served_with_its_words(client):
    page = client.get("/").text
    words = json.loads(re.search(r'<script type="application/json" id="wording">(.*?)</script>', page, re.S).group(1))
    assert set(words) == {"ja", "en"}
    assert words["ja"]["report.renumbered"] == "条番号のみ変更" and words["en"]["web.compare"] == "Compare"
    assert words["ja"]["web.http.413"] == "ファイルが大きすぎます"
    assert "server.error.no_comparison" not in words["ja"]  # the server's explanations come with its answers
    assert "{{words}}" not in page and "</script>" not in page.split('id="wording">')[1].split("</script>")[0]
