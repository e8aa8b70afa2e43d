"""Runner catalog: command line -> runner, category, scope, not-a-run form, run directory."""

import os

import pytest

from stalegreen.engine import catalog, prefilter, shell

BASE = "/w"

# (command, runner, category, scope, not_run, cwd relative to BASE or None for BASE)
# runner None: the command holds no verification run at all.
CASES = [
    # ---- pytest and python wrappers
    ("pytest", "pytest", "test", "all", None, None),
    ("pytest -q", "pytest", "test", "all", None, None),
    ("py.test tests", "pytest", "test", "all", None, None),
    ("pytest-3 -x", "pytest", "test", "all", None, None),
    ("pytest tests/test_api.py", "pytest", "test", "subset", None, None),
    ("pytest tests/test_api.py::test_create", "pytest", "test", "subset", None, None),
    ("pytest -k create", "pytest", "test", "subset", None, None),
    ("pytest -kcreate", "pytest", "test", "subset", None, None),
    ("pytest -m 'not slow'", "pytest", "test", "subset", None, None),
    ("pytest --lf", "pytest", "test", "subset", None, None),
    ("pytest --deselect tests/a.py::t", "pytest", "test", "subset", None, None),
    ("pytest tests/unit", "pytest", "test", "subset", None, None),
    ("pytest tests/", "pytest", "test", "all", None, None),
    ("pytest -n 4 tests", "pytest", "test", "all", None, None),
    ("pytest --collect-only", "pytest", "test", "all", "list", None),
    ("pytest --co -q", "pytest", "test", "all", "list", None),
    ("pytest --help", "pytest", "test", "all", "help", None),
    ("pytest --version", "pytest", "test", "all", "help", None),
    ("python -m pytest", "pytest", "test", "all", None, None),
    ("python3 -m pytest -q tests/test_x.py", "pytest", "test", "subset", None, None),
    ("python3.12 -m pytest", "pytest", "test", "all", None, None),
    ("python -W error -m pytest", "pytest", "test", "all", None, None),
    ("python -X dev -m pytest", "pytest", "test", "all", None, None),
    ("python -u -m pytest", "pytest", "test", "all", None, None),
    ("python manage.py test --parallel 4", "manage.py test", "test", "all", None, None),
    ("python manage.py test --settings config.test -v 2", "manage.py test", "test", "all", None, None),
    ("python manage.py test orders.tests", "manage.py test", "test", "subset", None, None),
    ("python manage.py test -k checkout", "manage.py test", "test", "subset", None, None),
    ("django-admin test --tag slow", "django-admin test", "test", "subset", None, None),
    ("python script.py", None, None, None, None, None),
    ("python -c 'import pytest'", None, None, None, None, None),
    ("uv run pytest", "pytest", "test", "all", None, None),
    ("uv run --with pytest-xdist pytest -n 2", "pytest", "test", "all", None, None),
    ("uv run -- pytest", "pytest", "test", "all", None, None),
    ("poetry run pytest", "pytest", "test", "all", None, None),
    ("pipenv run pytest", "pytest", "test", "all", None, None),
    ("pdm run pytest", "pytest", "test", "all", None, None),
    ("rye run pytest", "pytest", "test", "all", None, None),
    ("conda run -n env pytest", "pytest", "test", "all", None, None),
    ("hatch run pytest", "pytest", "test", "all", None, None),
    ("hatch run test", "hatch run test", "test", "all", None, None),
    ("hatch run lint:check", "hatch run lint:check", "lint", "all", None, None),
    ("hatch test", "hatch test", "test", "all", None, None),
    ("uvx pytest", "pytest", "test", "all", None, None),
    ("uvx --from ruff ruff check .", "ruff check", "lint", "all", None, None),
    ("pipx run black --check .", "black", "lint", "all", None, None),
    ("coverage run -m pytest", "pytest", "test", "all", None, None),
    ("coverage run manage.py test", "manage.py test", "test", "all", None, None),
    ("coverage report", None, None, None, None, None),
    ("python -m unittest", "unittest", "test", "all", None, None),
    ("python -m unittest discover -s tests", "unittest", "test", "all", None, None),
    ("python -m unittest tests.test_api", "unittest", "test", "subset", None, None),
    ("python -m unittest -k create", "unittest", "test", "subset", None, None),
    ("python manage.py test", "manage.py test", "test", "all", None, None),
    ("python manage.py test accounts", "manage.py test", "test", "subset", None, None),
    ("./manage.py test", "manage.py test", "test", "all", None, None),
    ("python manage.py runserver", None, None, None, None, None),
    ("django-admin test", "django-admin test", "test", "all", None, None),
    ("python -m django test", "django-admin test", "test", "all", None, None),
    ("nose2", "nose2", "test", "all", None, None),
    ("nose2 tests.test_api", "nose2", "test", "subset", None, None),
    ("tox", "tox", "test", "all", None, None),
    # an environment or session runs whole: choosing one deselects nothing (its name gives the category)
    ("tox -e py311", "tox", "test", "all", None, None),
    ("tox -e py", "tox", "test", "all", None, None),
    ("npm run test:ci", "npm run test:ci", "test", "all", None, None),
    ("yarn test:integration", "yarn test:integration", "test", "subset", None, None),
    ("nox -s tests", "nox", "test", "all", None, None),
    ("ptw", "pytest", "test", "all", "watch", None),
    ("python -m build", "python -m build", "build", "all", None, None),
    ("uv build", "python -m build", "build", "all", None, None),
    ("python setup.py test", "setup.py test", "test", "all", None, None),
    # ---- JS test runners
    ("jest", "jest", "test", "all", None, None),
    ("jest src/a.test.ts", "jest", "test", "subset", None, None),
    ("jest -t 'creates a hold'", "jest", "test", "subset", None, None),
    ("jest --watch", "jest", "test", "all", "watch", None),
    ("jest --watchAll=false", "jest", "test", "all", None, None),
    ("jest -w 4", "jest", "test", "all", None, None),
    ("jest --listTests", "jest", "test", "all", "list", None),
    ("jest --ci --coverage", "jest", "test", "all", None, None),
    ("npx jest", "jest", "test", "all", None, None),
    ("npx --yes jest@29 --ci", "jest", "test", "all", None, None),
    ("./node_modules/.bin/jest", "jest", "test", "all", None, None),
    ("node node_modules/jest/bin/jest.js", "jest", "test", "all", None, None),
    ("node --experimental-vm-modules node_modules/.bin/jest", "jest", "test", "all", None, None),
    ("vitest", "vitest", "test", "all", None, None),
    ("vitest run", "vitest", "test", "all", None, None),
    ("vitest run src/hold.test.ts", "vitest", "test", "subset", None, None),
    ("vitest run -t expiry", "vitest", "test", "subset", None, None),
    ("vitest --project api run", "vitest", "test", "subset", None, None),
    ("vitest watch", "vitest", "test", "all", "watch", None),
    ("vitest bench", "vitest", "test", "all", "bench", None),
    ("vitest list", "vitest", "test", "all", "list", None),
    ("vitest --ui", "vitest", "test", "all", "watch", None),
    ("pnpm vitest run", "vitest", "test", "all", None, None),
    ("pnpm exec vitest run", "vitest", "test", "all", None, None),
    ("yarn dlx vitest run", "vitest", "test", "all", None, None),
    ("bunx vitest run", "vitest", "test", "all", None, None),
    ("mocha", "mocha", "test", "all", None, None),
    ("mocha test/hold.spec.js", "mocha", "test", "subset", None, None),
    ("mocha -g expiry", "mocha", "test", "subset", None, None),
    ("mocha -w", "mocha", "test", "all", "watch", None),
    ("nyc mocha", "mocha", "test", "all", None, None),
    ("c8 -r lcov mocha", "mocha", "test", "all", None, None),
    ("ava", "ava", "test", "all", None, None),
    ("ava --match 'creates*'", "ava", "test", "subset", None, None),
    ("node --test", "node --test", "test", "all", None, None),
    ("node --test test/a.test.js", "node --test", "test", "subset", None, None),
    ("node --test --test-name-pattern=expiry", "node --test", "test", "subset", None, None),
    ("node --test --watch", "node --test", "test", "all", "watch", None),
    ("node server.js", None, None, None, None, None),
    ("node -e 'console.log(1)'", None, None, None, None, None),
    ("node --run test", "node --run test", "test", "all", None, None),
    ("bun test", "bun test", "test", "all", None, None),
    ("bun test src/a.test.ts", "bun test", "test", "subset", None, None),
    ("bun run test", "bun run test", "test", "all", None, None),
    ("deno test", "deno test", "test", "all", None, None),
    ("deno test -A src/a_test.ts", "deno test", "test", "subset", None, None),
    ("playwright test", "playwright test", "test", "all", None, None),
    ("npx playwright test --project=chromium", "playwright test", "test", "subset", None, None),
    ("playwright test --ui", "playwright test", "test", "all", "watch", None),
    ("npx playwright show-report", None, None, None, None, None),
    ("cypress run", "cypress run", "test", "all", None, None),
    ("cypress run --spec cypress/e2e/a.cy.ts", "cypress run", "test", "subset", None, None),
    ("cypress open", "cypress open", "test", "all", "watch", None),
    ("jasmine", "jasmine", "test", "all", None, None),
    ("tap test/*.js", "tap", "test", "all", None, None),
    ("react-scripts test", "react-scripts test", "test", "all", None, None),
    ("ng test", "ng test", "test", "all", "watch", None),
    ("ng test --watch=false", "ng test", "test", "all", None, None),
    ("ng test --no-watch", "ng test", "test", "all", None, None),
    ("ng build", "ng build", "build", "all", None, None),
    ("ng lint", "ng lint", "lint", "all", None, None),
    # ---- package scripts
    ("npm test", "npm test", "test", "all", None, None),
    ("npm t", "npm test", "test", "all", None, None),
    ("npm run test", "npm run test", "test", "all", None, None),
    ("npm run test:unit", "npm run test:unit", "test", "subset", None, None),
    ("npm run test -- -t expiry", "npm run test", "test", "subset", None, None),
    ("npm test -- src/a.test.ts", "npm test", "test", "subset", None, None),
    ("npm run test:watch", "npm run test:watch", "test", "all", "watch", None),
    ("npm run test -- --watch", "npm run test", "test", "all", "watch", None),
    ("npm run lint", "npm run lint", "lint", "all", None, None),
    ("npm run typecheck", "npm run typecheck", "typecheck", "all", None, None),
    ("npm run type-check", "npm run type-check", "typecheck", "all", None, None),
    ("npm run tsc", "npm run tsc", "typecheck", "all", None, None),
    ("npm run build", "npm run build", "build", "all", None, None),
    ("npm run build:prod", "npm run build:prod", "build", "all", None, None),
    ("npm run dev", None, None, None, None, None),
    ("npm run deploy", None, None, None, None, None),
    ("npm install", None, None, None, None, None),
    ("npm ci", None, None, None, None, None),
    ("npm start", None, None, None, None, None),
    ("npm -w api test", "npm test", "test", "subset", None, None),
    ("npm --workspace=api run test", "npm run test", "test", "subset", None, None),
    ("npm --prefix web test", "npm test", "test", "all", None, "web"),
    ("npm -s test", "npm test", "test", "all", None, None),
    ("npm test --prefix api", "npm test", "test", "all", None, "api"),
    ("npm run lint -w web", "npm run lint", "lint", "subset", None, None),
    ("npm test -- --prefix x", "npm test", "test", "all", None, None),
    ("pnpm test", "pnpm test", "test", "all", None, None),
    ("pnpm run test:e2e", "pnpm run test:e2e", "test", "subset", None, None),
    ("pnpm -r test", "pnpm test", "test", "all", None, None),
    ("pnpm --filter api test", "pnpm test", "test", "subset", None, None),
    ("pnpm -F web run lint", "pnpm run lint", "lint", "subset", None, None),
    ("pnpm -C packages/web build", "pnpm build", "build", "all", None, "packages/web"),
    ("pnpm dev", None, None, None, None, None),
    ("pnpm install", None, None, None, None, None),
    ("pnpm lint:fix", "pnpm lint:fix", "lint", "all", None, None),
    ("pnpm check-types", "pnpm check-types", "typecheck", "all", None, None),
    ("pnpm tsc --noEmit", "tsc", "typecheck", "all", None, None),
    ("yarn test", "yarn test", "test", "all", None, None),
    ("yarn run build", "yarn run build", "build", "all", None, None),
    ("yarn workspace api test", "yarn test", "test", "subset", None, None),
    ("yarn workspaces foreach -A run test", "yarn test", "test", "all", None, None),
    ("yarn --cwd web lint", "yarn lint", "lint", "all", None, "web"),
    ("yarn eslint .", "eslint", "lint", "all", None, None),
    ("yarn add lodash", None, None, None, None, None),
    ("bun run build", "bun run build", "build", "all", None, None),
    ("npm run vitest -- run", "vitest", "test", "all", None, None),
    ("pnpm run eslint src/hold.ts", "pnpm run eslint", "lint", "subset", None, None),
    ("bun run jest src/a.test.ts", "jest", "test", "subset", None, None),
    ("bun build ./src/index.ts", "bun build", "build", "all", None, None),
    ("deno task test", "deno task test", "test", "all", None, None),
    ("turbo test", "turbo test", "test", "all", None, None),
    ("turbo run build", "turbo run build", "build", "all", None, None),
    ("turbo run lint test --filter=web", "turbo run test", "test", "subset", None, None),
    ("lerna run test", "lerna run test", "test", "all", None, None),
    ("lerna run test --scope api", "lerna run test", "test", "subset", None, None),
    # one project of the workspace: a subset, as `pnpm --filter api test` is (the spec: "-p in a workspace")
    ("nx test api", "nx test", "test", "subset", None, None),
    ("nx run api:build", "nx build", "build", "subset", None, None),
    ("nx run-many -t lint,test", "nx test", "test", "all", None, None),
    ("nx affected -t test", "nx test", "test", "subset", None, None),
    ("nx graph", None, None, None, None, None),
    ("just test", "just test", "test", "all", None, None),
    ("task lint", "task lint", "lint", "all", None, None),
    ("composer test", "composer test", "test", "all", None, None),
    ("composer run-script lint", "composer run-script lint", "lint", "all", None, None),
    # ---- make
    ("make", "make", "build", "all", None, None),
    ("make test", "make test", "test", "all", None, None),
    ("make tests", "make tests", "test", "all", None, None),
    ("make test-unit", "make test-unit", "test", "all", None, None),
    ("make lint", "make lint", "lint", "all", None, None),
    ("make typecheck", "make typecheck", "typecheck", "all", None, None),
    ("make mypy", "make mypy", "typecheck", "all", None, None),
    ("make all", "make all", "build", "all", None, None),
    ("make build", "make build", "build", "all", None, None),
    ("make -j8 test", "make test", "test", "all", None, None),
    ("make -j 8 test", "make test", "test", "all", None, None),
    ("make -C api test", "make test", "test", "all", None, "api"),
    ("make --directory=api lint", "make lint", "lint", "all", None, "api"),
    ("make -s test", "make test", "test", "all", None, None),
    ("make -n test", "make test", "test", "all", "dry-run", None),
    ("make test TESTS=tests/a.py", "make test", "test", "subset", None, None),
    ("make clean test", "make test", "test", "all", None, None),
    ("make build test", "make test", "test", "all", None, None),
    ("make clean", None, None, None, None, None),
    ("make deploy", None, None, None, None, None),
    ("gmake check-test", "make check-test", "test", "all", None, None),
    # ---- go, rust, jvm, dotnet, swift, others
    ("go test ./...", "go test", "test", "all", None, None),
    ("go test ./internal/...", "go test", "test", "subset", None, None),
    ("go test -run TestHold ./...", "go test", "test", "subset", None, None),
    ("go test -v -race ./...", "go test", "test", "all", None, None),
    ("go test -count=1 ./...", "go test", "test", "all", None, None),
    ("go test -list . ./...", "go test", "test", "all", "list", None),
    ("go vet ./...", "go vet", "lint", "all", None, None),
    ("go build ./...", "go build", "build", "all", None, None),
    ("go build -n ./...", "go build", "build", "all", "dry-run", None),
    ("go install ./cmd/app", "go install", "build", "subset", None, None),
    ("go -C svc test ./...", "go test", "test", "all", None, "svc"),
    ("go mod tidy", None, None, None, None, None),
    ("gotestsum -- ./...", "gotestsum", "test", "all", None, None),
    ("golangci-lint run", "golangci-lint run", "lint", "all", None, None),
    ("golangci-lint linters", "golangci-lint", "lint", "all", "other", None),
    ("staticcheck ./...", "staticcheck", "lint", "all", None, None),
    ("gofmt -l .", "gofmt", "lint", "all", None, None),
    ("gofmt -w .", "gofmt", "lint", "all", "format", None),
    ("cargo test", "cargo test", "test", "all", None, None),
    ("cargo t", "cargo test", "test", "all", None, None),
    ("cargo test -p holds", "cargo test", "test", "subset", None, None),
    ("cargo test expiry", "cargo test", "test", "subset", None, None),
    ("cargo test --workspace", "cargo test", "test", "all", None, None),
    ("cargo test -- --list", "cargo test", "test", "all", "list", None),
    ("cargo test --no-run", "cargo test", "test", "all", "list", None),
    ("cargo +nightly test", None, None, None, None, None),
    ("cargo test --manifest-path crates/core/Cargo.toml", "cargo test", "test", "all", None, "crates/core"),
    ("cargo nextest run", "cargo nextest", "test", "all", None, None),
    ("cargo nextest run -E 'test(expiry)'", "cargo nextest", "test", "subset", None, None),
    ("cargo nextest list", "cargo nextest", "test", "all", "list", None),
    ("cargo nextest archive", "cargo nextest", "test", "all", "other", None),
    ("cargo check", "cargo check", "typecheck", "all", None, None),
    ("cargo check --all-targets", "cargo check", "typecheck", "all", None, None),
    ("cargo build --release", "cargo build", "build", "all", None, None),
    ("cargo clippy -- -D warnings", "cargo clippy", "lint", "all", None, None),
    ("cargo fmt --check", "cargo fmt", "lint", "all", None, None),
    ("cargo fmt", "cargo fmt", "lint", "all", "format", None),
    ("cargo watch -x test", "cargo watch", "test", "all", "watch", None),
    ("dotnet test", "dotnet test", "test", "all", None, None),
    ("dotnet test --filter Category=Unit", "dotnet test", "test", "subset", None, None),
    ("dotnet test --list-tests", "dotnet test", "test", "all", "list", None),
    ("dotnet build", "dotnet build", "build", "all", None, None),
    ("dotnet format --verify-no-changes", "dotnet format", "lint", "all", None, None),
    ("dotnet format", "dotnet format", "lint", "all", "format", None),
    ("mvn test", "mvn test", "test", "all", None, None),
    ("mvn -q clean verify", "mvn test", "test", "all", None, None),
    ("mvn test -Dtest=HoldTest", "mvn test", "test", "subset", None, None),
    ("./mvnw package", "mvn package", "build", "all", None, None),
    ("mvn package -DskipTests", "mvn package", "build", "all", None, None),
    ("mvn -f svc/pom.xml test", "mvn test", "test", "all", None, "svc"),
    ("gradle test", "gradle test", "test", "all", None, None),
    ("./gradlew test --tests HoldTest", "gradle test", "test", "subset", None, None),
    ("./gradlew :app:test", "gradle test", "test", "subset", None, None),
    ("./gradlew build", "gradle build", "build", "all", None, None),
    ("./gradlew clean build test", "gradle test", "test", "all", None, None),
    ("./gradlew ktlintCheck", "gradle ktlintCheck", "lint", "all", None, None),
    ("./gradlew test --continuous", "gradle test", "test", "all", "watch", None),
    ("./gradlew tasks", None, None, None, None, None),
    ("sbt test", "sbt test", "test", "all", None, None),
    ("sbt 'testOnly *HoldSpec'", "sbt test", "test", "subset", None, None),
    ("sbt compile", "sbt compile", "build", "all", None, None),
    ("swift test", "swift test", "test", "all", None, None),
    ("swift test --filter HoldTests", "swift test", "test", "subset", None, None),
    ("swift test --list-tests", "swift test", "test", "all", "list", None),
    ("swift build", "swift build", "build", "all", None, None),
    ("xcodebuild test -scheme App", "xcodebuild test", "test", "all", None, None),
    ("xcodebuild test -scheme App -only-testing:AppTests/HoldTests", "xcodebuild test", "test", "subset", None, None),
    ("xcodebuild -scheme App build", "xcodebuild", "build", "all", None, None),
    ("xcodebuild -list", "xcodebuild", "build", "all", "list", None),
    ("flutter test", "flutter test", "test", "all", None, None),
    ("flutter test test/hold_test.dart", "flutter test", "test", "subset", None, None),
    ("flutter analyze", "flutter analyze", "lint", "all", None, None),
    ("dart test", "dart test", "test", "all", None, None),
    ("dart analyze", "dart analyze", "lint", "all", None, None),
    ("mix test", "mix test", "test", "all", None, None),
    ("mix test test/hold_test.exs:12", "mix test", "test", "subset", None, None),
    ("mix test --failed", "mix test", "test", "subset", None, None),
    ("mix compile", "mix compile", "build", "all", None, None),
    ("mix dialyzer", "mix dialyzer", "typecheck", "all", None, None),
    ("mix credo", "mix credo", "lint", "all", None, None),
    ("mix format --check-formatted", "mix format", "lint", "all", None, None),
    ("mix format", "mix format", "lint", "all", "format", None),
    ("rspec", "rspec", "test", "all", None, None),
    ("bundle exec rspec", "rspec", "test", "all", None, None),
    ("bundle exec rspec spec/hold_spec.rb:12", "rspec", "test", "subset", None, None),
    ("rspec --only-failures", "rspec", "test", "subset", None, None),
    ("rspec --dry-run", "rspec", "test", "all", "dry-run", None),
    ("bundle install", None, None, None, None, None),
    ("rake", "rake", "test", "all", None, None),
    ("bundle exec rake test", "rake test", "test", "all", None, None),
    ("rake spec", "rake spec", "test", "all", None, None),
    ("rails test", "rails test", "test", "all", None, None),
    ("bin/rails test test/models/hold_test.rb", "rails test", "test", "subset", None, None),
    ("rubocop", "rubocop", "lint", "all", None, None),
    ("bundle exec rubocop app/models/hold.rb", "rubocop", "lint", "subset", None, None),
    ("phpunit", "phpunit", "test", "all", None, None),
    ("vendor/bin/phpunit --filter testExpires", "phpunit", "test", "subset", None, None),
    ("./vendor/bin/pest", "pest", "test", "all", None, None),
    ("php artisan test", "artisan test", "test", "all", None, None),
    ("php artisan test --filter=HoldTest", "artisan test", "test", "subset", None, None),
    ("phpstan analyse", "phpstan", "typecheck", "all", None, None),
    ("vendor/bin/phpstan analyse src/Hold.php", "phpstan", "typecheck", "subset", None, None),
    ("phpstan clear-result-cache", "phpstan", "typecheck", "all", "other", None),
    ("psalm", "psalm", "typecheck", "all", None, None),
    ("phpcs", "phpcs", "lint", "all", None, None),
    ("pint --test", "pint", "lint", "all", None, None),
    ("pint", "pint", "lint", "all", "format", None),
    ("php-cs-fixer fix --dry-run", "php-cs-fixer", "lint", "all", None, None),
    ("ctest", "ctest", "test", "all", None, None),
    ("ctest -V", "ctest", "test", "all", None, None),
    ("ctest -R hold", "ctest", "test", "subset", None, None),
    ("ctest -N", "ctest", "test", "all", "list", None),
    ("ctest --test-dir build --output-on-failure", "ctest", "test", "all", None, None),
    ("meson test -C build", "meson test", "test", "all", None, None),
    ("cmake --build build", "cmake --build", "build", "all", None, None),
    ("cmake -S . -B build", None, None, None, None, None),
    ("ninja -C build", "ninja", "build", "all", None, "build"),
    ("bazel test //...", "bazel test", "test", "all", None, None),
    ("bazel test //pkg:hold_test", "bazel test", "test", "subset", None, None),
    ("bazel build //...", "bazel build", "build", "all", None, None),
    ("zig build test", "zig build test", "test", "all", None, None),
    ("zig build", "zig build", "build", "all", None, None),
    ("stack test", "stack test", "test", "all", None, None),
    ("cabal test", "cabal test", "test", "all", None, None),
    ("lein test", "lein test", "test", "all", None, None),
    ("elm-test", "elm-test", "test", "all", None, None),
    ("elm make src/Main.elm", "elm make", "build", "all", None, None),
    ("bats test/", "bats", "test", "all", None, None),
    ("prove -l t/", "prove", "test", "all", None, None),
    # ---- typecheck
    ("tsc", "tsc", "typecheck", "all", None, None),
    ("tsc --noEmit", "tsc", "typecheck", "all", None, None),
    ("tsc -p tsconfig.build.json", "tsc", "typecheck", "all", None, None),
    ("tsc -b", "tsc", "typecheck", "all", None, None),
    ("tsc --noEmit src/hold.ts", "tsc", "typecheck", "subset", None, None),
    ("tsc -w", "tsc", "typecheck", "all", "watch", None),
    ("tsc --watch", "tsc", "typecheck", "all", "watch", None),
    ("tsc --listFiles", "tsc", "typecheck", "all", "list", None),
    ("tsc --init", "tsc", "typecheck", "all", "help", None),
    ("npx tsc --noEmit", "tsc", "typecheck", "all", None, None),
    ("npx -p typescript tsc --noEmit", "tsc", "typecheck", "all", None, None),
    ("node node_modules/typescript/bin/tsc", "tsc", "typecheck", "all", None, None),
    ("vue-tsc --noEmit", "vue-tsc", "typecheck", "all", None, None),
    ("tsgo --noEmit", "tsgo", "typecheck", "all", None, None),
    ("svelte-check", "svelte-check", "typecheck", "all", None, None),
    ("svelte-check --watch", "svelte-check", "typecheck", "all", "watch", None),
    ("astro check", "astro check", "typecheck", "all", None, None),
    ("mypy .", "mypy", "typecheck", "all", None, None),
    ("mypy src", "mypy", "typecheck", "all", None, None),
    ("mypy src/holds/api.py", "mypy", "typecheck", "subset", None, None),
    ("mypy -p holds", "mypy", "typecheck", "subset", None, None),
    ("python -m mypy --strict src", "mypy", "typecheck", "all", None, None),
    ("dmypy run -- src", "dmypy", "typecheck", "all", None, None),
    ("pyright", "pyright", "typecheck", "all", None, None),
    ("pyright --watch", "pyright", "typecheck", "all", "watch", None),
    ("basedpyright", "basedpyright", "typecheck", "all", None, None),
    ("pyre check", "pyre", "typecheck", "all", None, None),
    ("flow", "flow", "typecheck", "all", None, None),
    ("flow check", "flow", "typecheck", "all", None, None),
    ("flow stop", "flow", "typecheck", "all", "other", None),
    ("srb tc", "srb tc", "typecheck", "all", None, None),
    ("bundle exec srb tc", "srb tc", "typecheck", "all", None, None),
    ("deno check main.ts", "deno check", "typecheck", "all", None, None),     # an entry point: the whole graph
    ("nuxi typecheck", "nuxt typecheck", "typecheck", "all", None, None),
    ("next typegen", "next typegen", "typecheck", "all", None, None),
    # ---- lint
    ("eslint .", "eslint", "lint", "all", None, None),
    ("eslint src", "eslint", "lint", "all", None, None),
    ("eslint src/hold.ts", "eslint", "lint", "subset", None, None),
    ("eslint --quiet .", "eslint", "lint", "all", None, None),
    ("eslint --fix .", "eslint", "lint", "all", None, None),
    ("eslint --print-config src/a.ts", "eslint", "lint", "subset", "list", None),
    ("eslint -c .eslintrc.json --ext .ts,.tsx src", "eslint", "lint", "all", None, None),
    ("npx eslint .", "eslint", "lint", "all", None, None),
    ("npx @biomejs/biome check .", "biome", "lint", "all", None, None),
    ("biome check .", "biome", "lint", "all", None, None),
    ("biome lint", "biome", "lint", "all", None, None),
    ("biome ci", "biome", "lint", "all", None, None),
    ("biome format .", "biome", "lint", "all", None, None),
    ("biome format --write .", "biome", "lint", "all", "format", None),
    ("oxlint", "oxlint", "lint", "all", None, None),
    ("stylelint '**/*.css'", "stylelint", "lint", "all", None, None),
    ("prettier --check .", "prettier", "lint", "all", None, None),
    ("prettier -c src", "prettier", "lint", "all", None, None),
    ("prettier --list-different .", "prettier", "lint", "all", None, None),
    ("prettier --write .", "prettier", "lint", "all", "format", None),
    ("prettier .", "prettier", "lint", "all", "format", None),
    ("ruff check .", "ruff check", "lint", "all", None, None),
    ("ruff check src/holds/api.py", "ruff check", "lint", "subset", None, None),
    ("ruff check --fix .", "ruff check", "lint", "all", None, None),
    ("ruff check --watch", "ruff check", "lint", "all", "watch", None),
    ("ruff .", "ruff check", "lint", "all", None, None),
    ("ruff", "ruff", "lint", "all", "help", None),
    ("ruff format", "ruff format", "lint", "all", "format", None),
    ("ruff format --check", "ruff format", "lint", "all", None, None),
    ("ruff format --diff .", "ruff format", "lint", "all", None, None),
    ("ruff rule E501", "ruff", "test", "all", "help", None),
    ("python -m ruff check .", "ruff check", "lint", "all", None, None),
    ("flake8", "flake8", "lint", "all", None, None),
    ("flake8 src/holds/api.py", "flake8", "lint", "subset", None, None),
    ("pylint src", "pylint", "lint", "all", None, None),
    ("python -m pylint src", "pylint", "lint", "all", None, None),
    ("black --check .", "black", "lint", "all", None, None),
    ("black .", "black", "lint", "all", "format", None),
    ("isort --check-only .", "isort", "lint", "all", None, None),
    ("isort .", "isort", "lint", "all", "format", None),
    ("bandit -r src", "bandit", "lint", "all", None, None),
    ("shellcheck scripts/*.sh", "shellcheck", "lint", "all", None, None),
    ("shellcheck deploy.sh", "shellcheck", "lint", "subset", None, None),
    ("hadolint Dockerfile", "hadolint", "lint", "all", None, None),
    ("yamllint .", "yamllint", "lint", "all", None, None),
    ("actionlint", "actionlint", "lint", "all", None, None),
    ("ktlint", "ktlint", "lint", "all", None, None),
    ("ktlint -F", "ktlint", "lint", "all", "format", None),
    ("detekt", "detekt", "lint", "all", None, None),
    ("clang-tidy src/a.cpp", "clang-tidy", "lint", "subset", None, None),
    ("clang-format --dry-run --Werror src/a.cpp", "clang-format", "lint", "subset", None, None),
    ("clang-format -i src/a.cpp", "clang-format", "lint", "subset", "format", None),
    ("swiftlint", "swiftlint", "lint", "all", None, None),
    ("swiftlint --fix", "swiftlint", "lint", "all", "format", None),
    ("next lint", "next lint", "lint", "all", None, None),
    ("deno lint", "deno lint", "lint", "all", None, None),
    ("deno fmt --check", "deno fmt", "lint", "all", None, None),
    ("deno fmt", "deno fmt", "lint", "all", "format", None),
    # ---- build
    ("next build", "next build", "build", "all", None, None),
    ("next dev", None, None, None, None, None),
    ("vite build", "vite build", "build", "all", None, None),
    ("vite build --watch", "vite build", "build", "all", "watch", None),
    ("vite", None, None, None, None, None),
    ("webpack", "webpack", "build", "all", None, None),
    ("webpack --mode production", "webpack", "build", "all", None, None),
    ("webpack serve", "webpack", "build", "all", "watch", None),
    ("webpack-dev-server", "webpack", "build", "all", "watch", None),
    ("rollup -c", "rollup", "build", "all", None, None),
    ("rollup -c -w", "rollup", "build", "all", "watch", None),
    ("esbuild src/index.ts --bundle --outfile=dist/out.js", "esbuild", "build", "all", None, None),
    ("esbuild --serve", "esbuild", "build", "all", "watch", None),
    ("tsup", "tsup", "build", "all", None, None),
    ("tsup --watch", "tsup", "build", "all", "watch", None),
    ("parcel build src/index.html", "parcel build", "build", "all", None, None),
    ("nuxt build", "nuxt build", "build", "all", None, None),
    ("astro build", "astro build", "build", "all", None, None),
    ("docker build -t app .", "docker build", "build", "all", None, None),
    ("docker buildx build .", "docker build", "build", "all", None, None),
    ("docker compose build", "docker compose build", "build", "all", None, None),
    ("docker-compose build api", "docker compose build", "build", "subset", None, None),
    ("docker compose up", None, None, None, None, None),
    ("docker run app", None, None, None, None, None),
    ("hugo", "hugo", "build", "all", None, None),
    ("hugo server", "hugo", "build", "all", "watch", None),
    ("poetry build", "poetry build", "build", "all", None, None),
    # ---- wrappers, prefixes, directories
    ("cd api && pytest", "pytest", "test", "all", None, "api"),
    ("cd api; npm test", "npm test", "test", "all", None, "api"),
    ("cd packages/web && cd ../api && npm test", "npm test", "test", "all", None, "packages/api"),
    ("cd /srv/app && pytest", "pytest", "test", "all", None, "/srv/app"),
    ("pushd api && pytest && popd", "pytest", "test", "all", None, "api"),
    ("(cd api && pytest)", "pytest", "test", "all", None, "api"),
    ("cd api | pytest", "pytest", "test", "all", None, None),
    ("CI=1 pytest", "pytest", "test", "all", None, None),
    ("CI=true FOO=bar npm test", "npm test", "test", "all", None, None),
    ("env CI=1 pytest", "pytest", "test", "all", None, None),
    ("env -i PATH=/usr/bin pytest", "pytest", "test", "all", None, None),
    ("env -C api pytest", "pytest", "test", "all", None, "api"),
    ("env -S 'pytest -q'", "pytest", "test", "all", None, None),
    ("timeout 300 pytest", "pytest", "test", "all", None, None),
    ("timeout -s KILL 5m npm test", "npm test", "test", "all", None, None),
    ("timeout --kill-after=10 60 cargo test", "cargo test", "test", "all", None, None),
    ("time pytest", "pytest", "test", "all", None, None),
    ("time -p go test ./...", "go test", "test", "all", None, None),
    ("nice -n 10 pytest", "pytest", "test", "all", None, None),
    ("nohup pytest", "pytest", "test", "all", None, None),
    ("exec pytest", "pytest", "test", "all", None, None),
    ("command pytest", "pytest", "test", "all", None, None),
    ("command -v pytest", None, None, None, None, None),
    ("stdbuf -oL pytest", "pytest", "test", "all", None, None),
    ("xvfb-run -a npm test", "npm test", "test", "all", None, None),
    ("cross-env NODE_ENV=test jest", "jest", "test", "all", None, None),
    ("dotenv -e .env.test -- jest", "jest", "test", "all", None, None),
    ("dotenvx run -f .env -- npm test", "npm test", "test", "all", None, None),
    ("direnv exec . pytest", "pytest", "test", "all", None, None),
    ("sudo pytest", "pytest", "test", "all", None, None),
    ("bash -c 'pytest -q'", "pytest", "test", "all", None, None),
    ("bash -lc 'cd api && pytest'", "pytest", "test", "all", None, "api"),
    ("sh -c \"npm test\"", "npm test", "test", "all", None, None),
    ("zsh -c 'make test'", "make test", "test", "all", None, None),
    ("bash -ec \"bash -c 'go test ./...'\"", "go test", "test", "all", None, None),
    ("bash script.sh", None, None, None, None, None),
    ("bash -euo pipefail -c 'pytest -q | tail -3'", "pytest", "test", "all", None, None),
    ("bash -o pipefail -c 'npm test'", "npm test", "test", "all", None, None),
    ("sh -xc 'make test'", "make test", "test", "all", None, None),
    ("bash -s", None, None, None, None, None),
    ("eval 'pytest -q'", "pytest", "test", "all", None, None),
    ("script -q -c 'npm test' /dev/null", "npm test", "test", "all", None, None),
    ("watch -n 5 pytest", "pytest", "test", "all", "watch", None),
    ("nodemon --exec 'npm test'", "npm test", "test", "all", "watch", None),
    ("hyperfine 'pytest -q'", "pytest", "test", "all", "bench", None),
    ("docker compose run --rm web pytest -q", "pytest", "test", "all", None, None),
    ("docker compose exec -T api python manage.py test", "manage.py test", "test", "all", None, None),
    ("docker exec -it -w /app app npm test", "npm test", "test", "all", None, None),
    ("docker run --rm -v $PWD:/app -w /app node:20 npx jest", "jest", "test", "all", None, None),
    ("docker-compose -f ci.yml run tests make test", "make test", "test", "all", None, None),
    ("docker compose exec web bash -c 'pytest tests/unit/test_a.py'", "pytest", "test", "subset", None, None),
    ("docker exec app ls", None, None, None, None, None),
    ("git status", None, None, None, None, None),
    ("ls -la tests", None, None, None, None, None),
    ("echo pytest", None, None, None, None, None),
    ("cat pytest.ini", None, None, None, None, None),
    ("grep -r pytest .", None, None, None, None, None),
    ("pip install pytest", None, None, None, None, None),
]


def _first_run(command, cwd=BASE, config=None):
    runs = catalog.find_runs(shell.parse(command), config or {}, cwd)
    return runs[0] if runs else None


@pytest.mark.parametrize("command,runner,category,scope,not_run,cwd", CASES, ids=[c[0] for c in CASES])
def test_command_classification(command, runner, category, scope, not_run, cwd):
    run = _first_run(command)
    if runner is None:
        assert run is None, run
        return
    assert run is not None, "no run found in %r" % command
    assert (run.runner, run.category, run.scope, run.not_run) == (runner, category, scope, not_run)
    expected_cwd = BASE if cwd is None else os.path.normpath(os.path.join(BASE, cwd))
    assert run.cwd == expected_cwd


def test_table_is_large_enough():
    assert len(CASES) >= 200


@pytest.mark.parametrize("command", [c[0] for c in CASES if c[1] is not None])
def test_prefilter_has_no_false_negatives(command):
    assert prefilter.might_contain_runner(command)


@pytest.mark.parametrize("command", ["ls -la", "git status", "cat README.md", "echo hello", "rm -rf build/",
                                     "grep -n foo src/a.txt", "cp a b", "curl -s http://localhost:8000/"])
def test_prefilter_lets_plain_commands_through(command):
    assert not prefilter.might_contain_runner(command)


def test_prefilter_sees_through_quote_tricks():
    assert prefilter.might_contain_runner("py''test -q")
    assert prefilter.might_contain_runner('"pytest"')
    assert prefilter.might_contain_runner("py\\test")


def test_every_run_of_a_compound_line_in_order():
    command = "cd api && ruff check . && mypy src && pytest -q | tail -5; cd ../web && npm run build"
    runs = catalog.find_runs(shell.parse(command), {}, BASE)
    assert [(r.runner, r.category) for r in runs] == [
        ("ruff check", "lint"), ("mypy", "typecheck"), ("pytest", "test"), ("npm run build", "build")]
    assert [r.cwd for r in runs] == ["/w/api"] * 3 + ["/w/web"]
    parse = shell.parse(command)
    assert [parse.segments[r.segment_index].words[0] for r in runs] == ["ruff", "mypy", "pytest", "npm"]


def test_subshell_directory_does_not_leak():
    runs = catalog.find_runs(shell.parse("(cd api && pytest); pytest"), {}, BASE)
    assert [r.cwd for r in runs] == ["/w/api", "/w"]


def test_cd_is_recorded_raw_without_a_cwd():
    run = _first_run("cd services/api && pytest", cwd=None)
    assert run.cwd is None and run.cd == "services/api"
    assert _first_run("pytest", cwd=None).cd is None


def test_cd_to_a_variable_makes_the_directory_unknown():
    run = _first_run('cd "$PROJECT" && pytest')
    assert run.cwd is None and "$PROJECT" in run.cd


def test_nested_runs_report_the_outer_segment():
    parse = shell.parse("echo start; bash -c 'cd api && pytest -q && npm test' | tee log")
    runs = catalog.find_runs(parse, {}, BASE)
    assert [r.runner for r in runs] == ["pytest", "npm test"]
    assert all(r.nested and r.segment_index == 1 for r in runs)
    assert all(r.text == parse.segments[1].text for r in runs)
    assert [r.cwd for r in runs] == ["/w/api", "/w/api"]


def test_a_shell_fed_a_heredoc_runs_its_body():
    runs = catalog.find_runs(shell.parse("bash <<'EOF'\ncd api\npytest -q\nEOF"), {}, BASE)
    assert [(r.runner, r.nested, r.cwd, r.segment_index) for r in runs] == [("pytest", True, "/w/api", 0)]
    assert catalog.find_runs(shell.parse("cat <<'EOF' > notes.txt\npytest -q\nEOF"), {}, BASE) == []
    assert catalog.find_runs(shell.parse("bash run.sh <<'EOF'\npytest\nEOF"), {}, BASE) == []
    # an option's value is no script file: `-o pipefail`, `--rcfile x`; `-s` reads stdin
    for line in ("bash -o pipefail <<'EOF'\npytest\nEOF", "bash -s -- a b <<'EOF'\npytest\nEOF",
                 "sh --rcfile rc -e <<'EOF'\npytest\nEOF"):
        assert [r.runner for r in catalog.find_runs(shell.parse(line), {}, BASE)] == ["pytest"], line
    assert [r.runner for r in catalog.find_runs(shell.parse("bash -o pipefail scripts/test.sh"), {}, BASE)] == \
        ["scripts/test.sh"]


def test_sudo_is_marked():
    assert _first_run("sudo -u ci npm test").sudo
    assert not _first_run("npm test").sudo


def test_quiet_flags_are_recorded():
    assert _first_run("pytest -q").quiet
    assert _first_run("make -s test").quiet
    assert _first_run("eslint --quiet .").quiet
    assert _first_run("npm test --silent").quiet
    assert not _first_run("pytest -v").quiet


def test_words_are_the_argv_after_wrappers():
    assert _first_run("CI=1 timeout 60 uv run python -m pytest -q").words == ["pytest", "-q"]
    assert _first_run("npx --yes @biomejs/biome@1.9 check .").words == ["biome", "check", "."]


def test_ignore_commands_mark_runs_by_substring():
    config = {"ignoreCommands": ["make lint-fast", "pytest tests/smoke"]}
    runs = catalog.find_runs(shell.parse("make lint && pytest tests/smoke -q && pytest"), config, BASE)
    assert [(r.runner, r.ignored) for r in runs] == [("make lint", False), ("pytest", True), ("pytest", False)]
    runs = catalog.find_runs(shell.parse("cd api && make lint && pytest"), {"ignoreCommands": ["cd api && make"]},
                             BASE)
    assert [r.ignored for r in runs] == [True, True]


def test_extra_runners_add_commands_and_keep_their_patterns():
    entry = {"match": "^make check", "category": "test", "pass": "^OK", "fail": "FAILED"}
    runs = catalog.find_runs(shell.parse("cd api && make check"), {"extraRunners": [entry]}, BASE)
    assert len(runs) == 1
    run = runs[0]
    assert (run.category, run.scope, run.extra, run.cwd) == ("test", "all", entry, "/w/api")
    assert prefilter.might_contain_runner("./scripts/verify.sh", {"extraRunners": [entry]})


def test_extra_runners_match_after_prefixes_and_inside_shells():
    entry = {"match": "^make verify", "category": "lint"}
    runs = catalog.find_runs(shell.parse("CI=1 make verify; bash -c 'make verify && ls'"), {"extraRunners": [entry]},
                             BASE)
    assert [(r.category, r.nested, r.extra) for r in runs] == [("lint", False, entry), ("lint", True, entry)]


def test_extra_runner_with_a_bad_pattern_is_ignored():
    runs = catalog.find_runs(shell.parse("make verify"), {"extraRunners": [{"match": "(", "category": "lint"}]},
                             BASE)
    assert runs == []


def test_extra_runner_entry_attaches_to_a_catalog_run():
    entry = {"match": "pytest", "fail": "BROKEN"}
    run = _first_run("pytest -q", config={"extraRunners": [entry]})
    assert run.runner == "pytest" and run.extra == entry


def test_catalog_covers_the_seed_table_and_four_categories():
    names = {}
    for command, runner, category, _scope, not_run, _cwd in CASES:
        if runner and not not_run:
            names.setdefault(category, set()).add(runner.split()[0] if runner.split()[0] in (
                "npm", "pnpm", "yarn", "bun", "turbo", "nx", "just", "task", "hatch", "lerna", "composer",
                "deno") and runner != "deno test" and runner != "bun test" else runner)
    assert set(names) == set(catalog.CATEGORIES)
    # the seed README's catalog, by the runner names this catalog records
    seed = {
        "test": ["pytest", "unittest", "manage.py test", "jest", "vitest", "mocha", "ava", "node --test",
                 "bun test", "deno test", "playwright test", "cypress run", "jasmine", "tap", "go test",
                 "cargo test", "cargo nextest", "dotnet test", "mvn test", "gradle test", "sbt test", "rspec",
                 "rake test", "rails test", "phpunit", "pest", "artisan test", "mix test", "swift test",
                 "xcodebuild test", "flutter test", "dart test", "ctest", "bazel test", "elm-test", "npm test",
                 "make test"],
        "typecheck": ["tsc", "vue-tsc", "svelte-check", "astro check", "mypy", "pyright", "pyre", "flow",
                      "cargo check", "deno check", "phpstan", "psalm", "srb tc", "mix dialyzer",
                      "npm run typecheck"],
        "lint": ["eslint", "biome", "oxlint", "stylelint", "prettier", "ruff check", "flake8", "pylint", "black",
                 "isort", "golangci-lint run", "go vet", "cargo clippy", "cargo fmt", "rubocop", "phpcs",
                 "mix credo", "swiftlint", "dart analyze", "shellcheck", "hadolint", "yamllint", "ktlint", "detekt",
                 "npm run lint"],
        "build": ["next build", "vite build", "webpack", "rollup", "esbuild", "tsup", "parcel build", "turbo run build",
                  "nx build", "cargo build", "go build", "make", "gradle build", "mvn package", "dotnet build",
                  "xcodebuild", "swift build", "docker build", "cmake --build", "ninja", "mix compile",
                  "python -m build", "elm make", "npm run build"],
    }
    recorded = {(r, c) for _cmd, r, c, _s, n, _d in CASES if r}
    missing = [(r, c) for c, runners in seed.items() for r in runners if (r, c) not in recorded]
    assert missing == []


def test_at_least_ninety_runners_in_the_tables():
    runners = set()
    for command, runner, category, _scope, _not_run, _cwd in CASES:
        if runner:
            runners.add((runner, category))
    assert len(runners) >= 90
    assert len(catalog.TOOLS) >= 90


def test_classify_on_plain_argv():
    assert catalog.classify(["pytest", "-k", "x"])["scope"] == "subset"
    assert catalog.classify(["cargo", "clippy"])["category"] == "lint"
    assert catalog.classify(["unknown-tool"]) is None
    assert catalog.classify([]) is None


@pytest.mark.parametrize("command", ["", "   ", "&&", "| |", "pytest '", "bash -c", "npx", "env", "timeout",
                                     "make -C", "cd", "npm run", "sudo", "python -m", "cargo", "go", "(((", "nx",
                                     "yarn workspaces foreach", "bash -c 'bash -c \"bash -c pytest\"'"])
def test_odd_input_never_raises(command):
    runs = catalog.find_runs(shell.parse(command), {}, BASE)
    assert isinstance(runs, list)
    assert isinstance(prefilter.might_contain_runner(command), bool)


from hypothesis import given, settings, strategies as st  # noqa: E402

_WORDS = st.sampled_from(["pytest", "npm", "run", "test", "-k", "x", "cd", "a", "&&", "|", "tail", "-5", "bash",
                          "-c", "'", '"', "make", "-C", "timeout", "60", "env", "A=1", "npx", "tsc", "--watch",
                          "(", ")", ";", "$(", "`", "\\", "python", "-m", "uv", "cargo", "go", "./...", "--", "\n",
                          "sudo", "yarn", "workspace", "nx", "-t", "gradle", ":a:test", "sh", "eval", "<<EOF"]
                         + sorted(catalog.TOOLS) + sorted(catalog.WRAPPERS) + ["build", "check", "lint", "exec"])


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(_WORDS, max_size=25).map(" ".join)))
def test_random_and_hostile_lines_never_raise_and_stay_well_formed(command):
    parse = shell.parse(command)
    runs = catalog.find_runs(parse, {"ignoreCommands": ["x"], "extraRunners": [{"match": "a+b"}]}, BASE)
    for run in runs:
        assert 0 <= run.segment_index < len(parse.segments)
        assert run.category in catalog.CATEGORIES
        assert run.scope in ("all", "subset")
        assert run.not_run in (None, "help", "list", "watch", "format", "dry-run", "bench", "other")
        assert run.cwd is None or os.path.isabs(run.cwd)
        if not run.extra:
            assert prefilter.might_contain_runner(command), command


@pytest.mark.parametrize("command, runner, scope, not_run", [
    # -x, --maxfail, --ff and --nf stop early or reorder: every test they reach counts; --lf deselects
    ("pytest --ff", "pytest", "all", None),
    ("pytest --failed-first -x", "pytest", "all", None),
    ("pytest --nf --maxfail=2", "pytest", "all", None),
    ("pytest --lf", "pytest", "subset", None),
    # information flags are no run
    ("pytest --fixtures", "pytest", "all", "list"),
    ("python3 -m pytest --markers", "pytest", "all", "list"),
    ("pytest --fixtures-per-test tests/", "pytest", "all", "list"),
    # an entry point's whole module graph
    ("deno check main.ts", "deno check", "all", None),
    # runs that were not seen
    ("make check", "make check", "all", None),
    ("dune test", "dune test", "all", None),
    ("dune runtest src", "dune test", "subset", None),
    # a repo whose tests are scripts: one script is one part of the suite
    ("python3 test_app.py", "python test script", "subset", None),
    ("python app_test.py -v", "python test script", "subset", None),
    # pytest run in-process from `python -c`: the literal list given to pytest.main is its argv
    ("python -c \"import pytest; pytest.main(['-q'])\"", "pytest", "all", None),
    ("python3 -c \"import pytest; pytest.main()\"", "pytest", "all", None),
    ("python3 -c \"import sys, pytest; sys.exit(pytest.main(['-q', 'test_calc.py']))\"", "pytest", "subset", None),
    ("python -c \"import pytest; pytest.main(('-k', 'add'))\"", "pytest", "subset", None),
])
def test_scope_and_not_a_run_rules_behind_the_catalog_fixes(command, runner, scope, not_run):
    runs = catalog.find_runs(shell.parse(command), None, BASE)
    assert [(r.runner, r.category, r.scope, r.not_run) for r in runs] == [(runner, "test" if runner != "deno check"
                                                                          else "typecheck", scope, not_run)]


def test_a_python_script_that_is_not_a_test_is_no_run():
    assert catalog.find_runs(shell.parse("python3 app.py && python3 tools/contest.py"), None, BASE) == []


def test_python_c_without_a_readable_pytest_main_call_is_no_run():
    """Only plain string literals are read as pytest's argv; anything else is left alone."""
    for command in ("python -c 'print(1)'", "python -c \"import pytest; pytest.main(sys.argv[1:])\"",
                    "python -c \"import pytest; pytest.main(args=['-q'])\"", "python -c",
                    "python -c \"import pytest; pytest.main(['-k', x])\""):
        assert catalog.find_runs(shell.parse(command), None, BASE) == [], command


def test_every_wrapper_kind_has_a_reader():
    """``WRAPPERS`` names each prefix's kind; ``strip_wrappers`` reads it through one table, so a
    kind without a reader would be a prefix never stripped."""
    from stalegreen.engine.catalog import wrapper_table, wrappers

    kinds = set(kind for _values, kind in wrapper_table.WRAPPERS.values())
    assert kinds == set(wrappers.KIND_READERS)


# Causes found scoring command lines (benchmarks/score_commands.py, tests/engine/commands_blind):
# environment launchers that run a command after their own arguments, pre-commit, and the cargo
# coverage drivers that run the test suite. (command, runner, category, scope, not_run); runner None: no run.
@pytest.mark.parametrize("command, runner, category, scope, not_run", [
    # nix: `develop`/`shell` run what follows -c/--command; nix-shell runs a --run script
    ("nix develop -c cargo test", "cargo test", "test", "all", None),
    ("nix develop .#ci --command npx tsc --noEmit", "tsc", "typecheck", "all", None),
    ("nix shell nixpkgs#go -c go test ./pkg/a", "go test", "test", "subset", None),
    ("nix-shell --run 'pytest -q'", "pytest", "test", "all", None),
    ("nix-shell -p nodejs --run \"npm run lint\"", "npm run lint", "lint", "all", None),
    ("nix build", "nix build", "build", "all", None),      # nix's own build (not a launcher)
    ("nix build .#packages.x86_64-linux.server", "nix build", "build", "subset", None),
    ("nix flake check -L", "nix flake check", "test", "all", None),
    ("nix flake show", None, None, None, None),
    ("nix develop", None, None, None, None),
    # mise / asdf / devbox / flox: exec after `--`, tasks by name like `just`
    ("mise exec -- npm test", "npm test", "test", "all", None),
    ("mise x node@20 -- npx vitest run src/a.test.ts", "vitest", "test", "subset", None),
    ("mise run lint", "mise run lint", "lint", "all", None),
    ("mise install", None, None, None, None),
    ("mise exec node@20", None, None, None, None),
    ("devbox run test", "devbox run test", "test", "all", None),
    ("pixi run test", "pixi run test", "test", "all", None),        # the prefilter missed `pixi`
    ("devbox run -- pytest -q", "pytest", "test", "all", None),
    ("asdf exec pytest -x", "pytest", "test", "all", None),
    ("flox activate -- make build", "make build", "build", "all", None),
    # pre-commit (and prek): every hook on every file; a hook id or --files narrows
    ("pre-commit run --all-files", "pre-commit", "lint", "all", None),
    ("pre-commit run -a --show-diff-on-failure", "pre-commit", "lint", "all", None),
    ("pre-commit run ruff --all-files", "pre-commit", "lint", "all", None),      # ruff's whole run (dev16)
    ("pre-commit run check-yaml --all-files", "pre-commit", "lint", "subset", None),
    ("pre-commit run --files src/a.py src/b.py", "pre-commit", "lint", "subset", None),
    ("prek run --all-files", "pre-commit", "lint", "all", None),
    ("pre-commit install", None, None, None, None),
    ("pre-commit autoupdate", None, None, None, None),
    # elixir -S, opam exec; Erlang's rebar3 and Gleam; maven plugin check goals; rails test:system/all
    ("elixir -S mix test", "mix test", "test", "all", None),
    ("elixir --erl '+S 4' -S mix test test/foo_test.exs", "mix test", "test", "subset", None),
    ("opam exec -- dune build", "dune build", "build", "all", None),
    ("opam exec -- dune test", "dune test", "test", "all", None),
    ("rebar3 eunit", "rebar3 eunit", "test", "all", None),
    ("rebar3 ct --suite=foo_SUITE", "rebar3 ct", "test", "subset", None),
    ("rebar3 dialyzer", "rebar3 dialyzer", "typecheck", "all", None),
    ("gleam test", "gleam test", "test", "all", None),
    ("gleam check", "gleam check", "typecheck", "all", None),
    ("gleam format --check src", "gleam format", "lint", "all", None),
    ("gleam format", "gleam format", "lint", "all", "format"),
    ("mvn spotless:check", "mvn spotless:check", "lint", "all", None),
    ("./mvnw -q checkstyle:check", "mvn checkstyle:check", "lint", "all", None),
    ("mvn spotless:apply", None, None, None, None),
    ("bin/rails test:system", "rails test", "test", "subset", None),
    ("bin/rails test:all", "rails test", "test", "all", None),
    # cargo coverage drivers that run the tests
    ("cargo llvm-cov", "cargo test", "test", "all", None),
    ("cargo llvm-cov nextest --workspace", "cargo nextest", "test", "all", None),
    ("cargo llvm-cov report --html", "cargo test", "test", "all", "other"),
    ("cargo tarpaulin --out Html --fail-under 80", "cargo test", "test", "all", None),
    ("cargo tarpaulin -p core", "cargo test", "test", "subset", None),
])
def test_launchers_and_drivers_found_scoring_command_lines(command, runner, category, scope, not_run):
    assert prefilter.might_contain_runner(command) or runner is None
    runs = catalog.find_runs(shell.parse(command), None, BASE)
    if runner is None:
        assert [r for r in runs if r.not_run is None] == []
        return
    assert [(r.runner, r.category, r.scope, r.not_run) for r in runs][:1] == [(runner, category, scope, not_run)]


# Causes found on the command dev set (tests/engine/commands_blind): the names of tox
# environments and nox sessions give the category, and choosing them narrows nothing; one nx
# project or bazel target is a subset; a turbo dry run and gradle's dependency reports are no runs.
@pytest.mark.parametrize("command, runner, category, scope, not_run", [
    ("tox -e lint", "tox", "lint", "all", None),
    ("tox -e lint,type", "tox", "typecheck", "all", None),
    ("tox run -e mypy", "tox", "typecheck", "all", None),
    ("tox -e py312-django42", "tox", "test", "all", None),
    ("tox -e py312 -- tests/unit/test_api.py", "tox", "test", "subset", None),
    ("tox -e py312 -- -k slow", "tox", "test", "subset", None),
    ("tox -e docs", "tox", "build", "all", None),
    ("tox -p", "tox", "test", "all", None),
    ("tox -l", "tox", "test", "all", "list"),
    ("tox list", "tox", "test", "all", "list"),
    ("tox config -e py311", "tox", "test", "all", "list"),
    ("tox -e py311 --notest", "tox", "test", "all", "other"),       # installs, runs nothing
    ("tox devenv venv", "tox", "test", "all", "other"),
    ("tox -e format", "tox", "lint", "all", "format"),              # rewrites the code: no check
    ("nox -s fmt", "nox", "lint", "all", "format"),
    ("tox -e check", "tox", "lint", "all", None),
    ("nox -s lint --install-only", "nox", "lint", "all", "other"),
    ("nox -s lint", "nox", "lint", "all", None),
    ("nox --session typecheck", "nox", "typecheck", "all", None),
    ("nox -s tests-3.12", "nox", "test", "all", None),
    ("nox -k 'not slow'", "nox", "test", "subset", None),
    ("nox -s tests -- tests/unit/test_x.py", "nox", "test", "subset", None),
    ("npx nx test api --skip-nx-cache", "nx test", "test", "subset", None),
    ("nx api:lint", "nx lint", "lint", "subset", None),
    ("nx test", "nx test", "test", "all", None),
    ("nx run-many -t test", "nx test", "test", "all", None),
    ("bazel build //services/api:server", "bazel build", "build", "subset", None),
    ("bazel build //...", "bazel build", "build", "all", None),
    ("npx turbo run build --dry-run", "turbo run build", "build", "all", "dry-run"),
    ("turbo run test --dry=json", "turbo run test", "test", "all", "dry-run"),
    ("./gradlew dependencies --configuration testRuntimeClasspath", None, None, None, None),
    ("./gradlew :app:dependencyInsight --dependency junit --configuration testCompileClasspath", None, None, None, None),
    ("./gradlew test --console plain", "gradle test", "test", "all", None),
    # information forms of the tools themselves (look-alikes probed while waiting for the sets)
    ("jest --init", "jest", "test", "all", "help"),
    ("tsc -v", "tsc", "typecheck", "all", "help"),
    ("npx vue-tsc -v", "vue-tsc", "typecheck", "all", "help"),
])
def test_environment_names_projects_and_reports_found_on_the_dev_set(command, runner, category, scope, not_run):
    runs = catalog.find_runs(shell.parse(command), None, BASE)
    if runner is None:
        assert runs == []
        return
    assert [(r.runner, r.category, r.scope, r.not_run) for r in runs] == [(runner, category, scope, not_run)]


# A project's own check script, named like a package script (probed on own lines; the spec's
# "test/lint/typecheck/build scripts"): a path or a .sh file, never a bare name (`test` is a builtin).
@pytest.mark.parametrize("command, runner, category, scope, not_run", [
    ("./scripts/test.sh", "./scripts/test.sh", "test", "all", None),
    ("bash scripts/run_tests.sh", "scripts/run_tests.sh", "test", "all", None),
    ("sh ./test.sh tests/unit/test_a.py", "./test.sh", "test", "subset", None),
    ("bash -x ./scripts/typecheck.sh", "./scripts/typecheck.sh", "typecheck", "all", None),
    ("./bin/test", "./bin/test", "test", "all", None),
    ("script/test", "script/test", "test", "all", None),
    ("./run-tests.sh", "./run-tests.sh", "test", "all", None),
    ("./lint.sh", "./lint.sh", "lint", "all", None),
    ("./build.sh", "./build.sh", "build", "all", None),
    ("./scripts/test-watch.sh", "./scripts/test-watch.sh", "test", "all", "watch"),
    ("sh ./gradlew test", "gradle test", "test", "all", None),      # a shell given a wrapper script
    ("./scripts/deploy.sh", None, None, None, None),
    ("./scripts/ci.sh", None, None, None, None),
    ("bash setup.sh", None, None, None, None),
    ("test -f x && echo yes", None, None, None, None),
    ("src/test", None, None, None, None),
    ("cat scripts/test.sh", None, None, None, None),
])
def test_a_project_check_script_is_a_run(command, runner, category, scope, not_run):
    runs = catalog.find_runs(shell.parse(command), None, BASE)
    if runner is None:
        assert runs == []
        return
    assert prefilter.might_contain_runner(command)
    assert [(r.runner, r.category, r.scope, r.not_run) for r in runs] == [(runner, category, scope, not_run)]


def test_the_prefilter_stays_quiet_on_paths_that_name_no_check_script():
    for command in ("ls ./src", "cat ./tools/x.sh", "cd ./web && ls", "./configure --prefix=/usr"):
        assert not prefilter.might_contain_runner(command), command


# Runners of languages the catalog lacked (R, Julia, Ant, Clojure): how each names its run.
# `cargo test --no-run` stays a not-a-run form (the spec's list of `list` forms): it compiles the
# tests under cfg(test), which is neither the tests' result nor `cargo build`'s configuration.
@pytest.mark.parametrize("command, runner, category, scope, not_run", [
    ("Rscript -e 'devtools::test()'", "R test", "test", "all", None),
    ("Rscript -e \"testthat::test_local()\"", "R test", "test", "all", None),
    ("Rscript -e \"devtools::test(filter = 'calc')\"", "R test", "test", "subset", None),
    ("Rscript tests/testthat.R", "R test", "test", "all", None),
    ("R CMD check --no-manual calc_1.0.0.tar.gz", "R CMD check", "test", "all", None),
    ("R -e 'devtools::check()'", "R CMD check", "test", "all", None),
    ("R CMD build calc", "R CMD build", "build", "all", None),
    ("Rscript -e 'lintr::lint_package()'", "R lint", "lint", "all", None),
    ("Rscript -e 'print(1)'", None, None, None, None),
    ("julia --project -e 'using Pkg; Pkg.test()'", "julia test", "test", "all", None),
    ("julia --project=. test/runtests.jl", "julia test", "test", "all", None),
    ("julia --project -e 'using Pkg; Pkg.test(test_args=[\"calc\"])'", "julia test", "test", "subset", None),
    ("julia script.jl", None, None, None, None),
    ("ant test", "ant test", "test", "all", None),
    ("ant -f build.xml clean junit", "ant test", "test", "all", None),
    ("ant clean jar", "ant build", "build", "all", None),
    ("ant clean", None, None, None, None),
    ("clojure -M:test", "clojure test", "test", "all", None),
    ("clj -X:test", "clojure test", "test", "all", None),
    ("clojure -M:test -n calc.core-test", "clojure test", "test", "subset", None),
    ("clojure -T:build jar", "clojure build", "build", "all", None),
    ("clojure -M:dev:lint", "clojure lint", "lint", "all", None),
    ("clojure -M -e '(+ 1 2)'", None, None, None, None),
    ("lein test", "lein test", "test", "all", None),
    ("sbt test", "sbt test", "test", "all", None),
    ("cargo test --no-run", "cargo test", "test", "all", "list"),
])
def test_r_julia_ant_and_clojure_runs(command, runner, category, scope, not_run):
    runs = catalog.find_runs(shell.parse(command), None, BASE)
    if runner is None:
        assert [r for r in runs if r.not_run is None] == []
        return
    assert prefilter.might_contain_runner(command)
    assert [(r.runner, r.category, r.scope, r.not_run) for r in runs] == [(runner, category, scope, not_run)]


@pytest.mark.parametrize("command, category, also", [
    ("make lint test", "test", ("lint",)),
    ("npx turbo run lint typecheck", "typecheck", ("lint",)),
    ("turbo run build test lint", "test", ("lint", "build")),
    ("turbo run lint,test --filter=web", "test", ("lint",)),
    ("turbo run test", "test", ()),
])
def test_one_command_running_several_categories_names_each(command, category, also):
    """`make lint test`, `turbo run lint typecheck`: the run's own category (the first by
    priority) and the others it also runs, each given a part receipt (rule 14b)."""
    (run,) = catalog.find_runs(shell.parse(command))
    assert (run.category, tuple(run.also)) == (category, also)
