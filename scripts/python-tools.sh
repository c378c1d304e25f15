# Sourced by scripts/test-environment.sh: a Python virtual environment in .python-tools/ holding the
# pinned test tools of scripts/python-tools.txt (the Prometheus text parser, the OpenAPI validator,
# schemathesis, axe-core, tuspy, pyotp), made or brought up to date when the list changed; exports ENDPOINT_TEST_PYTHON.
python_tools="$PWD/.python-tools"
if ! cmp -s scripts/python-tools.txt "$python_tools/installed.txt" 2>/dev/null; then
    echo "Installing the Python test tools into .python-tools/" >&2
    rm -rf "$python_tools"
    python3 -m venv "$python_tools"
    "$python_tools/bin/pip" install --quiet --disable-pip-version-check -r scripts/python-tools.txt
    cp scripts/python-tools.txt "$python_tools/installed.txt"
fi
export ENDPOINT_TEST_PYTHON="$python_tools/bin/python"
