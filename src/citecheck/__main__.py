"""The `citecheck` command (and `python -m citecheck`)."""


def main() -> None:
    # before anything compiles its patterns: they are loaded from the cache directory instead
    from citecheck import re_cache

    re_cache.install()
    from citecheck.cli import main as cli_main

    cli_main()


if __name__ == "__main__":
    main()
