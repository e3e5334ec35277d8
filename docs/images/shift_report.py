"""Regenerate docs/images/shift-report.png: the first page of a shift report's PDF.

    .venv/bin/python docs/images/shift_report.py

Four tables dealt from real shoes (fixed seed) with slips from three accounts, a voided hand,
a refused hand (its alert acknowledged), a pit note, a 百人牛牛 and a 打棒 table with a note each; the
report of the running shift in each language (shift-report.png in simplified Chinese, -zh-Hant, -en),
drawn by ReportLab and rasterised by pypdfium2 (a test dependency).
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pypdfium2

from roadsvc.app import create_app
from roadsvc.domain.baccarat.dealing.shoe import deal_shoe
from roadsvc.persistence.models import Base, utcnow
from roadsvc.services.keys import create_key

HERE = Path(__file__).resolve().parent


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'roadsvc.db'}"
        app = create_app({"DATABASE_URL": url, "INSTANCE_PATH": tmp, "LOG_LEVEL": "WARNING", "TESTING": True})
        Base.metadata.create_all(app.extensions["roadsvc.db"].engine)
        keys = {role: create_key(app.extensions["roadsvc.db"], role, f"{role} 1")[1]
                for role in ("pitboss", "dealer", "game_server")}
        client = app.test_client()

        def call(method, path, body=None, role="pitboss"):
            answer = client.open(path, method=method, json=body, headers={"Authorization": f"Bearer {keys[role]}"})
            assert answer.status_code < 300, (path, answer.json)
            return answer

        rng = random.Random(24)
        for index in range(1, 5):
            table = call("POST", "/api/v1/tables", {"name": f"百家乐 {index}"}).json
            call("POST", f"/api/v1/tables/{table['id']}/shoes", {"decks": 8}, "dealer")
            for number, hand in enumerate(deal_shoe(rng).hands[:20 + 5 * index], start=1):
                for account in ("acct-11", "acct-27", "acct-90"):
                    slip = {"client_slip_id": f"{index}-{number}-{account}", "account_id": account,
                            "account_range": {"min": "1.00", "max": "100000.00"},
                            "bets": [{"bet": rng.choice(["banker", "player", "tie"]),
                                      "stake": f"{rng.choice([100, 300, 500, 2000])}.00"}]}
                    call("POST", f"/api/v1/tables/{table['id']}/slips", slip, "game_server")
                call("POST", f"/api/v1/tables/{table['id']}/hands", {"cards": hand.to_dict()["cards"]}, "dealer")
            shoe_id = call("GET", f"/api/v1/tables/{table['id']}/shoes").json[0]["id"]
            if index == 2:
                call("POST", f"/api/v1/shoes/{shoe_id}/hands/7/void", {"reason": "card exposed on the draw"})
                call("POST", f"/api/v1/tables/{table['id']}/notes", {"text": "3 号位客人对第 12 局有争议，已调录像"})
        for name, game, note in (("百人牛牛 1", "niuniu", "换新台布"), ("打棒 1", "dabang", "比赛延后十分钟开始")):
            table = call("POST", "/api/v1/tables", {"name": name, "game": game}).json
            call("POST", f"/api/v1/tables/{table['id']}/notes", {"text": note})
        shift = app.extensions["roadsvc.floor_clock"].shift_at(utcnow())
        for language, suffix in (("zh-Hans", ""), ("zh-Hant", "-zh-Hant"), ("en", "-en")):
            pdf = call("GET", f"/api/v1/reports/shifts/{shift.day.isoformat()}/{shift.name}?format=pdf"
                       f"&lang={language}").data
            page = pypdfium2.PdfDocument(pdf)[0]
            page.render(scale=1.6).to_pil().save(HERE / f"shift-report{suffix}.png", optimize=True)
            print("wrote", HERE / f"shift-report{suffix}.png")


if __name__ == "__main__":
    main()
