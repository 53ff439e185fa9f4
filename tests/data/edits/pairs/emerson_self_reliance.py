"""Emerson's essay Self-Reliance (excerpts) and a college-reader edition of it."""

from edit_ops import add, delete, edit, merge, same, split

TITLE = "Self-Reliance (excerpts)"
SOURCE = "Adapted from Ralph Waldo Emerson, \"Self-Reliance\", Essays: First Series (1841); selected paragraphs"
LICENCE = "public domain (published 1841)"
EDITING = (
    "college-reader edition: aphorisms left alone, long sentences with semicolons divided, runs of short "
    "sentences joined, archaic forms (thyself, to-morrow) modernised, one sentence cut and one gloss added"
)

PARAGRAPHS = [
    [
        same("I read the other day some verses written by an eminent painter which were original and not conventional."),
        same("The soul always hears an admonition in such lines, let the subject be what it may."),
        same("The sentiment they instil is of more value than any thought they may contain."),
        same("To believe your own thought, to believe that what is true for you in your private heart is true for all men, that is genius."),
        split(
            "Speak your latent conviction, and it shall be the universal sense; for the inmost in due time becomes the outmost, and our first thought is rendered back to us by the trumpets of the Last Judgment.",
            "Speak your latent conviction, and it shall be the universal sense.",
            "For in due time the inmost becomes the outmost, and our first thought is rendered back to us by the trumpets of the Last Judgment.",
        ),
        split(
            "Familiar as the voice of the mind is to each, the highest merit we ascribe to Moses, Plato, and Milton is, that they set at naught books and traditions, and spoke not what men but what they thought.",
            "The voice of the mind is familiar to each of us.",
            "Yet the highest merit we ascribe to Moses, Plato, and Milton is that they set at naught books and traditions, and spoke not what men thought but what they thought.",
        ),
        same("A man should learn to detect and watch that gleam of light which flashes across his mind from within, more than the lustre of the firmament of bards and sages."),
        same("Yet he dismisses without notice his thought, because it is his."),
        split(
            "In every work of genius we recognize our own rejected thoughts: they come back to us with a certain alienated majesty.",
            "In every work of genius we recognize our own rejected thoughts.",
            "They come back to us with a certain alienated majesty.",
        ),
        same("Great works of art have no more affecting lesson for us than this."),
        edit(
            "They teach us to abide by our spontaneous impression with good-humored inflexibility then most when the whole cry of voices is on the other side.",
            "They teach us to abide by our spontaneous impression with good-humored inflexibility, most of all when the whole cry of voices is on the other side.",
        ),
        split(
            "Else, to-morrow a stranger will say with masterly good sense precisely what we have thought and felt all the time, and we shall be forced to take with shame our own opinion from another.",
            "Otherwise, tomorrow a stranger will say with masterly good sense precisely what we have thought and felt all the time.",
            "We shall then have to accept our own opinion, shamefaced, from somebody else.",
        ),
    ],
    [
        split(
            "There is a time in every man's education when he arrives at the conviction that envy is ignorance; that imitation is suicide; that he must take himself for better, for worse, as his portion.",
            "There is a time in every man's education when he reaches a conviction.",
            "Envy is ignorance; imitation is suicide; he must take himself for better, for worse, as his portion.",
        ),
        same("The power which resides in him is new in nature, and none but he knows what that is which he can do, nor does he know until he has tried."),
        edit(
            "Trust thyself: every heart vibrates to that iron string.",
            "Trust yourself: every heart vibrates to that iron string.",
        ),
        same("Accept the place the divine providence has found for you, the society of your contemporaries, the connection of events."),
        edit(
            "Great men have always done so, and confided themselves childlike to the genius of their age, betraying their perception that the absolutely trustworthy was seated at their heart.",
            "Great men have always done so, confiding themselves like children to the genius of their age and showing that they perceived the absolutely trustworthy seated in their own hearts.",
        ),
    ],
    [
        same("Society everywhere is in conspiracy against the manhood of every one of its members."),
        edit(
            "Society is a joint-stock company, in which the members agree, for the better securing of his bread to each shareholder, to surrender the liberty and culture of the eater.",
            "Society is a joint-stock company in which the members agree to surrender the liberty and culture of the eater in order to secure each shareholder's bread.",
        ),
        merge(
            [
                "The virtue in most request is conformity.",
                "Self-reliance is its aversion.",
            ],
            "The virtue most in demand is conformity, and self-reliance is its aversion.",
        ),
        delete("It loves not realities and creators, but names and customs."),
        same("Whoso would be a man must be a nonconformist."),
        edit(
            "He who would gather immortal palms must not be hindered by the name of goodness, but must explore if it be goodness.",
            "He who would gather immortal palms must not be hindered by the name of goodness but must find out whether it really is goodness.",
        ),
        same("Nothing is at last sacred but the integrity of your own mind."),
        same("Absolve you to yourself, and you shall have the suffrage of the world."),
        add("The world's vote follows only after your own mind has cast its vote for you."),
    ],
    [
        same("What I must do is all that concerns me, not what the people think."),
        same("This rule, equally arduous in actual and in intellectual life, may serve for the whole distinction between greatness and meanness."),
        same("It is the harder, because you will always find those who think they know what is your duty better than you know it."),
        split(
            "It is easy in the world to live after the world's opinion; it is easy in solitude to live after our own; but the great man is he who in the midst of the crowd keeps with perfect sweetness the independence of solitude.",
            "It is easy in the world to live after the world's opinion.",
            "It is easy in solitude to live after our own.",
            "But the great man is he who, in the midst of the crowd, keeps with perfect sweetness the independence of solitude.",
        ),
    ],
    [
        split(
            "The other terror that scares us from self-trust is our consistency; a reverence for our past act or word, because the eyes of others have no other data for computing our orbit than our past acts, and we are loath to disappoint them.",
            "The other terror that scares us from self-trust is our consistency, a reverence for our past act or word.",
            "Others have nothing but our past acts by which to compute our orbit, and we hate to disappoint them.",
        ),
        same("But why should you keep your head over your shoulder?"),
        edit(
            "Why drag about this corpse of your memory, lest you contradict somewhat you have stated in this or that public place?",
            "Why drag about this corpse of your memory for fear of contradicting something you have stated in this or that public place?",
        ),
        same("A foolish consistency is the hobgoblin of little minds, adored by little statesmen and philosophers and divines."),
        merge(
            [
                "With consistency a great soul has simply nothing to do.",
                "He may as well concern himself with his shadow on the wall.",
            ],
            "With consistency a great soul has simply nothing to do; he may as well concern himself with his shadow on the wall.",
        ),
        edit(
            "Speak what you think now in hard words, and to-morrow speak what to-morrow thinks in hard words again, though it contradict every thing you said to-day.",
            "Speak what you think now in hard words, and tomorrow speak what tomorrow thinks in hard words again, though it contradict everything you said today.",
        ),
        merge(
            [
                "Ah, so you shall be sure to be misunderstood.",
                "Is it so bad, then, to be misunderstood?",
                "Pythagoras was misunderstood, and Socrates, and Jesus, and Luther, and Copernicus, and Galileo, and Newton, and every pure and wise spirit that ever took flesh.",
            ],
            "You will surely be misunderstood, but is that so bad, when Pythagoras was misunderstood, and Socrates, and Jesus, and Luther, and Copernicus, and Galileo, and Newton, and every pure and wise spirit that ever took flesh?",
        ),
        same("To be great is to be misunderstood."),
    ],
    [
        same("Insist on yourself; never imitate."),
        split(
            "Your own gift you can present every moment with the cumulative force of a whole life's cultivation; but of the adopted talent of another, you have only an extemporaneous, half possession.",
            "Your own gift you can present every moment with the cumulative force of a whole life's cultivation.",
            "A talent borrowed from someone else is only ever half yours, and only for the moment.",
        ),
        same("That which each can do best, none but his Maker can teach him."),
        same("Nothing can bring you peace but yourself."),
        same("Nothing can bring you peace but the triumph of principles."),
    ],
]
