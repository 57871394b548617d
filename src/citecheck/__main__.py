"""The `citecheck` command (and `python -m citecheck`)."""


def main() -> None:
    from citecheck.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
