"""Words that name neither an entity nor a relation: question words, pronouns, articles, and the
generic nouns of bibliographic questions ("the paper titled …")."""

STOP = set("a an the of in on for to is was were are be by what which who whom when where how does do did has have "
           "it its he his him she her they their them this that with as and or there any associated related "
           "mentioned publication paper article thesis titled named work research".split())
