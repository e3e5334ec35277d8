"""The architecture is checked by a tool, not by memory: import-linter's contracts in pyproject.toml.

api/jobs/cli -> services -> persistence/render -> domain, the domain imports no
framework, and no game imports another game (games are peers: roadsvc.<layer>.<game>). The first test runs the real contracts on the real tree; the others prove the
check can fail by running the same contracts on a copy of the tree with one bad import.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
FRAMEWORKS = {"flask", "flask_smorest", "sqlalchemy", "alembic", "marshmallow", "PIL", "apscheduler"}
LAYER_PACKAGES = ("cli", "api", "jobs", "web", "services", "persistence", "render", "domain")
GAMES = ("baccarat", "niuniu", "dabang")


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """Run lint-imports with `project`'s pyproject.toml, importing `roadsvc` from `project`."""
    env = {**os.environ, "PYTHONPATH": str(project), "NO_COLOR": "1", "COLUMNS": "200"}  # no wrapped lines
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(project / "pyproject.toml")],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def contracts() -> list[dict]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["importlinter"]["contracts"]


def test_every_contract_is_kept() -> None:
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"Contracts: {len(contracts())} kept, 0 broken." in run.stdout


def test_the_domain_is_forbidden_every_framework() -> None:
    """Weakening the contract (dropping a framework) must not go unnoticed."""
    pure = [c for c in contracts() if c["type"] == "forbidden" and c["source_modules"] == ["roadsvc.domain"]]
    assert len(pure) == 1
    assert FRAMEWORKS <= set(pure[0]["forbidden_modules"])


def test_each_game_is_forbidden_every_other_game_in_every_layer() -> None:
    peers = {tuple(c["source_modules"]): c for c in contracts() if c["type"] == "forbidden"}
    for game in GAMES:
        contract = peers[(f"roadsvc.**.{game}",)]
        assert set(contract["forbidden_modules"]) == {f"roadsvc.**.{other}" for other in GAMES if other != game}
        assert contract["allow_indirect_imports"] is True  # a shared module (lobby, floor) may import every game


def test_the_layers_run_from_the_cli_down_to_the_domain() -> None:
    (layers,) = [c["layers"] for c in contracts() if c["type"] == "layers" and "containers" not in c]
    assert layers == [
        "roadsvc.cli",
        "roadsvc.api | roadsvc.jobs | roadsvc.web",
        "roadsvc.stream",
        "roadsvc.services",
        "roadsvc.persistence | roadsvc.render",
        "roadsvc.domain",
    ]


@pytest.fixture
def tree_copy(tmp_path: Path) -> Path:
    """A copy of the package and its contracts, with every layer package present."""
    shutil.copytree(ROOT / "roadsvc", tmp_path / "roadsvc", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for name in LAYER_PACKAGES:
        (tmp_path / "roadsvc" / name).mkdir(exist_ok=True)
        (tmp_path / "roadsvc" / name / "__init__.py").touch()
    return tmp_path


def add_game_packages(tree: Path) -> None:
    """Every game's package in every layer of the copy (niuniu's and dabang's may not exist yet)."""
    for game in GAMES:
        for layer in ("domain", "services", "api", "render", "persistence/models"):
            package = tree / "roadsvc" / layer / game
            package.mkdir(exist_ok=True)
            (package / "__init__.py").touch()


def test_the_copy_is_clean(tree_copy: Path) -> None:
    """The baseline for the next test: the copy alone breaks nothing."""
    run = lint_imports(tree_copy)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize(
    ("module", "source", "broken"),
    [
        ("domain/leak.py", "import flask\n", "roadsvc.domain is not allowed to import flask"),
        ("domain/leak.py", "from PIL import Image\n", "roadsvc.domain is not allowed to import PIL"),
        ("domain/leak.py", "import sqlalchemy\n", "roadsvc.domain is not allowed to import sqlalchemy"),
        ("domain/leak.py", "import roadsvc.services\n", "roadsvc.domain is not allowed to import roadsvc.services"),
        ("render/leak.py", "import roadsvc.services\n", "roadsvc.render is not allowed to import roadsvc.services"),
        ("services/leak.py", "import roadsvc.cli\n", "roadsvc.services is not allowed to import roadsvc.cli"),
    ],
)
def test_a_bad_import_breaks_a_contract(tree_copy: Path, module: str, source: str, broken: str) -> None:
    (tree_copy / "roadsvc" / module).write_text(source)
    run = lint_imports(tree_copy)
    assert run.returncode == 1, run.stdout + run.stderr
    assert broken in run.stdout


@pytest.mark.parametrize(
    ("module", "source", "broken"),
    [
        ("domain/baccarat/leak.py", "import roadsvc.domain.niuniu\n",
         "roadsvc.domain.baccarat is not allowed to import roadsvc.domain.niuniu"),
        ("services/niuniu/leak.py", "from roadsvc.domain.baccarat.dealing import cards\n",
         "roadsvc.services.niuniu is not allowed to import roadsvc.domain.baccarat"),
        ("persistence/models/dabang/leak.py", "import roadsvc.persistence.models.niuniu\n",
         "roadsvc.persistence.models.dabang is not allowed to import roadsvc.persistence.models.niuniu"),
        ("api/dabang/leak.py", "import roadsvc.render.baccarat\n",
         "roadsvc.api.dabang is not allowed to import roadsvc.render.baccarat"),
    ],
)
def test_a_game_importing_another_game_breaks_a_contract(tree_copy: Path, module: str, source: str,
                                                          broken: str) -> None:
    add_game_packages(tree_copy)
    (tree_copy / "roadsvc" / module).write_text(source)
    run = lint_imports(tree_copy)
    assert run.returncode == 1, run.stdout + run.stderr
    assert broken in run.stdout


def test_a_shared_module_may_import_every_game(tree_copy: Path) -> None:
    """The lobby and the floor show every game: a shared module importing two games breaks nothing."""
    add_game_packages(tree_copy)
    (tree_copy / "roadsvc" / "services" / "hub.py").write_text(
        "import roadsvc.services.baccarat\nimport roadsvc.services.niuniu\nimport roadsvc.domain.dabang\n")
    run = lint_imports(tree_copy)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_folder_holds_more_than_20_modules() -> None:
    """A folder past 20 modules groups an area's modules into a package (services/records, persistence/dealers...)."""
    root = Path(__file__).resolve().parents[1] / "roadsvc"
    crowded = {str(folder.relative_to(root)): n for folder in [root, *root.rglob("*")] if folder.is_dir()
               and (n := len(list(folder.glob("*.py")))) > 20}
    assert crowded == {}

