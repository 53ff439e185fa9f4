"""Mill's On Liberty, chapter I (excerpts), and a study edition of it."""

from edit_ops import JOIN_B, add, delete, edit, merge, same, split

TITLE = "On Liberty, Chapter I: Introductory (excerpts)"
SOURCE = "Adapted from John Stuart Mill, On Liberty (1859), Chapter I; selected paragraphs"
LICENCE = "public domain (published 1859)"
EDITING = (
    "study edition: Victorian periods divided, two fragments completed, a one-line lead-in absorbed into the "
    "sentence it introduces, one sentence cut, one explanatory sentence added and the last paragraph joined to the one before"
)

PARAGRAPHS = [
    [
        split(
            "The subject of this Essay is not the so-called Liberty of the Will, so unfortunately opposed to the misnamed doctrine of Philosophical Necessity; but Civil, or Social Liberty: the nature and limits of the power which can be legitimately exercised by society over the individual.",
            "The subject of this Essay is not the so-called Liberty of the Will, so unfortunately opposed to the misnamed doctrine of Philosophical Necessity.",
            "It is Civil, or Social, Liberty: the nature and limits of the power which society can legitimately exercise over the individual.",
        ),
        split(
            "It is a question seldom stated, and hardly ever discussed, in general terms, but it profoundly influences the practical controversies of the age by its latent presence, and is likely soon to make itself recognised as the vital question of the future.",
            "It is a question seldom stated, and hardly ever discussed, in general terms.",
            "Yet its hidden presence shapes the practical controversies of the age, and it may soon be recognised as the vital question of the future.",
        ),
        split(
            "It is so far from being new, that, in a certain sense, it has divided mankind, almost from the remotest ages; but in the stage of progress into which the more civilized portions of the species have now entered, it presents itself under new conditions, and requires a different and more fundamental treatment.",
            "It is far from new; in a certain sense, it has divided mankind almost from the remotest ages.",
            "But in the stage of progress which the more civilized portions of the species have now entered, it presents itself under new conditions and requires a different and more fundamental treatment.",
        ),
    ],
    [
        same("The struggle between Liberty and Authority is the most conspicuous feature in the portions of history with which we are earliest familiar, particularly in that of Greece, Rome, and England."),
        same("But in old times this contest was between subjects, or some classes of subjects, and the Government."),
        same("By liberty, was meant protection against the tyranny of the political rulers."),
        edit(
            "The rulers were conceived as in a necessarily antagonistic position to the people whom they ruled.",
            "The rulers were thought of as necessarily antagonistic to the people whom they ruled.",
        ),
        split(
            "The aim, therefore, of patriots was to set limits to the power which the ruler should be suffered to exercise over the community; and this limitation was what they meant by liberty.",
            "The aim of patriots, therefore, was to set limits to the power which the ruler should be allowed to exercise over the community.",
            "This limitation was what they meant by liberty.",
        ),
        merge(
            [
                "It was attempted in two ways.",
                "First, by obtaining a recognition of certain immunities, called political liberties or rights, which it was to be regarded as a breach of duty in the ruler to infringe.",
            ],
            "It was attempted in two ways, first by obtaining recognition of certain immunities, called political liberties or rights, which the ruler could not infringe without a breach of duty.",
        ),
        split(
            "A second, and generally a later expedient, was the establishment of constitutional checks, by which the consent of the community, or of a body of some sort, supposed to represent its interests, was made a necessary condition to some of the more important acts of the governing power.",
            "A second, and generally later, expedient was the establishment of constitutional checks.",
            "Under them, the consent of the community, or of some body supposed to represent its interests, became a necessary condition of the more important acts of the governing power.",
        ),
    ],
    [
        same("A time, however, came, in the progress of human affairs, when men ceased to think it a necessity of nature that their governors should be an independent power, opposed in interest to themselves."),
        same("It appeared to them much better that the various magistrates of the State should be their tenants or delegates, revocable at their pleasure."),
        delete("In that way alone, it seemed, could they have complete security that the powers of government would never be abused to their disadvantage."),
        same("But, in political and philosophical theories, as well as in persons, success discloses faults and infirmities which failure might have concealed from observation."),
        edit(
            "The notion, that the people have no need to limit their power over themselves, might seem axiomatic, when popular government was a thing only dreamed about, or read of as having existed at some distant period of the past.",
            "The notion that the people have no need to limit their power over themselves might seem axiomatic while popular government was only dreamed about, or read of as something that had existed in some distant past.",
        ),
        same("It was now perceived that such phrases as \"self-government,\" and \"the power of the people over themselves,\" do not express the true state of the case."),
        split(
            "The \"people\" who exercise the power are not always the same people with those over whom it is exercised; and the \"self-government\" spoken of is not the government of each by himself, but of each by all the rest.",
            "The \"people\" who exercise the power are not always the same people with those over whom it is exercised.",
            "And the \"self-government\" spoken of is not the government of each by himself, but of each by all the rest.",
        ),
        edit(
            "The will of the people, moreover, practically means the will of the most numerous or the most active part of the people; the majority, or those who succeed in making themselves accepted as the majority.",
            "Moreover, the will of the people in practice means the will of the most numerous or most active part of the people: the majority, or those who succeed in making themselves accepted as the majority.",
        ),
        add("This majority is not the whole people, however loudly it may claim to speak for the people."),
        same("The limitation, therefore, of the power of government over individuals loses none of its importance when the holders of power are regularly accountable to the community."),
        same("In political speculations \"the tyranny of the majority\" is now generally included among the evils against which society requires to be on its guard."),
    ],
    [
        same("Like other tyrannies, the tyranny of the majority was at first, and is still vulgarly, held in dread, chiefly as operating through the acts of the public authorities."),
        same("But reflecting persons perceived that when society is itself the tyrant, its means of tyrannizing are not restricted to the acts which it may do by the hands of its political functionaries."),
        split(
            "Society can and does execute its own mandates: and if it issues wrong mandates instead of right, or any mandates at all in things with which it ought not to meddle, it practises a social tyranny more formidable than many kinds of political oppression, since, though not usually upheld by such extreme penalties, it leaves fewer means of escape, penetrating much more deeply into the details of life, and enslaving the soul itself.",
            "Society can and does execute its own mandates.",
            "If it issues wrong mandates instead of right ones, or any mandates at all in things with which it ought not to meddle, it practises a social tyranny more formidable than many kinds of political oppression.",
            "Such tyranny is not usually upheld by such extreme penalties, but it leaves fewer means of escape, penetrating much more deeply into the details of life and enslaving the soul itself.",
        ),
        split(
            "Protection, therefore, against the tyranny of the magistrate is not enough: there needs protection also against the tyranny of the prevailing opinion and feeling.",
            "Protection against the tyranny of the magistrate is therefore not enough.",
            "We also need protection against the tyranny of the prevailing opinion and feeling.",
        ),
        edit(
            "There is a limit to the legitimate interference of collective opinion with individual independence: and to find that limit, and maintain it against encroachment, is as indispensable to a good condition of human affairs, as protection against political despotism.",
            "Collective opinion may legitimately interfere with individual independence only so far; finding that limit and defending it against encroachment matters as much to a good condition of human affairs as protection against political despotism.",
        ),
    ],
    [
        split(
            "The object of this Essay is to assert one very simple principle, as entitled to govern absolutely the dealings of society with the individual in the way of compulsion and control, whether the means used be physical force in the form of legal penalties, or the moral coercion of public opinion.",
            "This Essay asserts one very simple principle.",
            "That principle is entitled to govern absolutely the dealings of society with the individual in the way of compulsion and control, whether the means used are physical force in the form of legal penalties or the moral coercion of public opinion.",
        ),
        same("That principle is, that the sole end for which mankind are warranted, individually or collectively, in interfering with the liberty of action of any of their number, is self-protection."),
        same("The only purpose for which power can be rightfully exercised over any member of a civilized community, against his will, is to prevent harm to others."),
        same("His own good, either physical or moral, is not a sufficient warrant."),
        edit(
            "He cannot rightfully be compelled to do or forbear because it will be better for him to do so, because it will make him happier, because, in the opinions of others, to do so would be wise, or even right.",
            "He cannot rightfully be compelled to do or forbear because it will be better for him, because it will make him happier, or because, in the opinions of others, doing so would be wise, or even right.",
        ),
        split(
            "These are good reasons for remonstrating with him, or reasoning with him, or persuading him, or entreating him, but not for compelling him, or visiting him with any evil in case he do otherwise.",
            "These are good reasons for remonstrating with him, reasoning with him, persuading him, or entreating him.",
            "They are not reasons for compelling him, or for visiting him with any evil if he does otherwise.",
        ),
        same("The only part of the conduct of any one, for which he is amenable to society, is that which concerns others."),
        same("In the part which merely concerns himself, his independence is, of right, absolute."),
        same("Over himself, over his own body and mind, the individual is sovereign."),
    ],
    [
        JOIN_B,
        same("It is, perhaps, hardly necessary to say that this doctrine is meant to apply only to human beings in the maturity of their faculties."),
        merge(
            [
                "We are not speaking of children, or of young persons below the age which the law may fix as that of manhood or womanhood.",
                "Those who are still in a state to require being taken care of by others, must be protected against their own actions as well as against external injury.",
            ],
            "We are not speaking of children or of young persons below the age of majority fixed by law; those who still need to be taken care of by others must be protected against their own actions as well as against external injury.",
        ),
    ],
]
