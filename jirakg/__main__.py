from jirakg.bots.cli import main

main()
