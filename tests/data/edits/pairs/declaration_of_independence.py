"""The Declaration of Independence and a school-reader edition of it."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "The Declaration of Independence"
SOURCE = "Adapted from the Declaration of Independence (4 July 1776); the grievances condensed and partly recast as sentences"
LICENCE = "public domain (1776)"
EDITING = (
    "school-reader edition: the longest periods cut into two or three sentences, archaic spelling and a few "
    "obscure words modernised, two grievances on justice grouped together, one grievance dropped for length"
)

PARAGRAPHS = [
    [
        split(
            "When in the Course of human events, it becomes necessary for one people to dissolve the political bands which have connected them with another, and to assume among the powers of the earth, the separate and equal station to which the Laws of Nature and of Nature's God entitle them, a decent respect to the opinions of mankind requires that they should declare the causes which impel them to the separation.",
            "When in the Course of human events it becomes necessary for one people to dissolve the political bands which have connected them with another, and to assume among the powers of the earth the separate and equal station to which the Laws of Nature and of Nature's God entitle them, they owe the world an explanation.",
            "A decent respect to the opinions of mankind requires that they should declare the causes which impel them to the separation.",
        ),
    ],
    [
        same("We hold these truths to be self-evident, that all men are created equal, that they are endowed by their Creator with certain unalienable Rights, that among these are Life, Liberty and the pursuit of Happiness."),
        split(
            "That to secure these rights, Governments are instituted among Men, deriving their just powers from the consent of the governed, That whenever any Form of Government becomes destructive of these ends, it is the Right of the People to alter or to abolish it, and to institute new Government, laying its foundation on such principles and organizing its powers in such form, as to them shall seem most likely to effect their Safety and Happiness.",
            "That to secure these rights, Governments are instituted among Men, deriving their just powers from the consent of the governed.",
            "Whenever any Form of Government becomes destructive of these ends, it is the Right of the People to alter or to abolish it, and to institute new Government, laying its foundation on such principles and organizing its powers in such form, as to them shall seem most likely to effect their Safety and Happiness.",
        ),
        split(
            "Prudence, indeed, will dictate that Governments long established should not be changed for light and transient causes; and accordingly all experience hath shewn, that mankind are more disposed to suffer, while evils are sufferable, than to right themselves by abolishing the forms to which they are accustomed.",
            "Prudence, indeed, will dictate that Governments long established should not be changed for light and transient causes.",
            "Experience has shown that people would rather suffer while evils are bearable than right themselves by abolishing the forms they are used to.",
        ),
        same("But when a long train of abuses and usurpations, pursuing invariably the same Object evinces a design to reduce them under absolute Despotism, it is their right, it is their duty, to throw off such Government, and to provide new Guards for their future security."),
        edit(
            "Such has been the patient sufferance of these Colonies; and such is now the necessity which constrains them to alter their former Systems of Government.",
            "Such has been the patient sufferance of these Colonies, and such is now the necessity which compels them to alter their former Systems of Government.",
        ),
        split(
            "The history of the present King of Great Britain is a history of repeated injuries and usurpations, all having in direct object the establishment of an absolute Tyranny over these States.",
            "The history of the present King of Great Britain is a history of repeated injuries and usurpations.",
            "Each of them aims directly at an absolute Tyranny over these States.",
        ),
        same("To prove this, let Facts be submitted to a candid world."),
    ],
    [
        same("He has refused his Assent to Laws, the most wholesome and necessary for the public good."),
        split(
            "He has forbidden his Governors to pass Laws of immediate and pressing importance, unless suspended in their operation till his Assent should be obtained; and when so suspended, he has utterly neglected to attend to them.",
            "He has forbidden his Governors to pass Laws of immediate and pressing importance unless their operation was suspended until his Assent could be obtained.",
            "He has then utterly neglected to attend to them.",
        ),
        split(
            "He has refused to pass other Laws for the accommodation of large districts of people, unless those people would relinquish the right of Representation in the Legislature, a right inestimable to them and formidable to tyrants only.",
            "He has refused to pass other Laws for the accommodation of large districts of people unless those people would give up the right of Representation in the Legislature.",
            "That right is priceless to them and formidable only to tyrants.",
        ),
        same("He has called together legislative bodies at places unusual, uncomfortable, and distant from the depository of their public Records, for the sole purpose of fatiguing them into compliance with his measures."),
        edit(
            "He has dissolved Representative Houses repeatedly, for opposing with manly firmness his invasions on the rights of the people.",
            "He has repeatedly dissolved Representative Houses for opposing, with firmness, his invasions on the rights of the people.",
        ),
        same("He has obstructed the Administration of Justice, by refusing his Assent to Laws for establishing Judiciary powers."),
        move_to("jury"),
        same("He has made Judges dependent on his Will alone, for the tenure of their offices, and the amount and payment of their salaries."),
        edit(
            "He has erected a multitude of New Offices, and sent hither swarms of Officers to harrass our people, and eat out their substance.",
            "He has created a multitude of New Offices and sent swarms of Officers here to harass our people and eat out their substance.",
        ),
        merge(
            [
                "He has kept among us, in times of peace, Standing Armies without the Consent of our legislatures.",
                "He has affected to render the Military independent of and superior to the Civil power.",
            ],
            "He has kept Standing Armies among us in times of peace without the Consent of our legislatures, and has sought to make the Military independent of and superior to the Civil power.",
        ),
        split(
            "He has combined with others to subject us to a jurisdiction foreign to our constitution, and unacknowledged by our laws, giving his Assent to their Acts of pretended Legislation.",
            "He has combined with others to subject us to a jurisdiction foreign to our constitution and unacknowledged by our laws.",
            "He has given his Assent to their Acts of pretended Legislation.",
        ),
        split(
            "They have quartered large bodies of armed troops among us, and protected them, by a mock Trial, from punishment for any Murders which they should commit on the Inhabitants of these States.",
            "They have quartered large bodies of armed troops among us.",
            "By a mock Trial, they have shielded those troops from punishment for any Murders they commit on the Inhabitants of these States.",
        ),
        split(
            "They have cut off our Trade with all parts of the world, and imposed Taxes on us without our Consent.",
            "They have cut off our Trade with all parts of the world.",
            "They have imposed Taxes on us without our Consent.",
        ),
        move_from("jury", "They have deprived us in many cases, of the benefits of Trial by Jury."),
        same("They have transported us beyond Seas to be tried for pretended offences."),
        delete("They have abolished the free System of English Laws in a neighbouring Province, establishing therein an Arbitrary government, and enlarging its Boundaries so as to render it at once an example and fit instrument for introducing the same absolute rule into these Colonies."),
        same("He has abdicated Government here, by declaring us out of his Protection and waging War against us."),
        same("He has plundered our seas, ravaged our Coasts, burnt our towns, and destroyed the lives of our people."),
        split(
            "He is at this time transporting large Armies of foreign Mercenaries to compleat the works of death, desolation and tyranny, already begun with circumstances of Cruelty & perfidy scarcely paralleled in the most barbarous ages, and totally unworthy the Head of a civilized nation.",
            "He is at this time transporting large Armies of foreign Mercenaries to complete the works of death, desolation and tyranny already begun.",
            "Those works began with a Cruelty and perfidy scarcely paralleled in the most barbarous ages and totally unworthy of the Head of a civilized nation.",
        ),
        edit(
            "He has excited domestic insurrections amongst us, and has endeavoured to bring on the inhabitants of our frontiers a merciless warfare, whose known rule is an undistinguished destruction of all ages, sexes and conditions.",
            "He has stirred up insurrections among us and has tried to bring upon the people of our frontiers a merciless warfare that spares no age, sex or condition.",
        ),
    ],
    [
        split(
            "In every stage of these Oppressions We have Petitioned for Redress in the most humble terms: Our repeated Petitions have been answered only by repeated injury.",
            "In every stage of these Oppressions We have Petitioned for Redress in the most humble terms.",
            "Our repeated Petitions have been answered only by repeated injury.",
        ),
        same("A Prince whose character is thus marked by every act which may define a Tyrant, is unfit to be the ruler of a free people."),
        add("No free people can be asked to accept such a Prince as its ruler."),
        edit(
            "Nor have We been wanting in attentions to our Brittish brethren.",
            "Nor have We failed in our attentions to our British brethren.",
        ),
        merge(
            [
                "We have warned them from time to time of attempts by their legislature to extend an unwarrantable jurisdiction over us.",
                "We have reminded them of the circumstances of our emigration and settlement here.",
            ],
            "We have warned them from time to time of attempts by their legislature to extend an unwarrantable jurisdiction over us, and we have reminded them of the circumstances of our emigration and settlement here.",
        ),
        split(
            "We have appealed to their native justice and magnanimity, and we have conjured them by the ties of our common kindred to disavow these usurpations, which, would inevitably interrupt our connections and correspondence.",
            "We have appealed to their native justice and magnanimity.",
            "We have conjured them, by the ties of our common kindred, to disavow these usurpations, which would inevitably interrupt our connections and correspondence.",
        ),
        same("They too have been deaf to the voice of justice and of consanguinity."),
        edit(
            "We must, therefore, acquiesce in the necessity, which denounces our Separation, and hold them, as we hold the rest of mankind, Enemies in War, in Peace Friends.",
            "We must, therefore, accept the necessity that announces our Separation, and hold them, as we hold the rest of mankind, Enemies in War, in Peace Friends.",
        ),
    ],
    [
        split(
            "We, therefore, the Representatives of the united States of America, in General Congress, Assembled, appealing to the Supreme Judge of the world for the rectitude of our intentions, do, in the Name, and by Authority of the good People of these Colonies, solemnly publish and declare, That these United Colonies are, and of Right ought to be Free and Independent States; that they are Absolved from all Allegiance to the British Crown, and that all political connection between them and the State of Great Britain, is and ought to be totally dissolved; and that as Free and Independent States, they have full Power to levy War, conclude Peace, contract Alliances, establish Commerce, and to do all other Acts and Things which Independent States may of right do.",
            "We, therefore, the Representatives of the united States of America, in General Congress assembled, appealing to the Supreme Judge of the world for the rectitude of our intentions, do, in the Name and by Authority of the good People of these Colonies, solemnly publish and declare that these United Colonies are, and of Right ought to be, Free and Independent States.",
            "They are Absolved from all Allegiance to the British Crown, and all political connection between them and the State of Great Britain is and ought to be totally dissolved.",
            "As Free and Independent States, they have full Power to levy War, conclude Peace, contract Alliances, establish Commerce, and do all other Acts and Things which Independent States may of right do.",
        ),
        same("And for the support of this Declaration, with a firm reliance on the protection of divine Providence, we mutually pledge to each other our Lives, our Fortunes and our sacred Honor."),
    ],
]
