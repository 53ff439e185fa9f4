"""The Federalist No. 51 and a modern-English edition of it."""

from edit_ops import add, delete, edit, merge, move_from, move_to, same, split

TITLE = "The Federalist No. 51: The Structure of the Government Must Furnish the Proper Checks and Balances"
SOURCE = "Adapted and abridged from The Federalist No. 51 (1788, attributed to James Madison)"
LICENCE = "public domain (published 1788)"
EDITING = (
    "modern-English reading edition: long periods cut, the archaic subjunctive modernised, short sentences "
    "on one idea combined, one dated example dropped, one sentence moved after the sentence it concludes"
)

PARAGRAPHS = [
    [
        edit(
            "To what expedient, then, shall we finally resort, for maintaining in practice the necessary partition of power among the several departments, as laid down in the Constitution?",
            "What means, then, shall we finally use to maintain in practice the necessary division of power among the several departments laid down in the Constitution?",
        ),
        split(
            "The only answer that can be given is, that as all these exterior provisions are found to be inadequate, the defect must be supplied, by so contriving the interior structure of the government as that its several constituent parts may, by their mutual relations, be the means of keeping each other in their proper places.",
            "Since all exterior provisions are found to be inadequate, the only answer is to supply the defect from within.",
            "The interior structure of the government must be so contrived that its several parts, by their mutual relations, keep each other in their proper places.",
        ),
        same("Without presuming to undertake a full development of this important idea, I will hazard a few general observations, which may perhaps place it in a clearer light, and enable us to form a more correct judgment of the principles and structure of the government planned by the convention."),
    ],
    [
        same("In order to lay a due foundation for that separate and distinct exercise of the different powers of government, which to a certain extent is admitted on all hands to be essential to the preservation of liberty, it is evident that each department should have a will of its own."),
        edit(
            "Consequently each should be so constituted that the members of each should have as little agency as possible in the appointment of the members of the others.",
            "Each should therefore be so constituted that its members have as little agency as possible in the appointment of the members of the others.",
        ),
        same("Were this principle rigorously adhered to, it would require that all the appointments for the supreme executive, legislative, and judiciary magistracies should be drawn from the same fountain of authority, the people, through channels having no communication whatever with one another."),
        same("Some deviations, therefore, from the principle must be admitted."),
        split(
            "In the constitution of the judiciary department in particular, it might be inexpedient to insist rigorously on the principle: first, because peculiar qualifications being essential in the members, the primary consideration ought to be to select that mode of choice which best secures these qualifications; secondly, because the permanent tenure by which the appointments are held in that department, must soon destroy all sense of dependence on the authority conferring them.",
            "In constituting the judiciary department in particular, it might be unwise to insist rigorously on the principle.",
            "First, its members need peculiar qualifications, so the primary consideration ought to be the mode of choice which best secures them.",
            "Second, the permanent tenure by which appointments in that department are held must soon destroy all sense of dependence on the authority that conferred them.",
        ),
    ],
    [
        same("But the great security against a gradual concentration of the several powers in the same department, consists in giving to those who administer each department the necessary constitutional means and personal motives to resist encroachments of the others."),
        same("The provision for defense must in this, as in all other cases, be made commensurate to the danger of attack."),
        same("Ambition must be made to counteract ambition."),
        same("The interest of the man must be connected with the constitutional rights of the place."),
        add("The man's own interest will then defend the rights of his place."),
        same("It may be a reflection on human nature, that such devices should be necessary to control the abuses of government."),
        same("But what is government itself, but the greatest of all reflections on human nature?"),
        same("If men were angels, no government would be necessary."),
        same("If angels were to govern men, neither external nor internal controls on government would be necessary."),
        split(
            "In framing a government which is to be administered by men over men, the great difficulty lies in this: you must first enable the government to control the governed; and in the next place oblige it to control itself.",
            "In framing a government which is to be administered by men over men, the great difficulty lies in this.",
            "You must first enable the government to control the governed.",
            "Then you must oblige it to control itself.",
        ),
        split(
            "A dependence on the people is, no doubt, the primary control on the government; but experience has taught mankind the necessity of auxiliary precautions.",
            "A dependence on the people is, no doubt, the primary control on the government.",
            "But experience has taught mankind the necessity of auxiliary precautions.",
        ),
    ],
    [
        edit(
            "This policy of supplying, by opposite and rival interests, the defect of better motives, might be traced through the whole system of human affairs, private as well as public.",
            "This policy of making up for the lack of better motives through opposite and rival interests can be traced through the whole system of human affairs, private as well as public.",
        ),
        split(
            "We see it particularly displayed in all the subordinate distributions of power, where the constant aim is to divide and arrange the several offices in such a manner as that each may be a check on the other.",
            "We see it particularly in all the subordinate distributions of power.",
            "There the constant aim is to divide and arrange the several offices so that each may be a check on the other.",
        ),
        same("These inventions of prudence cannot be less requisite in the distribution of the supreme powers of the State."),
        merge(
            [
                "But it is not possible to give to each department an equal power of self-defense.",
                "In republican government, the legislative authority necessarily predominates.",
            ],
            "But it is not possible to give each department an equal power of self-defense, because in republican government the legislative authority necessarily predominates.",
        ),
        split(
            "The remedy for this inconveniency is to divide the legislature into different branches; and to render them, by different modes of election and different principles of action, as little connected with each other as the nature of their common functions and their common dependence on the society will admit.",
            "The remedy for this inconvenience is to divide the legislature into different branches.",
            "Different modes of election and different principles of action should make the branches as little connected with each other as their common functions and their common dependence on the society will admit.",
        ),
        same("As the weight of the legislative authority requires that it should be thus divided, the weakness of the executive may require, on the other hand, that it should be fortified."),
        merge(
            [
                "An absolute negative on the legislature appears, at first view, to be the natural defense with which the executive magistrate should be armed.",
                "But perhaps it would be neither altogether safe nor alone sufficient.",
            ],
            "An absolute veto over the legislature might at first seem the executive's natural defense, but it would be neither altogether safe nor sufficient on its own.",
        ),
        delete("On ordinary occasions it might not be exerted with the requisite firmness, and on extraordinary occasions it might be perfidiously abused."),
    ],
    [
        same("There are, moreover, two considerations particularly applicable to the federal system of America, which place that system in a very interesting point of view."),
        split(
            "First, in a single republic, all the power surrendered by the people is submitted to the administration of a single government; and the usurpations are guarded against by a division of the government into distinct and separate departments.",
            "First, in a single republic, all the power surrendered by the people is submitted to the administration of a single government.",
            "Usurpations are guarded against by dividing that government into separate departments.",
        ),
        same("In the compound republic of America, the power surrendered by the people is first divided between two distinct governments, and then the portion allotted to each subdivided among distinct and separate departments."),
        move_from("double", "Hence a double security arises to the rights of the people."),
        edit(
            "The different governments will control each other, at the same time that each will be controlled by itself.",
            "The different governments will control each other, while each will at the same time be controlled by itself.",
        ),
        move_to("double"),
    ],
    [
        split(
            "Second, it is of great importance in a republic not only to guard the society against the oppression of its rulers, but to guard one part of the society against the injustice of the other part.",
            "The second consideration is this.",
            "In a republic it is of great importance not only to guard the society against the oppression of its rulers but also to guard one part of the society against the injustice of the other.",
        ),
        same("Different interests necessarily exist in different classes of citizens."),
        edit(
            "If a majority be united by a common interest, the rights of the minority will be insecure.",
            "If a majority is united by a common interest, the rights of the minority will be insecure.",
        ),
        split(
            "Whilst all authority in the federal republic will be derived from and dependent on the society, the society itself will be broken into so many parts, interests, and classes of citizens, that the rights of individuals, or of the minority, will be in little danger from interested combinations of the majority.",
            "All authority in the federal republic will be derived from and dependent on the society.",
            "But the society itself will be broken into so many parts, interests, and classes of citizens that the rights of individuals, or of the minority, will be in little danger from interested combinations of the majority.",
        ),
        merge(
            [
                "In a free government the security for civil rights must be the same as that for religious rights.",
                "It consists in the one case in the multiplicity of interests, and in the other in the multiplicity of sects.",
            ],
            "In a free government the security for civil rights must be the same as that for religious rights: in the one case it consists in the multiplicity of interests, and in the other in the multiplicity of sects.",
        ),
    ],
    [
        merge(
            [
                "Justice is the end of government.",
                "It is the end of civil society.",
                "It ever has been and ever will be pursued until it be obtained, or until liberty be lost in the pursuit.",
            ],
            "Justice is the end of government and of civil society, and it always has been and always will be pursued until it is obtained or until liberty is lost in the pursuit.",
        ),
        delete("It can be little doubted that if the State of Rhode Island was separated from the Confederacy and left to itself, the insecurity of rights under the popular form of government within such narrow limits would be displayed by such reiterated oppressions of factious majorities that some power altogether independent of the people would soon be called for by the voice of the very factions whose misrule had proved the necessity of it."),
        same("In the extended republic of the United States, and among the great variety of interests, parties, and sects which it embraces, a coalition of a majority of the whole society could seldom take place on any other principles than those of justice and the general good."),
        edit(
            "It is no less certain than it is important, notwithstanding the contrary opinions which have been entertained, that the larger the society, provided it lie within a practical sphere, the more duly capable it will be of self-government.",
            "Contrary opinions notwithstanding, it is both certain and important that the larger a society is, provided it stays within a practical sphere, the better able it will be to govern itself.",
        ),
        same("And happily for the republican cause, the practicable sphere may be carried to a very great extent, by a judicious modification and mixture of the federal principle."),
    ],
]
