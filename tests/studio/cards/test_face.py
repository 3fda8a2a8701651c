"""Where a card face's images come from: the shipped icons and the scenario's own folder, never
beyond them, whatever a zone or a card's field names."""

from __future__ import annotations

from studio.cards.face import image_path


def test_a_builtin_icon_is_found_and_a_climb_out_of_the_icons_is_not(tmp_path):
    assert image_path("builtin:card/army", None).name == "army.svg"
    outside = tmp_path / "secret.svg"
    outside.write_text("<svg xmlns='http://www.w3.org/2000/svg'/>", encoding="utf-8")
    climb = "builtin:" + "../" * 12 + str(outside.with_suffix(""))[1:]
    assert image_path(climb, None) is None


def test_an_asset_path_is_kept_inside_the_scenarios_folder(tmp_path):
    folder = tmp_path / "scenario"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "rome.png").write_bytes(b"png")
    (tmp_path / "outside.png").write_bytes(b"png")
    assert image_path("art/rome.png", folder) == (folder / "art" / "rome.png").resolve()
    assert image_path("../outside.png", folder) is None
    assert image_path(str(tmp_path / "outside.png"), folder) is None
