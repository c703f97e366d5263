"""Allow ``python -m boardsight``."""

from boardsight.cli.app import main

if __name__ == "__main__":
    main()
