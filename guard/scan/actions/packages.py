"""ACT005 for a package's name: an installer told to fetch a name one typing slip away from a package everyone
uses (`reqeusts`, `colourama`, `expresss`) is a dependency from a source nobody chose. Read from the installer's
arguments; the names are a short list of the most installed packages of PyPI and npm, not of attack phrases."""
from __future__ import annotations

import re

from guard.scan.actions.commands import Simple
from guard.scan.lazyre import lazy

TYPE_CHECKING = False
if TYPE_CHECKING:
    from guard.scan.actions.flows import Flow
    from guard.scan.text import Document

PYPI = frozenset("""requests numpy pandas urllib3 setuptools colorama django flask boto3 botocore cryptography pyyaml
python-dateutil certifi charset-normalizer pytest jinja2 click attrs pydantic fastapi sqlalchemy scipy matplotlib
pillow beautifulsoup4 selenium tensorflow torch scikit-learn openai anthropic httpx aiohttp rich tqdm psycopg2
psycopg2-binary redis celery paramiko pyjwt bcrypt lxml protobuf grpcio transformers langchain virtualenv pipenv
poetry black flake8 pylint mypy isort uvicorn gunicorn werkzeug markupsafe itsdangerous websockets pyopenssl
requests-oauthlib oauthlib google-auth awscli docker kubernetes pymongo mysqlclient pymysql sqlparse
python-dotenv simplejson ujson orjson packaging typing-extensions wheel twine keyring tornado twisted scrapy
opencv-python nltk spacy xgboost lightgbm seaborn plotly dash streamlit gradio huggingface-hub datasets
tokenizers safetensors accelerate jupyter notebook ipython pyspark""".split())
NPM = frozenset("""lodash express react react-dom axios chalk commander moment request debug webpack typescript eslint
jquery vue next dotenv uuid cross-env colors yargs body-parser mongoose socket.io electron prettier jest
babel-core node-fetch ws cors nodemon async bluebird underscore minimist glob rimraf mkdirp semver inquirer ora
dayjs date-fns classnames prop-types redux react-redux styled-components tailwindcss postcss autoprefixer
vite rollup esbuild puppeteer playwright cheerio jsonwebtoken bcrypt passport helmet morgan winston
nodemailer sequelize mysql pg redis graphql apollo-server""".split())
NEIGHBOURS = frozenset("scapy pyaml typer react-dom reacts preact vuex nextjs jquery-ui expresso".split())  # (real)
INSTALLERS = {"pip": PYPI, "pip3": PYPI, "uv": PYPI, "poetry": PYPI, "pipx": PYPI, "pipenv": PYPI,
              "npm": NPM, "yarn": NPM, "pnpm": NPM, "bun": NPM, "npx": NPM}
VALUE_FLAGS = frozenset("-r -c -e -i -t -f --requirement --constraint --editable --index-url --extra-index-url "
                        "--registry --find-links --target --prefix --python -p --save-prefix".split())
CONFUSABLE = str.maketrans({"0": "o", "1": "l", "_": "-", ".": "-"})


def look_alike(cmd: Simple) -> tuple[str, str] | None:
    """(name, the popular package it imitates) for the first installed name that is one slip away."""
    name = cmd.name if not cmd.name.startswith("python") else "pip"
    known = INSTALLERS.get(name)
    argv = [a.lower() for a in cmd.argv]
    verbs = ("install", "add", "i") if name != "npx" else ()
    at = next((i for i, a in enumerate(argv[1:], 1) if a in verbs), 0 if name == "npx" else -1)
    if known is None or at < 0:
        return None
    previous = ""
    for arg in argv[at + 1:]:
        if arg.startswith("-") or previous in VALUE_FLAGS or "/" in arg or ":" in arg or arg.startswith("."):
            previous = arg
            continue
        previous = arg
        package = arg.split("==")[0].split(">=")[0].split("<")[0].split("[")[0].split("@")[0].translate(CONFUSABLE)
        if package and package not in known and package not in NEIGHBOURS:
            twin = next((k for k in known if len(k) >= 6 and _one_slip(package, k)
                         and not (package[-1:].isdigit() or k[-1:].isdigit())), None)  # (boto/boto3: versions)
            if twin:
                return arg, twin
    return None


def _one_slip(a: str, b: str) -> bool:
    """One character changed, added, dropped, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def run_at_install(doc: Document) -> list[Flow]:
    """ACT005 a warning for an install hook (`"postinstall": "env-guard-cli init"`) that runs a package the same
    file adds as a dependency (`"env-guard-cli": "^2.4.1"`): whatever that package's next release holds runs on
    every machine that installs the project, before anyone reads it. A local script (`node scripts/x.js`) is none."""
    from guard.scan.actions.controls import warned_against
    from guard.scan.actions.flows import Flow
    from guard.scan.context import negated_in_clause

    text = doc.text
    if "install\"" not in text:
        return []
    found = []
    for hook in INSTALL_HOOK.finditer(text):
        program = hook.group(2)
        added = re.search(rf"[\"']{re.escape(program)}[\"']\s*:\s*[\"'][\^~]?\d", text)
        if added is None or program in NPM or negated_in_clause(doc, hook.start()) \
                or warned_against(doc, hook.start()):
            continue
        found.append(Flow(hook.start(), hook.end(), "ACT005", f"the package {program}, added by the same file, run "
                          f"at every install ({hook.group(1)})", "warning"))
    return found


INSTALL_HOOK = lazy(r"[\"'](preinstall|install|postinstall)[\"']\s*:\s*[\"']((?:@[\w.-]+/)?[\w][\w.-]*)(?=[\s\"'])")


REPLACE = lazy(r"\breplace\s+([\w-]+(?:\.[\w-]+)+/([\w.-]+)/[\w./-]+)\s+(?:v[\w.+-]+\s+)?=>\s+"
               r"([\w-]+(?:\.[\w-]+)+/([\w.-]+)/[\w./-]+)")


def replaced(doc: Document, walk: object) -> list[Flow]:
    """go.mod's `replace A => B`: module A built from another account's B (a warning), from an account whose name is
    one slip from A's (`gorilla` => `gorllla-ws`: an error). A local path or the same account is no finding."""
    from guard.scan.actions.flows import Flow

    found = []
    for match in REPLACE.finditer(doc.text) if "=>" in doc.text else ():
        owner, other = match.group(2).lower(), match.group(4).lower()
        if owner == other or walk.trusted("https://" + match.group(3)):  # type: ignore[attr-defined]
            continue
        slip = any(_one_slip(part, owner) for part in re.split(r"[-_.]", other) if len(owner) >= 4)
        found.append(Flow(match.start(3), match.end(3), "ACT005", f"the module {match.group(1)} built from "
                          f"{match.group(3)}" + (f", an account one slip from {owner}" if slip else
                                                 ", another account's copy"), "error" if slip else "warning",
                          "https://" + match.group(3)))
    return found
