"""Lincoln's Second Inaugural Address and a reading edition for learners of English."""

from edit_ops import add, delete, edit, merge, same, split

TITLE = "Second Inaugural Address of Abraham Lincoln"
SOURCE = "Adapted and abridged from Abraham Lincoln's Second Inaugural Address (4 March 1865)"
LICENCE = "public domain (1865)"
EDITING = (
    "reading edition for advanced learners of English: the long periodic sentences cut into shorter ones, "
    "two pairs of short sentences combined, one sentence cut and one gloss added"
)

PARAGRAPHS = [
    [
        edit(
            "Fellow-Countrymen: At this second appearing to take the oath of the Presidential office there is less occasion for an extended address than there was at the first.",
            "At this second appearing to take the oath of the Presidential office, there is less occasion for an extended address than there was at the first.",
        ),
        same("Then a statement somewhat in detail of a course to be pursued seemed fitting and proper."),
        split(
            "Now, at the expiration of four years, during which public declarations have been constantly called forth on every point and phase of the great contest which still absorbs the attention and engrosses the energies of the nation, little that is new could be presented.",
            "Now, for four years, public declarations have been constantly called forth on every point and phase of the great contest which still absorbs the attention and engrosses the energies of the nation.",
            "Little that is new could be presented.",
        ),
        split(
            "The progress of our arms, upon which all else chiefly depends, is as well known to the public as to myself, and it is, I trust, reasonably satisfactory and encouraging to all.",
            "The progress of our arms, upon which all else chiefly depends, is as well known to the public as to myself.",
            "It is, I trust, reasonably satisfactory and encouraging to all.",
        ),
        same("With high hope for the future, no prediction in regard to it is ventured."),
    ],
    [
        merge(
            [
                "On the occasion corresponding to this four years ago all thoughts were anxiously directed to an impending civil war.",
                "All dreaded it, all sought to avert it.",
            ],
            "On the occasion corresponding to this four years ago, all thoughts were anxiously directed to an impending civil war, which all dreaded and all sought to avert.",
        ),
        split(
            "While the inaugural address was being delivered from this place, devoted altogether to saving the Union without war, insurgent agents were in the city seeking to destroy it without war, seeking to dissolve the Union and divide effects by negotiation.",
            "While the inaugural address was being delivered from this place, devoted altogether to saving the Union without war, insurgent agents were in the city seeking to destroy it without war.",
            "Their aim was to break up the Union and divide its property by negotiation.",
        ),
        same("Both parties deprecated war, but one of them would make war rather than let the nation survive, and the other would accept war rather than let it perish."),
        same("And the war came."),
    ],
    [
        same("One-eighth of the whole population were colored slaves, not distributed generally over the Union, but localized in the southern part of it."),
        same("These slaves constituted a peculiar and powerful interest."),
        same("All knew that this interest was somehow the cause of the war."),
        split(
            "To strengthen, perpetuate, and extend this interest was the object for which the insurgents would rend the Union even by war, while the Government claimed no right to do more than to restrict the territorial enlargement of it.",
            "To strengthen, perpetuate, and extend this interest was the object for which the insurgents would rend the Union, even by war.",
            "The Government, by contrast, claimed no right to do more than restrict its territorial enlargement.",
        ),
        same("Neither party expected for the war the magnitude or the duration which it has already attained."),
        edit(
            "Neither anticipated that the cause of the conflict might cease with or even before the conflict itself should cease.",
            "Neither anticipated that the cause of the conflict might cease with, or even before, the conflict itself.",
        ),
        delete("Each looked for an easier triumph, and a result less fundamental and astounding."),
        split(
            "Both read the same Bible and pray to the same God, and each invokes His aid against the other.",
            "Both read the same Bible and pray to the same God.",
            "Each invokes His aid against the other.",
        ),
        split(
            "It may seem strange that any men should dare to ask a just God's assistance in wringing their bread from the sweat of other men's faces, but let us judge not, that we be not judged.",
            "It may seem strange that any men should dare to ask a just God's assistance in wringing their bread from the sweat of other men's faces.",
            "But let us judge not, that we be not judged.",
        ),
        merge(
            [
                "The prayers of both could not be answered.",
                "That of neither has been answered fully.",
            ],
            "The prayers of both could not be answered, and that of neither has been answered fully.",
        ),
        same("The Almighty has His own purposes."),
        add("Those purposes need not be the purposes of either party."),
        same("Fondly do we hope, fervently do we pray, that this mighty scourge of war may speedily pass away."),
        split(
            "Yet, if God wills that it continue until all the wealth piled by the bondsman's two hundred and fifty years of unrequited toil shall be sunk, and until every drop of blood drawn with the lash shall be paid by another drawn with the sword, as was said three thousand years ago, so still it must be said that the judgments of the Lord are true and righteous altogether.",
            "Yet God may will that it continue until all the wealth piled up by the bondsman's two hundred and fifty years of unrequited toil is sunk.",
            "He may will that every drop of blood drawn with the lash be paid by another drawn with the sword.",
            "If so, then, as was said three thousand years ago, it must still be said that the judgments of the Lord are true and righteous altogether.",
        ),
    ],
    [
        split(
            "With malice toward none, with charity for all, with firmness in the right as God gives us to see the right, let us strive on to finish the work we are in, to bind up the nation's wounds, to care for him who shall have borne the battle and for his widow and his orphan, to do all which may achieve and cherish a just and lasting peace among ourselves and with all nations.",
            "With malice toward none, with charity for all, with firmness in the right as God gives us to see the right, let us strive on to finish the work we are in.",
            "Let us bind up the nation's wounds, care for him who shall have borne the battle and for his widow and his orphan, and do all which may achieve and cherish a just and lasting peace among ourselves and with all nations.",
        ),
    ],
]
