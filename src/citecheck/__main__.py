from citecheck.cli import main

main()
