PY := .venv/bin/python

.venv: requirements.txt
	python3 -m venv .venv && .venv/bin/pip install -q -r requirements.txt && touch .venv

run: .venv
	$(PY) main.py

test: .venv
	SDL_VIDEODRIVER=dummy $(PY) -m pytest -q

check: .venv
	$(PY) main.py check

bench: .venv
	$(PY) main.py bench dice_wars

.PHONY: run test check bench
