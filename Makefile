# Leeway: the two commands a newcomer needs are `make demo` and `make test`.
# Each installs what is missing (Debian packages, via scripts/install-deps.sh) and builds first.

BUILD_DIR    ?= build
SAN_DIR      ?= build-asan
GENERATOR    := -G Ninja
CMAKE_COMMON := -DLEEWAY_WERROR=ON
JOBS         ?= $(shell nproc)
# Paths inside the checkout reach ccache relative to it, so another clone (CI's) hits the cache.
export CCACHE_BASEDIR := $(CURDIR)

.PHONY: deps configure build demo test test-fast test-sanitize bench format clean

deps:
	@bash scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DLEEWAY_UNITY_TESTS=ON \
	  $(CMAKE_COMMON) > /dev/null

build: configure
	@cmake --build $(BUILD_DIR)

demo: build
	@$(BUILD_DIR)/leeway run --record $(BUILD_DIR)/demo.csv --summary $(BUILD_DIR)/demo-summary.json
	@echo "watch it   $(BUILD_DIR)/leeway run --view, then open http://127.0.0.1:8765/ in a browser (docs/viewer.md)"

# The whole suite: the optimised build, then the same tests (plus the world-loader fuzzer,
# for a bounded time) under AddressSanitizer and UndefinedBehaviorSanitizer, built with clang.
# The soaks (label soak) and the validations that run minutes of simulated time through code
# the shorter tests already cover (label long) run in the optimised build only: under the
# sanitizers they took twenty times as long and found nothing the shorter tests do not.
# Both suites run two tests at a time (the machine's cores; those that need it run alone).
# The sanitizers' build compiles several files as one (CMake's unity build): the templates they
# share are instantiated once, which is most of what compiling Leeway costs. The optimised build
# does so for the tests only (LEEWAY_UNITY_TESTS): its library keeps one file a unit, which
# catches the missing includes a unity build hides. A build directory configured by hand keeps
# every file a unit, for quick rebuilds of the file one changes.
test: test-fast test-sanitize

test-fast: build
	@ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

test-sanitize: deps
	@CC=clang CXX=clang++ cmake -S . -B $(SAN_DIR) $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DLEEWAY_SANITIZE=ON -DLEEWAY_FUZZ=ON -DLEEWAY_BENCH=OFF -DCMAKE_UNITY_BUILD=ON \
	  $(CMAKE_COMMON) > /dev/null
	@cmake --build $(SAN_DIR)
	@ctest --test-dir $(SAN_DIR) --output-on-failure -j $(JOBS) --label-exclude 'soak|long'

bench: build
	@$(BUILD_DIR)/bench/leeway_bench --benchmark_counters_tabular=true
	@PYTHONPATH=$(BUILD_DIR)/python /usr/bin/python3 python/bench/python_bench.py

format:
	@find src tests bench python/src -name '*.h' -o -name '*.cc' | xargs clang-format -i

clean:
	@rm -rf $(BUILD_DIR) $(SAN_DIR)
