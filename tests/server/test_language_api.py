"""The API in one language (issue 28 item 4): `lang` on the reads makes their words English
(the default: German print names by their English ones) or German; a language we do not speak
is a 400; commands and ids never change with the language."""

from test_api import call, make_app


async def test_lang_makes_the_words_and_leaves_the_commands(tmp_path):
    app = make_app(tmp_path)
    _, out = await call(app, "POST", "/api/games", {"ruleset": "thunderstone", "players": 2, "seed": 5})
    gid, token = out["game_id"], out["seats"][0]["token"]
    _, en = await call(app, "GET", f"/api/games/{gid}/choices", token=token)
    _, de = await call(app, "GET", f"/api/games/{gid}/choices", token=token, query=b"lang=de")
    assert en["question"] == "What do you do?" and de["question"] == "Was tust du?"
    strip = lambda q: [o.get("command") or o.get("expand") for o in q["options"]]  # noqa: E731
    assert strip(en) == strip(de)
    _, log_en = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=0")
    _, log_de = await call(app, "GET", f"/api/games/{gid}/log", query=b"since=0&lang=de")
    said_en = " ".join(e["text"] for e in log_en["entries"])
    said_de = " ".join(e["text"] for e in log_de["entries"])
    assert "Militia" in said_en and "Miliz" not in said_en
    assert "Miliz" in said_de and "Platz 1" in said_de
    assert [e["data"] for e in log_en["events"]] == [e["data"] for e in log_de["events"]]
    _, cards = await call(app, "GET", f"/api/games/{gid}/cards")
    assert cards["cards"]["Miliz"]["name"] == "Militia" and cards["cards"]["Miliz"]["print_name"] == "Miliz"
    _, cards_de = await call(app, "GET", f"/api/games/{gid}/cards", query=b"lang=de")
    assert cards_de["cards"]["Miliz"]["name"] == "Miliz"


async def test_a_language_we_do_not_speak_is_refused(tmp_path):
    app = make_app(tmp_path)
    _, out = await call(app, "POST", "/api/games", {"ruleset": "duel", "players": 2})
    for path in (f"/api/games/{out['game_id']}/view", f"/api/games/{out['game_id']}/log", "/api/rulesets"):
        status, body = await call(app, "GET", path, query=b"lang=fr")
        assert status == 400 and "en, de" in body["reason"], (path, body)
