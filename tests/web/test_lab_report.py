"""The lab's HTML report opens in Chromium without errors, in both languages."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tabuleiro.cli.app import main

from .conftest import SAFETY_NET_MS


def test_lab_report_opens_without_errors(browser: Browser, shots: Path, tmp_path: Path) -> None:
    folder = tmp_path / "report"
    args = ["lab", "volta_ao_mundo", "--players", "2,3", "--games", "4", "--seed", "3"]
    args += ["--compare", "opening=none,reverse", "--out", str(folder), "--workers", "1", "--json"]
    try:
        main(args)
    except SystemExit as done:
        assert done.code in (0, None)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.set_default_timeout(SAFETY_NET_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: errors.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    page.goto((folder / "report.html").as_uri())
    assert page.locator("h1 [data-l=pt]").inner_text().startswith("Laboratório de equilíbrio: Volta ao mundo")
    assert not page.locator("h1 [data-l=en]").is_visible()
    loaded = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")
    assert loaded == [True] * 5
    assert page.locator("section h3").all_inner_texts() == [
        "2p opening=none",
        "2p opening=reverse",
        "3p opening=none",
        "3p opening=reverse",
    ]
    page.screenshot(path=str(shots / "lab-report-pt.png"), full_page=True)
    page.get_by_role("button", name="English").click()
    assert page.locator("h1 [data-l=en]").is_visible()
    assert not page.locator("h1 [data-l=pt]").is_visible()
    assert page.locator("h2:visible").all_inner_texts()[0] == "Plots"
    page.screenshot(path=str(shots / "lab-report-en.png"), full_page=True)
    assert errors == []
    page.close()
