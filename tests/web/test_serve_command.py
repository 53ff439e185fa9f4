"""``hikaku serve`` as a command: its options, and its errors as one line with status 2
(nothing is served, no public address is ever bound)."""

from __future__ import annotations

import socket

from hikaku.cli import COMMANDS, build_parser, main


def test_serve_is_a_command():
    assert "serve" in COMMANDS
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.workers, args.data_dir, args.token) == ("127.0.0.1", 8000, 1, None, None)


def test_a_port_in_use_is_one_line(tmp_path, capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        code = main(["serve", "--port", str(port), "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(f"hikaku: error: cannot listen on 127.0.0.1:{port}: ") and err.count("\n") == 1


def test_bad_settings_are_refused_before_listening(tmp_path, capsys):
    for argv, message in ((["--host", "0.0.0.0", "--token", "short"], "at least 16 characters"),
                          (["--workers", "0"], "--workers must be at least 1"),
                          (["--port", "70000"], "not a port number"),
                          (["--max-upload-mb", "0"], "upload limit must be positive")):
        code = main(["serve", "--data-dir", str(tmp_path / "data"), *argv])
        _, err = capsys.readouterr()
        assert code == 2 and message in err, (argv, err)
