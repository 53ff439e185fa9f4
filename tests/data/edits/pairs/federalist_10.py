"""The Federalist No. 10 (Madison) and a modern-English edition of it."""

from edit_ops import add, delete, edit, merge, same, split

TITLE = "The Federalist No. 10: The Union as a Safeguard Against Domestic Faction"
SOURCE = "Adapted and abridged from The Federalist No. 10 (James Madison, 1787)"
LICENCE = "public domain (published 1787)"
EDITING = (
    "modern-English reading edition: long periods broken up, some archaic turns of phrase recast, "
    "a few sentences combined, one sentence cut and two explanatory sentences added"
)

PARAGRAPHS = [
    [
        same("Among the numerous advantages promised by a well-constructed Union, none deserves to be more accurately developed than its tendency to break and control the violence of faction."),
        edit(
            "The friend of popular governments never finds himself so much alarmed for their character and fate as when he contemplates their propensity to this dangerous vice.",
            "The friend of popular governments is never so alarmed for their character and fate as when he considers their propensity to this dangerous vice.",
        ),
        same("He will not fail, therefore, to set a due value on any plan which, without violating the principles to which he is attached, provides a proper cure for it."),
        split(
            "The instability, injustice, and confusion introduced into the public councils have, in truth, been the mortal diseases under which popular governments have everywhere perished; as they continue to be the favorite and fruitful topics from which the adversaries to liberty derive their most specious declamations.",
            "The instability, injustice, and confusion introduced into the public councils have, in truth, been the mortal diseases under which popular governments have everywhere perished.",
            "They remain the favorite topics from which the enemies of liberty draw their most plausible speeches.",
        ),
        split(
            "Complaints are everywhere heard from our most considerate and virtuous citizens, equally the friends of public and private faith, and of public and personal liberty, that our governments are too unstable, that the public good is disregarded in the conflicts of rival parties, and that measures are too often decided, not according to the rules of justice and the rights of the minor party, but by the superior force of an interested and overbearing majority.",
            "Complaints are heard everywhere from our most considerate and virtuous citizens, who are friends of public and private faith and of public and personal liberty.",
            "They complain that our governments are too unstable and that the public good is disregarded in the conflicts of rival parties.",
            "Above all, they complain that measures are too often decided not by the rules of justice and the rights of the minor party, but by the superior force of an interested and overbearing majority.",
        ),
    ],
    [
        split(
            "By a faction, I understand a number of citizens, whether amounting to a majority or a minority of the whole, who are united and actuated by some common impulse of passion, or of interest, adversed to the rights of other citizens, or to the permanent and aggregate interests of the community.",
            "By a faction, I mean a group of citizens.",
            "They may be a majority or a minority of the whole, but they are united and moved by some common impulse of passion or of interest that is adverse to the rights of other citizens or to the permanent and aggregate interests of the community.",
        ),
        same("There are two methods of curing the mischiefs of faction: the one, by removing its causes; the other, by controlling its effects."),
        same("There are again two methods of removing the causes of faction: the one, by destroying the liberty which is essential to its existence; the other, by giving to every citizen the same opinions, the same passions, and the same interests."),
        same("It could never be more truly said than of the first remedy, that it was worse than the disease."),
        same("Liberty is to faction what air is to fire, an aliment without which it instantly expires."),
        edit(
            "But it could not be less folly to abolish liberty, which is essential to political life, because it nourishes faction, than it would be to wish the annihilation of air, which is essential to animal life, because it imparts to fire its destructive agency.",
            "Yet to abolish liberty, which political life requires, because it feeds faction would be as foolish as to wish away the air that animals breathe because it lets fire destroy.",
        ),
        same("The second expedient is as impracticable as the first would be unwise."),
        same("As long as the reason of man continues fallible, and he is at liberty to exercise it, different opinions will be formed."),
        split(
            "As long as the connection subsists between his reason and his self-love, his opinions and his passions will have a reciprocal influence on each other; and the former will be objects to which the latter will attach themselves.",
            "As long as the connection subsists between his reason and his self-love, his opinions and his passions will influence each other.",
            "His passions will fasten upon his opinions.",
        ),
        edit(
            "The diversity in the faculties of men, from which the rights of property originate, is not less an insuperable obstacle to a uniformity of interests.",
            "The diversity in the faculties of men, from which the rights of property originate, is an equally insuperable obstacle to a uniformity of interests.",
        ),
        same("The protection of these faculties is the first object of government."),
        add("Government cannot protect these faculties without also protecting the unequal property that they produce."),
    ],
    [
        split(
            "The latent causes of faction are thus sown in the nature of man; and we see them everywhere brought into different degrees of activity, according to the different circumstances of civil society.",
            "The latent causes of faction are thus sown in the nature of man.",
            "We see them everywhere brought into different degrees of activity, according to the different circumstances of civil society.",
        ),
        split(
            "A zeal for different opinions concerning religion, concerning government, and many other points, as well of speculation as of practice, an attachment to different leaders ambitiously contending for pre-eminence and power, or to persons of other descriptions whose fortunes have been interesting to the human passions, have, in turn, divided mankind into parties, inflamed them with mutual animosity, and rendered them much more disposed to vex and oppress each other than to co-operate for their common good.",
            "Zeal for different opinions about religion, about government, and about many other matters of theory and practice has divided mankind into parties.",
            "So has attachment to rival leaders contending for pre-eminence and power, or to other persons whose fortunes have stirred the human passions.",
            "These divisions have inflamed men with mutual animosity and made them far more disposed to vex and oppress each other than to co-operate for their common good.",
        ),
        same("But the most common and durable source of factions has been the various and unequal distribution of property."),
        merge(
            [
                "Those who hold and those who are without property have ever formed distinct interests in society.",
                "Those who are creditors, and those who are debtors, fall under a like discrimination.",
            ],
            "Those who hold property and those who are without it have always formed distinct interests in society, and so have creditors and debtors.",
        ),
        split(
            "A landed interest, a manufacturing interest, a mercantile interest, a moneyed interest, with many lesser interests, grow up of necessity in civilized nations, and divide them into different classes, actuated by different sentiments and views.",
            "A landed interest, a manufacturing interest, a mercantile interest, a moneyed interest, and many lesser interests grow up of necessity in civilized nations.",
            "They divide those nations into different classes, moved by different sentiments and views.",
        ),
        same("The regulation of these various and interfering interests forms the principal task of modern legislation, and involves the spirit of party and faction in the necessary and ordinary operations of the government."),
        same("No man is allowed to be a judge in his own cause, because his interest would certainly bias his judgment, and, not improbably, corrupt his integrity."),
        edit(
            "With equal, nay with greater reason, a body of men are unfit to be both judges and parties at the same time.",
            "With equal, indeed greater, reason, a body of men is unfit to be both judge and party at the same time.",
        ),
        merge(
            [
                "It is in vain to say that enlightened statesmen will be able to adjust these clashing interests, and render them all subservient to the public good.",
                "Enlightened statesmen will not always be at the helm.",
            ],
            "It is in vain to say that enlightened statesmen will be able to adjust these clashing interests and make them all serve the public good, for enlightened statesmen will not always be at the helm.",
        ),
    ],
    [
        split(
            "The inference to which we are brought is, that the causes of faction cannot be removed, and that relief is only to be sought in the means of controlling its effects.",
            "The inference is clear.",
            "The causes of faction cannot be removed, and relief is to be sought only in the means of controlling its effects.",
        ),
        same("If a faction consists of less than a majority, relief is supplied by the republican principle, which enables the majority to defeat its sinister views by regular vote."),
        same("It may clog the administration, it may convulse the society; but it will be unable to execute and mask its violence under the forms of the Constitution."),
        edit(
            "When a majority is included in a faction, the form of popular government, on the other hand, enables it to sacrifice to its ruling passion or interest both the public good and the rights of other citizens.",
            "When a faction includes a majority, however, popular government enables it to sacrifice both the public good and the rights of other citizens to its ruling passion or interest.",
        ),
        split(
            "To secure the public good and private rights against the danger of such a faction, and at the same time to preserve the spirit and the form of popular government, is then the great object to which our inquiries are directed.",
            "The great object of our inquiry, then, is to secure the public good and private rights against the danger of such a faction.",
            "At the same time, we must preserve the spirit and the form of popular government.",
        ),
        delete("Let me add that it is the great desideratum by which this form of government can be rescued from the opprobrium under which it has so long labored, and be recommended to the esteem and adoption of mankind."),
    ],
    [
        split(
            "From this view of the subject it may be concluded that a pure democracy, by which I mean a society consisting of a small number of citizens, who assemble and administer the government in person, can admit of no cure for the mischiefs of faction.",
            "From this view of the subject it may be concluded that a pure democracy can admit of no cure for the mischiefs of faction.",
            "By a pure democracy I mean a society of a small number of citizens who assemble and administer the government in person.",
        ),
        split(
            "Hence it is that such democracies have ever been spectacles of turbulence and contention; have ever been found incompatible with personal security or the rights of property; and have in general been as short in their lives as they have been violent in their deaths.",
            "Hence such democracies have always been spectacles of turbulence and contention, incompatible with personal security or the rights of property.",
            "In general, they have been as short in their lives as they have been violent in their deaths.",
        ),
        edit(
            "A republic, by which I mean a government in which the scheme of representation takes place, opens a different prospect, and promises the cure for which we are seeking.",
            "A republic, by which I mean a government in which the scheme of representation takes place, opens a different prospect and promises the cure we are seeking.",
        ),
        split(
            "The two great points of difference between a democracy and a republic are: first, the delegation of the government, in the latter, to a small number of citizens elected by the rest; secondly, the greater number of citizens, and greater sphere of country, over which the latter may be extended.",
            "The two great points of difference are these.",
            "First, a republic delegates the government to a small number of citizens elected by the rest; second, it may be extended over a greater number of citizens and a greater sphere of country.",
        ),
        split(
            "The effect of the first difference is, on the one hand, to refine and enlarge the public views, by passing them through the medium of a chosen body of citizens, whose wisdom may best discern the true interest of their country, and whose patriotism and love of justice will be least likely to sacrifice it to temporary or partial considerations.",
            "The effect of the first difference is to refine and enlarge the public views by passing them through a chosen body of citizens.",
            "Their wisdom may best discern the true interest of their country, and their patriotism and love of justice will be least likely to sacrifice it to temporary or partial considerations.",
        ),
        same("Under such a regulation, it may well happen that the public voice, pronounced by the representatives of the people, will be more consonant to the public good than if pronounced by the people themselves, convened for the purpose."),
        same("On the other hand, the effect may be inverted."),
        same("Men of factious tempers, of local prejudices, or of sinister designs, may, by intrigue, by corruption, or by other means, first obtain the suffrages, and then betray the interests, of the people."),
    ],
    [
        same("The smaller the society, the fewer probably will be the distinct parties and interests composing it; the fewer the distinct parties and interests, the more frequently will a majority be found of the same party."),
        split(
            "Extend the sphere, and you take in a greater variety of parties and interests; you make it less probable that a majority of the whole will have a common motive to invade the rights of other citizens; or if such a common motive exists, it will be more difficult for all who feel it to discover their own strength, and to act in unison with each other.",
            "Extend the sphere, and you take in a greater variety of parties and interests.",
            "You make it less probable that a majority of the whole will have a common motive to invade the rights of other citizens.",
            "Even if such a motive exists, it will be harder for all who feel it to discover their own strength and act in unison.",
        ),
        same("The influence of factious leaders may kindle a flame within their particular States, but will be unable to spread a general conflagration through the other States."),
        edit(
            "A religious sect may degenerate into a political faction in a part of the Confederacy; but the variety of sects dispersed over the entire face of it must secure the national councils against any danger from that source.",
            "A religious sect may degenerate into a political faction in one part of the Confederacy, but the variety of sects spread over the whole of it must protect the national councils from any danger from that source.",
        ),
        add("The same holds for a rage for paper money, for an abolition of debts, or for an equal division of property."),
        same("In the extent and proper structure of the Union, therefore, we behold a republican remedy for the diseases most incident to republican government."),
        edit(
            "And according to the degree of pleasure and pride we feel in being republicans, ought to be our zeal in cherishing the spirit and supporting the character of Federalists.",
            "And the more pleasure and pride we take in being republicans, the greater should be our zeal in cherishing the spirit and supporting the character of Federalists.",
        ),
    ],
]
