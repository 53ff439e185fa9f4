"""Washington's Farewell Address (abridged) and a modern edition of it."""

from edit_ops import BREAK_B, add, delete, edit, merge, same, split

TITLE = "Washington's Farewell Address"
SOURCE = "Adapted and abridged from George Washington's Farewell Address (published 19 September 1796)"
LICENCE = "public domain (1796)"
EDITING = (
    "abridged modern edition: the opening period recast in plain words, long sentences divided, some "
    "sentences rewritten in the active voice, the passage on public credit cut, a long paragraph divided"
)

PARAGRAPHS = [
    [
        split(
            "Friends and Citizens: The period for a new election of a citizen to administer the executive government of the United States being not far distant, and the time actually arrived when your thoughts must be employed in designating the person who is to be clothed with that important trust, it appears to me proper, especially as it may conduce to a more distinct expression of the public voice, that I should now apprise you of the resolution I have formed, to decline being considered among the number of those out of whom a choice is to be made.",
            "The election of a new President is not far off, and the time has come when you must decide who is to be given that important trust.",
            "I think it proper, therefore, to tell you now of the resolution I have formed.",
            "I will not be among those from whom you choose.",
        ),
        edit(
            "I beg you, at the same time, to do me the justice to be assured that this resolution has not been taken without a strict regard to all the considerations appertaining to the relation which binds a dutiful citizen to his country.",
            "Please be assured that I did not take this decision without weighing everything that a dutiful citizen owes his country.",
        ),
    ],
    [
        same("Here, perhaps, I ought to stop."),
        split(
            "But a solicitude for your welfare, which cannot end but with my life, and the apprehension of danger, natural to that solicitude, urge me, on an occasion like the present, to offer to your solemn contemplation, and to recommend to your frequent review, some sentiments which are the result of much reflection, of no inconsiderable observation, and which appear to me all-important to the permanency of your felicity as a people.",
            "But my concern for your welfare, which can end only with my life, and the fear of danger that naturally comes with it, urge me to offer you some thoughts on this occasion.",
            "They are the result of much reflection and observation, and they appear to me all-important to your lasting happiness as a people.",
        ),
        same("These will be offered to you with the more freedom, as you can only see in them the disinterested warnings of a parting friend, who can possibly have no personal motive to bias his counsel."),
    ],
    [
        same("The unity of government which constitutes you one people is also now dear to you."),
        split(
            "It is justly so, for it is a main pillar in the edifice of your real independence, the support of your tranquility at home, your peace abroad; of your safety; of your prosperity; of that very liberty which you so highly prize.",
            "It is justly so, for it is a main pillar in the edifice of your real independence.",
            "It supports your tranquility at home and your peace abroad, your safety, your prosperity, and the very liberty which you so highly prize.",
        ),
        split(
            "But as it is easy to foresee that, from different causes and from different quarters, much pains will be taken, many artifices employed to weaken in your minds the conviction of this truth, it is of infinite moment that you should properly estimate the immense value of your national union to your collective and individual happiness.",
            "It is easy to foresee that many efforts will be made, from different causes and quarters, to weaken your conviction of this truth.",
            "It is therefore of infinite importance that you properly estimate the immense value of your national union to your collective and individual happiness.",
        ),
        edit(
            "You should cherish a cordial, habitual, and immovable attachment to it; accustoming yourselves to think and speak of it as of the palladium of your political safety and prosperity.",
            "You should cherish a cordial, habitual, and immovable attachment to it, and grow used to thinking and speaking of it as the safeguard of your political safety and prosperity.",
        ),
        BREAK_B,
        same("Citizens, by birth or choice, of a common country, that country has a right to concentrate your affections."),
        same("The name of American, which belongs to you in your national capacity, must always exalt the just pride of patriotism more than any appellation derived from local discriminations."),
        add("No local name should ever mean more to you than the name of American."),
        same("With slight shades of difference, you have the same religion, manners, habits, and political principles."),
        merge(
            [
                "You have in a common cause fought and triumphed together.",
                "The independence and liberty you possess are the work of joint counsels, and joint efforts of common dangers, sufferings, and successes.",
            ],
            "You have fought and triumphed together in a common cause, and the independence and liberty you possess are the work of joint counsels and joint efforts, of common dangers, sufferings, and successes.",
        ),
    ],
    [
        same("I have already intimated to you the danger of parties in the State, with particular reference to the founding of them on geographical discriminations."),
        same("Let me now take a more comprehensive view, and warn you in the most solemn manner against the baneful effects of the spirit of party generally."),
        same("This spirit, unfortunately, is inseparable from our nature, having its root in the strongest passions of the human mind."),
        split(
            "It exists under different shapes in all governments, more or less stifled, controlled, or repressed; but, in those of the popular form, it is seen in its greatest rankness, and is truly their worst enemy.",
            "It exists under different shapes in all governments, more or less stifled, controlled, or repressed.",
            "In governments of the popular form, however, it grows most rank and is truly their worst enemy.",
        ),
        edit(
            "The alternate domination of one faction over another, sharpened by the spirit of revenge, natural to party dissension, which in different ages and countries has perpetrated the most horrid enormities, is itself a frightful despotism.",
            "When factions take turns dominating one another, each spurred by the revenge that party strife breeds, the result is itself a frightful despotism, one that has committed horrid enormities in many ages and countries.",
        ),
        merge(
            [
                "It serves always to distract the public councils and enfeeble the public administration.",
                "It agitates the community with ill-founded jealousies and false alarms, kindles the animosity of one part against another, foments occasionally riot and insurrection.",
            ],
            "It always distracts the public councils, enfeebles the public administration, agitates the community with ill-founded jealousies and false alarms, and kindles the animosity of one part against another, occasionally fomenting riot and insurrection.",
        ),
        split(
            "It opens the door to foreign influence and corruption, which finds a facilitated access to the government itself through the channels of party passions.",
            "It opens the door to foreign influence and corruption.",
            "Through the channels of party passion, these find easy access to the government itself.",
        ),
        same("Thus the policy and the will of one country are subjected to the policy and will of another."),
    ],
    [
        same("Of all the dispositions and habits which lead to political prosperity, religion and morality are indispensable supports."),
        edit(
            "In vain would that man claim the tribute of patriotism, who should labor to subvert these great pillars of human happiness, these firmest props of the duties of men and citizens.",
            "A man who labors to subvert these great pillars of human happiness, these firmest props of the duties of men and citizens, claims the tribute of patriotism in vain.",
        ),
        same("Promote then, as an object of primary importance, institutions for the general diffusion of knowledge."),
        same("In proportion as the structure of a government gives force to public opinion, it is essential that public opinion should be enlightened."),
        delete("As a very important source of strength and security, cherish public credit."),
        delete("One method of preserving it is to use it as sparingly as possible, avoiding occasions of expense by cultivating peace, but remembering also that timely disbursements to prepare for danger frequently prevent much greater disbursements to repel it."),
    ],
    [
        same("Observe good faith and justice towards all nations; cultivate peace and harmony with all."),
        edit(
            "The great rule of conduct for us in regard to foreign nations is in extending our commercial relations, to have with them as little political connection as possible.",
            "In regard to foreign nations, our great rule of conduct is to extend our commercial relations while having as little political connection with them as possible.",
        ),
        merge(
            [
                "So far as we have already formed engagements, let them be fulfilled with perfect good faith.",
                "Here let us stop.",
            ],
            "So far as we have already formed engagements, let them be fulfilled with perfect good faith, but let us stop there.",
        ),
        same("Europe has a set of primary interests which to us have none or a very remote relation."),
        same("Hence she must be engaged in frequent controversies, the causes of which are essentially foreign to our concerns."),
        split(
            "It is our true policy to steer clear of permanent alliances with any portion of the foreign world; so far, I mean, as we are now at liberty to do it; for let me not be understood as capable of patronizing infidelity to existing engagements.",
            "It is our true policy to steer clear of permanent alliances with any portion of the foreign world.",
            "I mean, so far as we are now at liberty to do so.",
            "Let me not be understood as favoring infidelity to existing engagements.",
        ),
        edit(
            "Taking care always to keep ourselves by suitable establishments on a respectable defensive posture, we may safely trust to temporary alliances for extraordinary emergencies.",
            "If we always take care to keep ourselves in a respectable defensive posture by suitable establishments, we may safely trust to temporary alliances for extraordinary emergencies.",
        ),
    ],
    [
        split(
            "Though, in reviewing the incidents of my administration, I am unconscious of intentional error, I am nevertheless too sensible of my defects not to think it probable that I may have committed many errors.",
            "In reviewing the incidents of my administration, I am unconscious of intentional error.",
            "Nevertheless, I am too aware of my defects not to think it probable that I have committed many errors.",
        ),
        same("Whatever they may be, I fervently beseech the Almighty to avert or mitigate the evils to which they may tend."),
        split(
            "I shall also carry with me the hope that my country will never cease to view them with indulgence; and that, after forty five years of my life dedicated to its service with an upright zeal, the faults of incompetent abilities will be consigned to oblivion, as myself must soon be to the mansions of rest.",
            "I shall also carry with me the hope that my country will never cease to view them with indulgence.",
            "After forty-five years of my life dedicated to its service with an upright zeal, may the faults of incompetent abilities be consigned to oblivion, as I myself must soon be to the mansions of rest.",
        ),
    ],
]
