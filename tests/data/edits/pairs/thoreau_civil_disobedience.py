"""Thoreau's Civil Disobedience (excerpts) and an edited reader's edition of it."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "Civil Disobedience (excerpts)"
SOURCE = "Adapted from Henry David Thoreau, \"Resistance to Civil Government\" (1849), later titled \"Civil Disobedience\"; selected paragraphs"
LICENCE = "public domain (published 1849)"
EDITING = (
    "reader's edition: semicolon chains divided, questions and short rejoinders joined, word order modernised, "
    "one list sentence cut, the 'men first' sentence moved next to the sentence on obligation"
)

PARAGRAPHS = [
    [
        split(
            "I heartily accept the motto, \"That government is best which governs least\"; and I should like to see it acted up to more rapidly and systematically.",
            "I heartily accept the motto, \"That government is best which governs least.\"",
            "I should like to see it acted up to more rapidly and systematically.",
        ),
        split(
            "Carried out, it finally amounts to this, which also I believe: \"That government is best which governs not at all\"; and when men are prepared for it, that will be the kind of government which they will have.",
            "Carried out, it finally amounts to this, which I also believe: \"That government is best which governs not at all.\"",
            "When men are prepared for it, that will be the kind of government they will have.",
        ),
        same("Government is at best but an expedient; but most governments are usually, and all governments are sometimes, inexpedient."),
        edit(
            "The objections which have been brought against a standing army, and they are many and weighty, and deserve to prevail, may also at last be brought against a standing government.",
            "The many weighty objections that have been brought against a standing army, which deserve to prevail, may also at last be brought against a standing government.",
        ),
        same("The standing army is only an arm of the standing government."),
        same("The government itself, which is only the mode which the people have chosen to execute their will, is equally liable to be abused and perverted before the people can act through it."),
        split(
            "Witness the present Mexican war, the work of comparatively a few individuals using the standing government as their tool; for, in the outset, the people would not have consented to this measure.",
            "Witness the present Mexican war, the work of comparatively few individuals using the standing government as their tool.",
            "At the outset, the people would never have agreed to it.",
        ),
    ],
    [
        edit(
            "But, to speak practically and as a citizen, unlike those who call themselves no-government men, I ask for, not at once no government, but at once a better government.",
            "But to speak practically and as a citizen, unlike those who call themselves no-government men, I ask not for no government at once, but for a better government at once.",
        ),
        same("Let every man make known what kind of government would command his respect, and that will be one step toward obtaining it."),
        split(
            "After all, the practical reason why, when the power is once in the hands of the people, a majority are permitted, and for a long period continue, to rule is not because they are most likely to be in the right, nor because this seems fairest to the minority, but because they are physically the strongest.",
            "After all, why is a majority permitted to rule, and to go on ruling for a long period, once power is in the hands of the people?",
            "It is not because they are most likely to be in the right, nor because this seems fairest to the minority.",
            "It is because they are physically the strongest.",
        ),
        same("Can there not be a government in which majorities do not virtually decide right and wrong, but conscience?"),
        merge(
            [
                "Must the citizen ever for a moment, or in the least degree, resign his conscience to the legislator?",
                "Why has every man a conscience, then?",
            ],
            "Must the citizen ever for a moment, or in the least degree, resign his conscience to the legislator, and if so, why does every man have a conscience?",
        ),
        move_from("men-first", "I think that we should be men first, and subjects afterward."),
        same("It is not desirable to cultivate a respect for the law, so much as for the right."),
        add("Respect for the law should follow from respect for the right, and never take its place."),
        same("The only obligation which I have a right to assume is to do at any time what I think right."),
        move_to("men-first", "We should be men first, and subjects afterward."),
        split(
            "Law never made men a whit more just; and, by means of their respect for it, even the well-disposed are daily made the agents of injustice.",
            "Law never made men a whit more just.",
            "Through their respect for it, even the well-disposed are daily made the agents of injustice.",
        ),
    ],
    [
        same("The mass of men serve the state thus, not as men mainly, but as machines, with their bodies."),
        delete("They are the standing army, and the militia, jailers, constables, posse comitatus, etc."),
        split(
            "In most cases there is no free exercise whatever of the judgment or of the moral sense; but they put themselves on a level with wood and earth and stones; and wooden men can perhaps be manufactured that will serve the purpose as well.",
            "In most cases there is no free exercise whatever of the judgment or of the moral sense.",
            "They put themselves on a level with wood and earth and stones, and wooden men could perhaps be manufactured to serve the purpose as well.",
        ),
        same("Such command no more respect than men of straw or a lump of dirt."),
        split(
            "A very few, as heroes, patriots, martyrs, reformers in the great sense, and men, serve the state with their consciences also, and so necessarily resist it for the most part; and they are commonly treated as enemies by it.",
            "A very few, such as heroes, patriots, martyrs, reformers in the great sense, and men, serve the state with their consciences also, and so necessarily resist it for the most part.",
            "The state commonly treats them as its enemies.",
        ),
    ],
    [
        same("How does it become a man to behave toward this American government today?"),
        same("I answer, that he cannot without disgrace be associated with it."),
        edit(
            "I cannot for an instant recognize that political organization as my government which is the slave's government also.",
            "I cannot for an instant recognize as my government a political organization that is also the slave's government.",
        ),
        split(
            "All men recognize the right of revolution; that is, the right to refuse allegiance to, and to resist, the government, when its tyranny or its inefficiency are great and unendurable.",
            "All men recognize the right of revolution.",
            "That is, the right to refuse allegiance to the government, and to resist it, when its tyranny or its inefficiency is great and unendurable.",
        ),
        split(
            "Unjust laws exist: shall we be content to obey them, or shall we endeavor to amend them, and obey them until we have succeeded, or shall we transgress them at once?",
            "Unjust laws exist.",
            "Shall we be content to obey them, or shall we try to amend them and obey them until we have succeeded, or shall we break them at once?",
        ),
        same("Men generally, under such a government as this, think that they ought to wait until they have persuaded the majority to alter them."),
        same("They think that, if they should resist, the remedy would be worse than the evil."),
        merge(
            [
                "But it is the fault of the government itself that the remedy is worse than the evil.",
                "It makes it worse.",
            ],
            "But it is the fault of the government itself that the remedy is worse than the evil; it makes it worse.",
        ),
    ],
    [
        same("Under a government which imprisons any unjustly, the true place for a just man is also a prison."),
        split(
            "It is there that the State places those who are not with her, but against her, the only house in a slave State in which a free man can abide with honor.",
            "It is there that the State places those who are not with her but against her.",
            "In a slave State, it is the only house in which a free man can abide with honor.",
        ),
        same("A minority is powerless while it conforms to the majority; it is not even a minority then; but it is irresistible when it clogs by its whole weight."),
        same("If the alternative is to keep all just men in prison, or give up war and slavery, the State will not hesitate which to choose."),
        same("I have paid no poll-tax for six years."),
        split(
            "I was put into a jail once on this account, for one night; and, as I stood considering the walls of solid stone, two or three feet thick, the door of wood and iron, a foot thick, and the iron grating which strained the light, I could not help being struck with the foolishness of that institution which treated me as if I were mere flesh and blood and bones, to be locked up.",
            "I was put into a jail once on this account, for one night.",
            "I stood considering the walls of solid stone, two or three feet thick, the door of wood and iron, a foot thick, and the iron grating which strained the light.",
            "I could not help being struck by the foolishness of an institution which treated me as if I were mere flesh and blood and bones, to be locked up.",
        ),
        edit(
            "I saw that the State was half-witted, that it was timid as a lone woman with her silver spoons, and that it did not know its friends from its foes, and I lost all my remaining respect for it, and pitied it.",
            "The State, I saw, was half-witted: as timid as a lone woman with her silver spoons and unable to tell its friends from its foes; whatever respect I had left for it was gone, and I pitied it.",
        ),
    ],
    [
        same("The authority of government, even such as I am willing to submit to, is still an impure one: to be strictly just, it must have the sanction and consent of the governed."),
        split(
            "There will never be a really free and enlightened State until the State comes to recognize the individual as a higher and independent power, from which all its own power and authority are derived, and treats him accordingly.",
            "There will never be a really free and enlightened State until the State comes to recognize the individual as a higher and independent power.",
            "All its own power and authority are derived from that power, and it must treat him accordingly.",
        ),
    ],
]
